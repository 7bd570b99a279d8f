import { readdir, stat } from 'node:fs/promises';
import * as path from 'node:path';
import { UsageError } from './io';

/** Folders a manuscript never lives in. */
const SKIPPED_DIRS = new Set(['node_modules', '.git', 'out', 'dist']);

async function walk(dir: string, found: string[]): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) await walk(full, found);
    } else if (entry.isFile() && entry.name.toLowerCase().endsWith('.md')) {
      found.push(full);
    }
  }
}

/** Directories are walked for `*.md`; files named explicitly are checked whatever their extension. */
export async function collectFiles(targets: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  for (const target of targets) {
    let info;
    try {
      info = await stat(target);
    } catch {
      throw new UsageError(`no such file or directory: ${target}`);
    }
    if (info.isDirectory()) await walk(target, files);
    else files.push(target);
  }
  return [...new Set(files)];
}
