/**
 * Each workspace folder's project files (dictionary, user rulesets), loaded once and kept
 * until they change on disk, a setting moves them, or the dictionary command writes.
 */
import { fileURLToPath } from 'node:url';
import { builtinRulesets } from '../analysis/rulesetProvider';
import type { AnalysisDiagnostic, Locale } from '../analysis/types';
import { loadWorkspaceConfig, type WorkspaceConfig } from '../analysis/workspaceConfig';
import type { RollmarkSettings } from '../protocol';
import { fileUri } from './folders';
import { nodeWorkspaceFs, type WritableWorkspaceFs } from './nodeFs';

/** Gives the file system of a workspace folder; tests pass in-memory ones. */
export type FsFactory = (folderUri: string) => WritableWorkspaceFs | undefined;

export const nodeFsFactory: FsFactory = (folderUri) => {
  if (!folderUri.startsWith('file:')) return undefined;
  try {
    return nodeWorkspaceFs(fileURLToPath(folderUri));
  } catch {
    return undefined;
  }
};

export interface Project {
  /** Undefined for documents outside every workspace folder: built-in rulesets, no dictionary. */
  folderUri?: string;
  fs?: WritableWorkspaceFs;
  config: WorkspaceConfig;
  /** False when the workspace is untrusted (or has no folder): built-in rulesets only. */
  userRulesetsLoaded: boolean;
}

/** Problems in one workspace file, with its text so that offsets become positions. */
export interface FileProblems {
  uri: string;
  text: string;
  diagnostics: AnalysisDiagnostic[];
}

const NO_PROJECT: Project = { config: { rulesets: builtinRulesets(), dictionary: [], fileDiagnostics: new Map() }, userRulesetsLoaded: false };

export class Projects {
  private readonly loaded = new Map<string, Promise<Project>>();

  constructor(
    private readonly fsFor: FsFactory,
    private readonly locale: Locale,
    /** Told of every load, so that problems in the project's own files are published. */
    private readonly onLoaded: (folderUri: string, problems: FileProblems[]) => void,
    /** The workspace is trusted: user ruleset files may be loaded. */
    private readonly trusted = true,
  ) {}

  get(folderUri: string | undefined, settings: RollmarkSettings): Promise<Project> {
    if (!folderUri) return Promise.resolve(NO_PROJECT);
    const key = `${folderUri}\u0000${settings.dictionaryPath}\u0000${settings.rulesetsPath}`;
    let project = this.loaded.get(key);
    if (!project) {
      project = this.load(folderUri, settings);
      this.loaded.set(key, project);
      // A failed load is not cached: the next request tries again.
      project.catch(() => this.loaded.delete(key));
    }
    return project;
  }

  /** Forget everything (files changed, settings moved them); the next request reloads. */
  reset(): void {
    this.loaded.clear();
  }

  private async load(folderUri: string, settings: RollmarkSettings): Promise<Project> {
    const fs = this.fsFor(folderUri);
    if (!fs) return { folderUri, config: NO_PROJECT.config, userRulesetsLoaded: false };
    const config = await loadWorkspaceConfig(fs, this.locale, { dictionary: settings.dictionaryPath, rulesets: settings.rulesetsPath, userRulesets: this.trusted });
    const problems: FileProblems[] = [];
    for (const [path, diagnostics] of config.fileDiagnostics) {
      const text = (await fs.readFile(path).catch(() => undefined)) ?? '';
      problems.push({ uri: fileUri(folderUri, path), text, diagnostics });
    }
    this.onLoaded(folderUri, problems);
    return { folderUri, fs, config, userRulesetsLoaded: this.trusted };
  }
}
