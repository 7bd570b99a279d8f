import type { Locale } from '../present/locale';
import { showControls } from '../present/escape';
import { outputNotWrittenMessage } from '../present/fileWrites';

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

/** The exit code of a run whose reader closed the pipe (`rollmark check … | head -1`): a program stopped by SIGPIPE, 128 + 13. */
export const CLOSED_PIPE_EXIT = 141;

/**
 * Standard output that refuses a write ends the run, never with a stack trace: a reader that
 * closed the pipe (EPIPE) has all it wanted, so quietly; a full disk behind `>` with a message.
 */
function endOnOutputError(locale: Locale): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(CLOSED_PIPE_EXIT);
    try {
      process.stderr.write(`rollmark: ${outputNotWrittenMessage(error.code ?? 'EIO', locale)}\n`);
    } finally {
      process.exit(2);
    }
  });
  // Standard error gone too: nobody is left to tell.
  process.stderr.on('error', () => process.exit(2));
}

/**
 * The user's language as POSIX decides the language of messages: the first of LC_ALL, LC_MESSAGES
 * and LANG that is set and not empty (ROLLMARK_LOCALE before them); Russian when it is `ru…`.
 */
export function localeFromEnv(env: NodeJS.ProcessEnv): Locale {
  const lang = [env.ROLLMARK_LOCALE, env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value !== undefined && value !== '') ?? '';
  return lang.toLowerCase().startsWith('ru') ? 'ru' : 'en';
}

export function processIo(env: NodeJS.ProcessEnv = process.env): CliIo {
  const locale = localeFromEnv(env);
  endOnOutputError(locale);
  return {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    stdin: () => process.stdin,
    ...(process.stderr.isTTY ? { progress: (text: string | undefined) => process.stderr.write(text === undefined ? '\r\x1b[K' : `\r${text}\x1b[K`) } : {}),
    locale,
  };
}

/** A failure the user caused (bad arguments, a check the engine cannot take): exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * Numbers in JSON: 15 significant digits, so 0.061 does not print as 0.060999999999999985. A
 * control that would reorder or rewrite what is shown (U+202E, ESC) is written as its JSON escape:
 * the same string to a parser, inert in a terminal or a page that shows the file.
 */
export function toJson(value: unknown): string {
  return showControls(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'number' && !Number.isInteger(v) ? Number(v.toPrecision(15)) : v), 2));
}
