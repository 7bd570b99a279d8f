import { isMap, isScalar, isSeq, parseDocument } from 'yaml';
import { getBuiltinRuleset } from '../engine/builtinRulesets';
import type { Ruleset } from '../engine/ruleset';
import { MAX_RULESET_CHARS, parseUserRuleset, type RulesetError } from '../engine/rulesetLoader';
import { DEFAULT_SEVERITY } from './diagnosticCatalog';
import { LineIndex } from './lineIndex';
import { withUserRulesets } from './rulesetProvider';
import type { AnalysisDiagnostic, Locale, RulesetProvider } from './types';

/** The workspace files Rollmark reads, relative to the workspace root (documented in the README). */
export const DEFAULT_DICTIONARY_PATH = '.rollmark/dictionary.yaml';
export const DEFAULT_RULESETS_DIR = '.rollmark/rulesets';

/** What the library needs of a file system; the CLI and the server each bring their own. */
export interface WorkspaceFs {
  /** The file's text, or undefined when it does not exist. Paths are workspace-relative. */
  readFile(path: string): Promise<string | undefined>;
  /** Workspace-relative paths of the files directly in `dir` with one of the extensions. */
  listFiles(dir: string, extensions: readonly string[]): Promise<string[]>;
}

export interface WorkspaceOptions {
  dictionary?: string;
  rulesets?: string;
  /** False in an untrusted workspace: user ruleset files are not read, built-ins only. */
  userRulesets?: boolean;
}

export interface WorkspaceConfig {
  rulesets: RulesetProvider;
  dictionary: string[];
  /** Problems in the workspace's own files, keyed by workspace-relative path. */
  fileDiagnostics: Map<string, AnalysisDiagnostic[]>;
}

const DICTIONARY_KEYS = ['traits', 'terms', 'термины', 'черты'];

/** A configured path must stay inside the workspace: no absolute paths, no `..`. */
export function isInsideWorkspace(path: string): boolean {
  return !/^([a-zA-Z]:)?[\\/]/.test(path) && !path.split(/[\\/]/).includes('..');
}

function fileProblem(message: string, text: string, range?: { start: { line: number; character: number }; end: { line: number; character: number } }): AnalysisDiagnostic {
  const lines = new LineIndex(text);
  const start = range ? lines.offsetAt(range.start) : 0;
  const end = range ? lines.offsetAt(range.end) : lines.lineEnd(0);
  return { code: 'RM011', severity: DEFAULT_SEVERITY.RM011, message, range: { start, end: Math.max(start, end) }, fixes: [] };
}

const WORDING = {
  outside: (path: string) => ({ ru: `Путь «${path}» выходит за пределы рабочей папки и не читается`, en: `The path "${path}" leaves the workspace and is not read` }),
  tooLarge: () => ({ ru: 'Файл словаря слишком велик', en: 'The dictionary file is too large' }),
  dictionaryShape: () => ({ ru: 'Словарь — список терминов или «traits: [ … ]»', en: 'A dictionary is a list of terms or "traits: [ … ]"' }),
  ruleset: (detail: string) => ({ ru: `Ошибка в файле правил: ${detail}`, en: `Ruleset file problem: ${detail}` }),
  yaml: (detail: string) => ({ ru: `Ошибка YAML: ${detail}`, en: `YAML error: ${detail}` }),
};

