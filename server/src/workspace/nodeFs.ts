/** The server's file system: workspace-relative paths under one workspace folder, on disk. */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { isInsideWorkspace, type WorkspaceFs } from '../analysis/workspaceConfig';

/** What the server needs beyond reading: the dictionary command writes the project dictionary. */
export interface WritableWorkspaceFs extends WorkspaceFs {
  writeFile(path: string, text: string): Promise<void>;
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

export function nodeWorkspaceFs(root: string): WritableWorkspaceFs {
  const resolve = (path: string): string => {
    // The analysis already refuses such paths; refusing here too keeps a bad setting from writing outside.
    if (!isInsideWorkspace(path)) throw new Error(`path outside the workspace: ${path}`);
    return join(root, path);
  };
  return {
    async readFile(path) {
      try {
        return await readFile(resolve(path), 'utf8');
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async listFiles(dir, extensions) {
      try {
        const entries = await readdir(resolve(dir), { withFileTypes: true });
        return entries
          .filter((e) => e.isFile() && extensions.some((ext) => e.name.endsWith(ext)))
          .map((e) => `${dir.replace(/[\\/]+$/, '')}/${e.name}`)
          .sort();
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
    },
    async writeFile(path, text) {
      const target = resolve(path);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, text, 'utf8');
    },
  };
}
