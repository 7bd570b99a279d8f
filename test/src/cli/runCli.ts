/** The `rollmark` command run in process, as a terminal runs it, keeping what it printed. */
import * as assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import type { Locale } from '../../../server/src/present/locale';
import type { CliIo } from '../../../server/src/cli/io';
import { main } from '../../../server/src/cli/main';

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

export interface CliRunOptions {
  /** What standard input holds (for `-`). */
  stdin?: string;
  /** English unless told. */
  locale?: Locale;
}

/** Standard error is not a terminal: no progress lines, as in a pipe or CI. */
export async function runCli(argv: readonly string[], options: CliRunOptions = {}): Promise<CliRun> {
  const { code, out, err } = await runCliWithProgress(argv, options, false);
  return { code, out, err };
}

/** Standard error is a terminal: the progress lines too (undefined clears the line). */
export async function runCliWithProgress(argv: readonly string[], options: CliRunOptions = {}, terminal = true): Promise<CliRun & { progress: (string | undefined)[] }> {
  const run = { code: 0, out: '', err: '', progress: [] as (string | undefined)[] };
  const io: CliIo = {
    out: (t) => void (run.out += t),
    err: (t) => void (run.err += t),
    stdin: () => Readable.from([Buffer.from(options.stdin ?? '')]),
    ...(terminal ? { progress: (t: string | undefined) => void run.progress.push(t) } : {}),
    locale: options.locale ?? 'en',
  };
  run.code = await main([...argv], io);
  return run;
}

/** `rollmark odds --json` of one check, parsed (English); the command must succeed. */
export async function oddsJson<T = Record<string, unknown>>(ruleset: string, check: string): Promise<T> {
  const { code, out, err } = await runCli(['odds', '--ruleset', ruleset, '--json', check]);
  assert.equal(code, 0, err);
  return JSON.parse(out) as T;
}
