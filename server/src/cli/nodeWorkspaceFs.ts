import { readdir, readFile } from 'node:fs/promises';
import * as path from 'node:path';
import type { WorkspaceFs } from '../analysis/workspaceConfig';

/** The real file system under `root`; missing files and folders read as absent, not as errors. */
export function nodeWorkspaceFs(root: string): WorkspaceFs {
  return {
    async readFile(relative) {
      try {
        return await readFile(path.join(root, relative), 'utf8');
      } catch {
        return undefined;
      }
    },
    async listFiles(dir, extensions) {
      try {
        const entries = await readdir(path.join(root, dir), { withFileTypes: true });
        return entries.filter((e) => e.isFile() && extensions.some((ext) => e.name.endsWith(ext))).map((e) => path.posix.join(dir, e.name));
      } catch {
        return [];
      }
    },
  };
}
