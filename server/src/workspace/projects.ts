/**
 * Each workspace folder's project files (dictionary, user rulesets), loaded once and kept
 * until they change on disk, a setting moves them, or the dictionary command writes. A load
 * never fails: a file that cannot be used gets a diagnostic, and the folder goes on with the
 * built-in rulesets and whatever else loaded; the failure is remembered like any result, so no
 * request reads the file again until it changes.
 *
 * A change on disk is told by the editor's file watcher; an editor without one (a plain LSP
 * client) would keep a dictionary another window or editor added to. So each loaded project's
 * dictionary stamp is also looked at every {@link FRESHNESS_INTERVAL}, and a changed stamp
 * reloads it (`changed`).
 */
import { builtinRulesets } from '../analysis/project/rulesetProvider';
import { type FileProblems, loadWorkspaceConfig, type WorkspaceConfig } from '../analysis/project/workspaceConfig';
import type { RollmarkSettings } from '../protocol';
import { fileUri } from './folders';
import { type Clock, standardClock } from './clock';
import type { FsFactory, ProjectFiles } from './projectFiles';

export interface Project {
  /** Undefined for documents outside every workspace folder: built-in rulesets, no dictionary. */
  folderUri?: string;
  fs?: ProjectFiles;
  config: WorkspaceConfig;
  /** False when the workspace is untrusted (or has no folder): built-in rulesets only. */
  userRulesetsLoaded: boolean;
}

const builtinConfig = (): WorkspaceConfig => ({ rulesets: builtinRulesets(), dictionary: [], fileDiagnostics: new Map(), fileTexts: new Map(), folderProblems: [] });

const NO_PROJECT: Project = { config: builtinConfig(), userRulesetsLoaded: false };

interface Loaded {
  folderUri: string;
  dictionaryPath: string;
  rulesetsPath: string;
  project: Promise<Project>;
  /** The dictionary's stamp before it was read (undefined: none on disk). */
  stamp: Promise<string | undefined>;
}

/** Milliseconds between two looks at the loaded projects' dictionaries: a stat each, no read. */
export const FRESHNESS_INTERVAL = 1000;

function within(path: string, folder: string): boolean {
  return path === folder || path.startsWith(`${folder.replace(/\/+$/, '')}/`);
}

export class Projects {
  private readonly loaded = new Map<string, Loaded>();
  /** Stops the next look at the dictionaries; undefined while none is due. */
  private stopFreshness: (() => void) | undefined;

  constructor(
    private readonly fsFor: FsFactory,
    /** Told of every load, so that problems in the project's own files are published. */
    private readonly onLoaded: (folderUri: string, problems: FileProblems[]) => void,
    /** The workspace is trusted: user ruleset files may be loaded. */
    private readonly trusted = true,
    /** Told when a folder's dictionary changed on disk without a word from the editor: the caller reloads and republishes. */
    private readonly changed: (folderUri: string) => void = () => undefined,
    private readonly clock: Clock = standardClock,
  ) {}

  get(folderUri: string | undefined, settings: RollmarkSettings): Promise<Project> {
    if (!folderUri) return Promise.resolve(NO_PROJECT);
    const key = `${folderUri}\u0000${settings.dictionaryPath}\u0000${settings.rulesetsPath}`;
    let entry = this.loaded.get(key);
    if (!entry) {
      const fs = this.fsFor(folderUri);
      // The stamp is taken before the read: a change during the read shows as a changed stamp next time.
      const stamp = fs ? fs.stamp(settings.dictionaryPath) : Promise.resolve(undefined);
      entry = { folderUri, dictionaryPath: settings.dictionaryPath, rulesetsPath: settings.rulesetsPath, stamp, project: stamp.then(() => this.load(folderUri, settings)) };
      this.loaded.set(key, entry);
      if (!this.stopFreshness) this.lookLater();
    }
    return entry.project;
  }

  /** Each loaded dictionary's stamp against the one it was read at; a folder whose changed is reloaded. */
  private async checkFreshness(): Promise<void> {
    for (const [key, entry] of [...this.loaded]) {
      const project = await entry.project;
      const [before, after] = await Promise.all([entry.stamp, project.fs?.stamp(entry.dictionaryPath)]);
      if (before !== after && this.loaded.get(key) === entry) this.changed(entry.folderUri);
    }
  }

  private lookLater(): void {
    this.stopFreshness = this.clock.after(FRESHNESS_INTERVAL, () => {
      void this.checkFreshness().finally(() => {
        if (this.stopFreshness) this.lookLater();
      });
    });
  }

  /** Stops looking at the dictionaries (the server shuts down). */
  dispose(): void {
    this.stopFreshness?.();
    this.stopFreshness = undefined;
  }

  /** Forget a folder's projects (or every folder's): files changed, settings moved them; the next request reloads. */
  reset(folderUri?: string): void {
    for (const [key, entry] of this.loaded) if (folderUri === undefined || entry.folderUri === folderUri) this.loaded.delete(key);
  }

  /**
   * Whether a change to this workspace-relative path may change a project loaded for the
   * folder: the dictionary, a ruleset file, their folders, anything in `.rollmark/`.
   */
  uses(folderUri: string, path: string): boolean {
    if (within(path, '.rollmark')) return true;
    for (const entry of this.loaded.values()) {
      if (entry.folderUri !== folderUri) continue;
      if (within(path, entry.dictionaryPath) || within(entry.dictionaryPath, path) || within(path, entry.rulesetsPath) || within(entry.rulesetsPath, path)) return true;
    }
    return false;
  }

  private async load(folderUri: string, settings: RollmarkSettings): Promise<Project> {
    const fs = this.fsFor(folderUri);
    if (!fs) return { folderUri, config: NO_PROJECT.config, userRulesetsLoaded: false };
    let config: WorkspaceConfig;
    try {
      config = await loadWorkspaceConfig(fs, { dictionary: settings.dictionaryPath, rulesets: settings.rulesetsPath, userRulesets: this.trusted });
    } catch (error) {
      // The file system refuses with reasons rather than throw; should anything still throw, the folder keeps working.
      config = builtinConfig();
      const detail = error instanceof Error ? error.message : String(error);
      config.folderProblems.push({ path: settings.dictionaryPath, message: { id: 'unusedFile', path: settings.dictionaryPath, refusal: { reason: 'unreadable', detail } } });
    }
    const problems: FileProblems[] = [...config.fileDiagnostics].map(([path, diagnostics]) => ({ uri: fileUri(folderUri, path), text: config.fileTexts.get(path) ?? '', diagnostics }));
    this.onLoaded(folderUri, problems);
    return { folderUri, fs, config, userRulesetsLoaded: this.trusted };
  }
}
