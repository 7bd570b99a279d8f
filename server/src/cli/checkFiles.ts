/**
 * What `rollmark check` reads: the files and folders named, walked for `*.md`, or standard
 * input (`-`); read through the one file-system layer (node/projectFs.ts), under the same
 * policy as the server's project files. docs/cli.en.md, "Which files are checked".
 */
import type { Dirent } from 'node:fs';
import { lstat, readdir, stat } from 'node:fs/promises';
import * as path from 'node:path';
import type { FileRefusal } from '../analysis/project/fileRefusal';
import { readUserFile, resolveUnder } from '../node/projectFs';
import { decodeText, isSkippedFolder, MAX_SCENARIO_FILE_BYTES, type TextRead } from '../service';
import { UsageError } from './io';

/** The argument naming standard input. */
export const STDIN = '-';

export type Target = { kind: 'file'; path: string } | { kind: 'stdin' } | { kind: 'skipped'; path: string; refusal: FileRefusal };

const isScenario = (name: string) => name.toLowerCase().endsWith('.md');

/**
 * A folder's `*.md` files, in name order. Links are followed only to files inside the folder
 * named on the command line, never to folders (no loops, no trips elsewhere); a FIFO, socket
 * or device named `*.md` is never opened. Each is said as skipped.
 */
async function walk(root: string, dir: string, found: Target[]): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    found.push({ kind: 'skipped', path: dir, refusal: { reason: 'unreadable', detail: (error as { code?: string }).code ?? 'EIO' } });
    return;
  }
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!isSkippedFolder(entry.name)) await walk(root, full, found);
    } else if (entry.isFile()) {
      if (isScenario(entry.name)) found.push({ kind: 'file', path: full });
    } else if (entry.isSymbolicLink()) {
      // stat only looks at the target (never opens it): a folder is not walked into, wherever it is.
      if ((await stat(full).catch(() => undefined))?.isDirectory()) {
        if (!isSkippedFolder(entry.name)) found.push({ kind: 'skipped', path: full, refusal: { reason: 'not-a-regular-file', detail: 'folder-link' } });
        continue;
      }
      if (!isScenario(entry.name)) continue;
      const resolved = await resolveUnder(root, full);
      if (resolved.kind === 'refused') found.push({ kind: 'skipped', path: full, refusal: resolved.refusal });
      else if (resolved.kind === 'found') found.push({ kind: 'file', path: full });
    } else if (isScenario(entry.name)) {
      found.push({ kind: 'skipped', path: full, refusal: { reason: 'not-a-regular-file', detail: entry.isFIFO() ? 'fifo' : entry.isSocket() ? 'socket' : 'device' } });
    }
  }
}

/**
 * Folders are walked for `*.md`; files named explicitly are checked whatever their extension
 * (their links followed: the user named them), and `-` is standard input.
 */
export async function collectFiles(targets: readonly string[]): Promise<Target[]> {
  const found: Target[] = [];
  for (const target of targets) {
    if (target === STDIN) {
      found.push({ kind: 'stdin' });
      continue;
    }
    const info = await stat(target).catch(() => undefined);
    if (info?.isDirectory()) await walk(target, target, found);
    else if (info || (await lstat(target).catch(() => undefined))) found.push({ kind: 'file', path: target });
    else throw new UsageError(`no such file or directory: ${target}`);
  }
  const seen = new Set<string>();
  return found.filter((t) => {
    const key = t.kind === 'stdin' ? STDIN : t.path;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Standard input, read whole up to the limit, as text. */
export async function readStdin(input: AsyncIterable<Uint8Array>, maxBytes = MAX_SCENARIO_FILE_BYTES): Promise<TextRead> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of input) {
    length += chunk.length;
    if (length > maxBytes) return { kind: 'refused', refusal: { reason: 'too-large', limit: maxBytes } };
    chunks.push(chunk);
  }
  return decodeText(Buffer.concat(chunks));
}

/** A scenario file's text under the file policy. */
export function readScenario(file: string): Promise<TextRead> {
  return readUserFile(file, MAX_SCENARIO_FILE_BYTES);
}
