import type { DiagnosticCode } from '../analysis/types';
import {
  CODE_LENS_MODES,
  type CodeLensMode,
  DEFAULT_SETTINGS,
  DIAGNOSTICS_SCOPES,
  type DiagnosticsScope,
  MARKDOWN_MODES,
  type MarkdownMode,
  type RollmarkSettings,
  type SeveritySetting,
} from '../protocol';

const SEVERITIES: readonly SeveritySetting[] = ['error', 'warning', 'info', 'hint', 'off'];
const PROSE_LEVELS: readonly RollmarkSettings['proseChecks'][] = ['off', 'hint', 'info', 'warning'];
const CODE = /^RM0\d\d$/;

/** The largest `rollmark.maxDocumentSizeMB` taken (package.json's maximum): past it, the default. */
const MAX_DOCUMENT_SIZE_MB = 1024;

/** Milliseconds to wait for `workspace/configuration` before going on with the defaults. */
const CONFIGURATION_TIMEOUT = 3000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function severityOf(value: unknown): SeveritySetting | undefined {
  // Editors and users also write the LSP/VS Code spellings; accept them rather than ignore the override.
  const text = typeof value === 'string' ? value.toLowerCase() : '';
  const alias = text === 'information' ? 'info' : text === 'none' ? 'off' : text;
  return (SEVERITIES as readonly string[]).includes(alias) ? (alias as SeveritySetting) : undefined;
}

/** One of `allowed`, else undefined. */
function oneOf<T extends string>(allowed: readonly T[], value: unknown): T | undefined {
  return (allowed as readonly unknown[]).includes(value) ? (value as T) : undefined;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * Turns whatever a client sent as the `rollmark` section into complete settings. Anything
 * missing or malformed falls back to its default: a typo in settings.json must not stop the
 * server.
 */
export function normalizeSettings(raw: unknown): RollmarkSettings {
  const section = isRecord(raw) ? raw : {};
  const severity: RollmarkSettings['severity'] = {};
  if (isRecord(section.severity)) {
    for (const [code, value] of Object.entries(section.severity)) {
      const level = severityOf(value);
      if (CODE.test(code) && level) severity[code as DiagnosticCode] = level;
    }
  }
  // VS Code sends nested sections; a client writing a dotted key flat is understood too.
  const nested = (group: string, key: string): unknown => (isRecord(section[group]) ? (section[group] as Record<string, unknown>)[key] : undefined) ?? section[`${group}.${key}`];
  const inlayEnabled = nested('inlayHints', 'enabled');
  const prose = typeof section.proseChecks === 'string' ? section.proseChecks : '';
  return {
    markdown: { enable: oneOf<MarkdownMode>(MARKDOWN_MODES, nested('markdown', 'enable')) ?? DEFAULT_SETTINGS.markdown.enable },
    defaultRuleset: nonEmptyString(section.defaultRuleset) ?? DEFAULT_SETTINGS.defaultRuleset,
    severity,
    inlayHints: { enabled: typeof inlayEnabled === 'boolean' ? inlayEnabled : DEFAULT_SETTINGS.inlayHints.enabled },
    codeLens: { show: oneOf<CodeLensMode>(CODE_LENS_MODES, nested('codeLens', 'show')) ?? DEFAULT_SETTINGS.codeLens.show },
    diagnostics: { scope: oneOf<DiagnosticsScope>(DIAGNOSTICS_SCOPES, nested('diagnostics', 'scope')) ?? DEFAULT_SETTINGS.diagnostics.scope },
    proseChecks: (PROSE_LEVELS as readonly string[]).includes(prose) ? (prose as RollmarkSettings['proseChecks']) : DEFAULT_SETTINGS.proseChecks,
    dictionaryPath: nonEmptyString(section.dictionaryPath) ?? DEFAULT_SETTINGS.dictionaryPath,
    rulesetsPath: nonEmptyString(section.rulesetsPath) ?? DEFAULT_SETTINGS.rulesetsPath,
    maxDocumentSizeMB: typeof section.maxDocumentSizeMB === 'number' && section.maxDocumentSizeMB > 0 && section.maxDocumentSizeMB <= MAX_DOCUMENT_SIZE_MB ? section.maxDocumentSizeMB : DEFAULT_SETTINGS.maxDocumentSizeMB,
  };
}

/** Asks the client for the `rollmark` section of one resource (`workspace/configuration`). */
export type ConfigurationSource = (scopeUri: string | undefined) => Promise<unknown>;

/**
 * Settings per resource, asked for once and cached until the client says they changed.
 * Without `workspace/configuration` support, the settings pushed by `didChangeConfiguration`
 * (or given in `initializationOptions`) apply to every document.
 */
export class SettingsStore {
  private readonly perResource = new Map<string, Promise<RollmarkSettings>>();
  private global: RollmarkSettings;

  constructor(
    private readonly source: ConfigurationSource | undefined,
    initial: unknown,
  ) {
    this.global = normalizeSettings(initial);
  }

  get pullsFromClient(): boolean {
    return this.source !== undefined;
  }

  forResource(uri: string): Promise<RollmarkSettings> {
    if (!this.source) return Promise.resolve(this.global);
    let cached = this.perResource.get(uri);
    if (!cached) {
      const fallback = this.global;
      // A client that never answers must not stall every analysis: after a while, use the defaults.
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<RollmarkSettings>((resolve) => {
        timer = setTimeout(() => resolve(fallback), CONFIGURATION_TIMEOUT);
        timer.unref();
      });
      cached = Promise.race([this.source(uri).then(normalizeSettings, () => fallback), timeout]).finally(() => clearTimeout(timer));
      this.perResource.set(uri, cached);
    }
    return cached;
  }

  /** `didChangeConfiguration`: forget what was asked; with push-only clients, take the new values. */
  changed(pushed: unknown): void {
    this.perResource.clear();
    if (!this.source && isRecord(pushed) && 'rollmark' in pushed) this.global = normalizeSettings(pushed.rollmark);
  }

  forget(uri: string): void {
    this.perResource.delete(uri);
  }
}
