/**
 * What `rollmark check` and `rollmark report` both start with: the files and folders named on the
 * command line walked, each file read under the file policy (32 at a time: a campaign's thousands
 * of small files read in a fraction of the time one by one takes) with its project's files, and
 * what could not be read said on standard error.
 */
import * as path from 'node:path';
import { DEFAULT_MAX_DOCUMENT_MB, MEGABYTE, type RollmarkService } from '../service';
import { skippedFileNote, unreadFileMessage } from '../present/refusals';
import { voice } from '../present/voice';
import type { FileToAnalyze } from './analyzeFiles';
import { collectFiles, readScenario, readStdin } from './checkFiles';
import { type CliIo, UsageError } from './io';
import { CliProjects } from './projects';

/** The `--max-document-size-mb` option (check, report): the most a scenario is read and analysed up to, in bytes; 20 MB by default, as in the editor. */
export function maxDocumentBytes(option: string | undefined): number {
  if (option === undefined) return DEFAULT_MAX_DOCUMENT_MB * MEGABYTE;
  const megabytes = Number(option);
  if (!(megabytes >= 1 && megabytes <= 1024)) throw new UsageError(`--max-document-size-mb must be a number of megabytes from 1 to 1024, got "${option}"`);
  return megabytes * MEGABYTE;
}

/** Standard input's name in reports. */
export const STDIN_NAME = '<stdin>';

const READS_AT_ONCE = 32;

/** `work` for each item, up to `limit` at once, the results in the items' order. */
async function inOrder<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R> | undefined): Promise<(R | undefined)[]> {
  const results: (R | undefined)[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const k = next++;
      results[k] = await work(items[k]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

export interface ReadTargets {
  /** The files read, in the order named and walked, each with its path as reported. */
  files: (FileToAnalyze & { path: string })[];
  /** How many could not be read (each said on standard error). */
  unread: number;
  /** The projects the files belong to, loaded. */
  projects: CliProjects;
  /** Every scenario the run reads or was asked to (named or walked, read or not), absolute. The projects' files are all in `.rollmark/`. */
  inputs: string[];
}

/** Reads what `positionals` name, each file up to `maxBytes` (larger ones are not analysed); `command` prefixes the notes on standard error. */
export async function readTargets(command: string, positionals: readonly string[], io: CliIo, cwd: string, rollmark: RollmarkService, maxBytes: number): Promise<ReadTargets> {
  const projects = new CliProjects(cwd, rollmark);
  const files: ReadTargets['files'] = [];
  let unread = 0;
  const targets = await collectFiles(positionals);
  const inputs = targets.flatMap((t) => (t.kind === 'stdin' ? [] : [path.resolve(cwd, t.path)]));
  const reads = await inOrder(targets, READS_AT_ONCE, (target) => (target.kind === 'skipped' ? undefined : target.kind === 'stdin' ? readStdin(io.stdin?.() ?? process.stdin, maxBytes) : readScenario(target.path, maxBytes)));
  for (const [k, target] of targets.entries()) {
    const read = reads[k];
    if (target.kind === 'skipped' || !read) {
      if (target.kind === 'skipped') io.err(`rollmark ${command}: ${skippedFileNote(target.path, target.refusal, voice(io.locale))}\n`);
      continue;
    }
    const name = target.kind === 'stdin' ? STDIN_NAME : target.path;
    if (read.kind === 'refused') {
      io.err(`rollmark ${command}: ${unreadFileMessage(name, read.refusal, voice(io.locale))}\n`);
      unread++;
      continue;
    }
    const root = await projects.rootOf(target.kind === 'stdin' ? undefined : target.path);
    files.push({ path: name, text: read.text, root, config: await projects.config(root) });
  }
  return { files, unread, projects, inputs };
}