export function parseDictionary(text: string, locale: Locale): { terms: string[]; diagnostics: AnalysisDiagnostic[] } {
  if (text.length > MAX_RULESET_CHARS) return { terms: [], diagnostics: [fileProblem(WORDING.tooLarge()[locale], text)] };
  // The nodes are walked, never converted with toJS, so aliases are not expanded: no alias bomb.
  const doc = parseDocument(text, { prettyErrors: false });
  if (doc.errors.length > 0) {
    const lines = new LineIndex(text);
    return {
      terms: [],
      diagnostics: doc.errors.map((e) => {
        const start = lines.positionAt(e.pos[0]);
        return fileProblem(WORDING.yaml(e.message.split('\n')[0])[locale], text, { start, end: { line: start.line, character: start.character + 1 } });
      }),
    };
  }
  const contents = doc.contents;
  if (contents === null) return { terms: [], diagnostics: [] };
  const list: unknown = isMap(contents) ? DICTIONARY_KEYS.map((k) => contents.get(k, true)).find((v) => v !== undefined) : contents;
  if (!isSeq(list)) return { terms: [], diagnostics: [fileProblem(WORDING.dictionaryShape()[locale], text)] };
  const terms = list.items.map((item) => (isScalar(item) ? item.value : undefined)).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  return { terms: terms.map((t) => t.trim()), diagnostics: [] };
}

function rulesetDiagnostics(errors: RulesetError[], text: string, locale: Locale): AnalysisDiagnostic[] {
  return errors.map((e) => fileProblem(WORDING.ruleset(`${e.path ? `${e.path}: ` : ''}${e.message}`)[locale], text, e.range));
}

/**
 * Reads the project dictionary and the user rulesets. Broken files yield diagnostics on
 * those files; the built-in rulesets always remain.
 */
export async function loadWorkspaceConfig(fs: WorkspaceFs, locale: Locale, paths: WorkspaceOptions = {}): Promise<WorkspaceConfig> {
  const fileDiagnostics = new Map<string, AnalysisDiagnostic[]>();
  const dictionaryPath = paths.dictionary ?? DEFAULT_DICTIONARY_PATH;
  const rulesetsDir = paths.rulesets ?? DEFAULT_RULESETS_DIR;
  let dictionary: string[] = [];
  for (const path of [dictionaryPath, rulesetsDir]) {
    if (!isInsideWorkspace(path)) fileDiagnostics.set(path, [fileProblem(WORDING.outside(path)[locale], '')]);
  }
  if (isInsideWorkspace(dictionaryPath)) {
    const text = await fs.readFile(dictionaryPath);
    if (text !== undefined) {
      const parsed = parseDictionary(text, locale);
      dictionary = parsed.terms;
      if (parsed.diagnostics.length) fileDiagnostics.set(dictionaryPath, parsed.diagnostics);
    }
  }
  const texts = new Map<string, { path: string; text: string }>();
  if (isInsideWorkspace(rulesetsDir) && paths.userRulesets !== false) {
    for (const path of await fs.listFiles(rulesetsDir, ['.yaml', '.yml', '.json'])) {
      const text = await fs.readFile(path);
      if (text !== undefined) texts.set(path, { path, text });
    }
  }
  // A user ruleset may extend another user ruleset: resolve by id on demand, carrying the chain for cycles.
  const loaded = new Map<string, Ruleset | undefined>();
  const byId = new Map<string, { path: string; text: string }>();
  for (const file of texts.values()) {
    const id = /^\s*"?id"?\s*:\s*"?([\w.-]+)"?/m.exec(file.text)?.[1];
    if (id) byId.set(id, file);
  }
  const load = (file: { path: string; text: string }, seen: readonly string[]): Ruleset | undefined => {
    const result = parseUserRuleset(file.text, file.path, (id, chain) => {
      if (getBuiltinRuleset(id)) return getBuiltinRuleset(id);
      const base = byId.get(id);
      if (!base || chain.slice(0, -1).includes(id)) return undefined;
      return loaded.has(id) ? loaded.get(id) : load(base, chain);
    }, { seen });
    if (result.errors.length && !fileDiagnostics.has(file.path)) fileDiagnostics.set(file.path, rulesetDiagnostics(result.errors, file.text, locale));
    if (result.ruleset) loaded.set(result.ruleset.id, result.ruleset);
    return result.ruleset;
  };
  const user: Ruleset[] = [];
  for (const file of texts.values()) {
    const ruleset = load(file, []);
    if (ruleset && !user.some((r) => r.id === ruleset.id)) user.push(ruleset);
  }
  return { rulesets: withUserRulesets(user), dictionary, fileDiagnostics };
}
