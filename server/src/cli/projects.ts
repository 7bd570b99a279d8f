/**
 * The project of each checked file, as the server has one per workspace folder: the nearest
 * folder above the file that holds `.rollmark/`, else the current directory. Each project's
 * dictionary and rulesets are read once, through the server's file-system layer and policy.
 */
import { lstat } from 'node:fs/promises';
import * as path from 'node:path';
import type { WorkspaceConfig } from '../analysis/project/workspaceConfig';
import { ProjectFs } from '../node/projectFs';
import type { RollmarkService } from '../service';

export class CliProjects {
  private readonly configs = new Map<string, Promise<WorkspaceConfig>>();
  private readonly roots = new Map<string, Promise<string>>();

  constructor(
    private readonly cwd: string,
    private readonly rollmark: RollmarkService,
  ) {}

  /** The folder whose `.rollmark/` applies to a file (undefined: standard input, which gets the current directory's). */
  rootOf(file: string | undefined): Promise<string> {
    return file === undefined ? Promise.resolve(this.cwd) : this.rootOfFolder(path.dirname(path.resolve(this.cwd, file)));
  }

  /** The folder whose `.rollmark/` applies to the files of `dir` (absolute); asked once per folder: a campaign's chapters share a few folders. */
  rootOfFolder(dir: string): Promise<string> {
    let root = this.roots.get(dir);
    if (!root) {
      root = (async () => {
        if (await lstat(path.join(dir, '.rollmark')).catch(() => undefined)) return dir;
        const parent = path.dirname(dir);
        return parent === dir ? this.cwd : this.rootOfFolder(parent);
      })();
      this.roots.set(dir, root);
    }
    return root;
  }

  config(root: string): Promise<WorkspaceConfig> {
    let config = this.configs.get(root);
    if (!config) {
      config = this.rollmark.loadProject(new ProjectFs(root));
      this.configs.set(root, config);
    }
    return config;
  }

  /** The projects read so far, in the order first used. */
  loaded(): string[] {
    return [...this.configs.keys()];
  }
}
