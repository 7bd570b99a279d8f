/**
 * `-o FILE` of the commands that write one text (`report`, `dictionary`): never over a file the
 * same run reads, a scenario or a project file, and the text written atomically or printed. Each
 * command words a refusal itself (`notWritten`).
 */
import type { Stats } from 'node:fs';
import { realpath } from 'node:fs/promises';
import * as path from 'node:path';
import type { WriteRefusal } from '../analysis/project/fileRefusal';
import { writeOutput } from '../node/projectFs';
import { FileRefusedError } from '../service';
import type { CliIo } from './io';

/**
 * Why `target` (a real path) may not be written, if it may not: one of the run's `inputs`, a
 * scenario, or a file of `.rollmark/` other than `ownProjectFile` (`.rollmark/…`, the one project
 * file that is the command's own output).
 */
export async function overwritesInput(target: string, inputs: readonly string[], ownProjectFile?: string): Promise<WriteRefusal | undefined> {
  const reads = await Promise.all(inputs.map((input) => realpath(input).catch(() => input)));
  if (reads.includes(target)) return { reason: 'run-input' };
  if (target.toLowerCase().endsWith('.scenario.md')) return { reason: 'scenario' };
  const own = ownProjectFile !== undefined && target.split(path.sep).slice(-2).join('/') === ownProjectFile;
  if (target.split(path.sep).includes('.rollmark') && !own) return { reason: 'project-file' };
  return undefined;
}

/** Writes `text` to the target `-o` resolved to, or prints it without one; a refusal met while writing is `notWritten`'s exit code. */
export async function writeOrPrint(target: { real: string; previous?: Stats } | undefined, text: string, io: CliIo, notWritten: (refusal: WriteRefusal) => number): Promise<number | undefined> {
  if (!target) {
    io.out(text);
    return undefined;
  }
  try {
    await writeOutput(target, text);
    return undefined;
  } catch (error) {
    if (error instanceof FileRefusedError) return notWritten(error.refusal);
    throw error;
  }
}
