import type { Locale } from '../present/locale';

/** Where the CLI writes; injected so tests run commands in-process. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** Standard input, for `rollmark check -` (default: the process's). */
  stdin?(): AsyncIterable<Uint8Array>;
  /** A progress line, redrawn in place on a terminal's standard error (absent when it is not a terminal); undefined clears it. */
  progress?(text: string | undefined): void;
  locale: Locale;
}

export function processIo(env: NodeJS.ProcessEnv = process.env): CliIo {
  const lang = env.ROLLMARK_LOCALE ?? env.LC_ALL ?? env.LC_MESSAGES ?? env.LANG ?? '';
  return {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    stdin: () => process.stdin,
    ...(process.stderr.isTTY ? { progress: (text: string | undefined) => process.stderr.write(text === undefined ? '\r\x1b[K' : `\r${text}\x1b[K`) } : {}),
    locale: lang.toLowerCase().startsWith('ru') ? 'ru' : 'en',
  };
}

/** A failure the user caused (bad arguments, a check the engine cannot take): exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Numbers in JSON: 15 significant digits, so 0.061 does not print as 0.060999999999999985. */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'number' && !Number.isInteger(v) ? Number(v.toPrecision(15)) : v), 2);
}
