import { isMap, isNode, isScalar, isSeq, parseDocument, type YAMLMap } from 'yaml';
import { getBuiltinRuleset } from '../../engine/builtinRulesets';
import type { Ruleset } from '../../engine/ruleset';
import { traitCategoryOf } from '../../engine/traitCategories';
import { type FileRefusal, refusalFitsOnFile } from './fileRefusal';
import { MAX_REPORTED_ERRORS, MAX_RULESET_CHARS, parseUserRuleset, type RulesetError, yamlInputProblem } from '../../engine/rulesetLoader';
import { DEFAULT_SEVERITY, type DiagnosticMessage } from '../diagnosticCatalog';
import { LineIndex } from '../markdown/lineIndex';
import { withUserRulesets } from './rulesetProvider';
import { DEFAULT_PARTY_PATH, type PartyFile, parsePartyFile } from './partyFile';
import { unknownRulesetDiagnostic } from './frontMatter';
import { traitIndex } from '../resolve/traitIndex';
import type { AnalysisDiagnostic, DictionaryEntry, RulesetProvider } from '../types';

/** The workspace files Rollmark reads, relative to the workspace root (docs/markup.en.md, "Project dictionary and your own rulesets"). */
export const DEFAULT_DICTIONARY_PATH = '.rollmark/dictionary.yaml';
export const DEFAULT_RULESETS_DIR = '.rollmark/rulesets';

/** A file as the file-system layer gives it: its text, absent, or refused with a reason. */
export type FileRead = { kind: 'text'; text: string } | { kind: 'missing' } | { kind: 'refused'; refusal: FileRefusal };

/** A folder's files: `truncated` when it had more than are read. */
export type FolderList = { kind: 'files'; paths: string[]; truncated?: FileRefusal } | { kind: 'missing' } | { kind: 'refused'; refusal: FileRefusal };

/**
 * What the library needs of a file system; the server and the CLI share one
 * (workspace/projectFiles.ts), tests bring their own. Paths are workspace-relative.
 */
export interface WorkspaceFs {
  readFile(path: string): Promise<FileRead>;
  /** The files directly in `dir` with one of the extensions, as workspace-relative paths, sorted. */
  listFiles(dir: string, extensions: readonly string[]): Promise<FolderList>;
}

export interface WorkspaceOptions {
  dictionary?: string;
  rulesets?: string;
  /** False in an untrusted workspace: user ruleset files are not read, built-ins only. */
  userRulesets?: boolean;
}

/** A project file or folder that cannot hold a diagnostic of its own (a FIFO, a link outside the workspace, a path that leaves it). */
export interface FolderProblem {
  /** Workspace-relative, as configured. */
  path: string;
  /** Says which file and why. */
  message: DiagnosticMessage;
}

export interface WorkspaceConfig {
  rulesets: RulesetProvider;
  /** The project dictionary's entries (`parseDictionary`). */
  dictionary: DictionaryEntry[];
  /** Problems in the workspace's own files, keyed by workspace-relative path. */
  fileDiagnostics: Map<string, AnalysisDiagnostic[]>;
  /** The text each of those files' diagnostics point into ('' for a file that was not read). */
  fileTexts: Map<string, string>;
  /** Problems shown on the folder's documents instead, at their first line. */
  folderProblems: FolderProblem[];
  /** The project's parties (`.rollmark/party.yaml`), when the file is there. */
  parties?: PartyFile;
}

const DICTIONARY_KEYS = ['traits', 'terms', 'термины', 'черты'];

/** A configured path must stay inside the workspace: no absolute paths, no `..`. */
export function isInsideWorkspace(path: string): boolean {
  return !/^([a-zA-Z]:)?[\\/]/.test(path) && !path.split(/[\\/]/).includes('..');
}

/** A problem in a workspace file; `lines` indexes that file's text (built once per file, not per problem). */
function fileProblem(message: DiagnosticMessage, lines: LineIndex, range?: { start: { line: number; character: number }; end: { line: number; character: number } }): AnalysisDiagnostic {
  const start = range ? lines.offsetAt(range.start) : 0;
  const end = range ? lines.offsetAt(range.end) : lines.lineEnd(0);
  return { code: 'RM011', severity: DEFAULT_SEVERITY.RM011, message, range: { start, end: Math.max(start, end) }, fixes: [] };
}

/** A ruleset file's `id`, found without parsing (YAML or JSON, `id:` first in its line or after `{`/`,`). */
const RULESET_ID = /(?:^|[{,])[ \t]*"?id"?[ \t]*:[ \t]*"?([\w.-]+)"?/m;

/**
 * The project dictionary: a list of entries, or one list under `traits`, `terms`, `термины` or
 * `черты`. An entry is a trait's name, or `{ name: Скрытность, category: skill }` (also
 * `название`, `категория`; the category in the words `traitCategoryOf` reads). `terms` are the
 * entries' names, in order; `entries` what the analysis uses.
 */
export function parseDictionary(text: string): { terms: string[]; entries: DictionaryEntry[]; diagnostics: AnalysisDiagnostic[] } {
  const lines = new LineIndex(text);
  const at = (offset: number) => {
    const start = lines.positionAt(offset);
    return { start, end: { line: start.line, character: start.character + 1 } };
  };
  const none = (diagnostics: AnalysisDiagnostic[]) => ({ terms: [], entries: [], diagnostics });
  if (text.length > MAX_RULESET_CHARS) return none([fileProblem({ id: 'dictionaryTooLarge' }, lines)]);
  // Nesting deep enough to exhaust the parser's stack is refused before parsing, as for rulesets.
  const refused = yamlInputProblem(text);
  if (refused) return none([fileProblem({ id: 'yaml', detail: refused.message }, lines, at(refused.offset))]);
  // The nodes are walked, never converted with toJS, so aliases are not expanded: no alias bomb.
  const doc = parseDocument(text, { prettyErrors: false });
  if (doc.errors.length > 0) {
    return none(doc.errors.slice(0, MAX_REPORTED_ERRORS).map((e) => fileProblem({ id: 'yaml', detail: e.message.split('\n')[0] }, lines, at(e.pos[0]))));
  }
  const contents = doc.contents;
  if (contents === null) return none([]);
  const list: unknown = isMap(contents) ? DICTIONARY_KEYS.map((k) => contents.get(k, true)).find((v) => v !== undefined) : contents;
  if (!isSeq(list)) return none([fileProblem({ id: 'dictionaryShape' }, lines)]);
  const entries: DictionaryEntry[] = [];
  const diagnostics: AnalysisDiagnostic[] = [];
  const problem = (message: DiagnosticMessage, node: unknown) => {
    if (diagnostics.length >= MAX_REPORTED_ERRORS) return;
    const range = isNode(node) && node.range ? node.range : undefined;
    diagnostics.push(fileProblem(message, lines, range ? { start: lines.positionAt(range[0]), end: lines.positionAt(range[1]) } : undefined));
  };
  for (const item of list.items) {
    if (isMap(item)) {
      const entry = dictionaryMapEntry(item, problem);
      if (entry) entries.push(entry);
      continue;
    }
    const value = isScalar(item) ? item.value : undefined;
    if (typeof value === 'string' && value.trim() !== '') entries.push(value.trim());
    // A number or a list where a term belongs: say so rather than drop it unseen.
    else if (value !== null) problem({ id: 'dictionaryEntryNotText' }, item);
  }
  return { terms: entries.map((e) => (typeof e === 'string' ? e : e.name)), entries, diagnostics };
}

const NAME_KEYS = ['name', 'название'];
const CATEGORY_KEYS = ['category', 'категория'];

/** `{ name: Скрытность, category: skill }`: the entry, or undefined (with a problem) when it cannot be read. */
function dictionaryMapEntry(item: YAMLMap, problem: (message: DiagnosticMessage, node: unknown) => void): DictionaryEntry | undefined {
  const valueOf = (keys: readonly string[]) => {
    const pair = item.items.find((p) => isScalar(p.key) && typeof p.key.value === 'string' && keys.includes(p.key.value.trim().toLowerCase()));
    return pair ? { node: pair.value, value: isScalar(pair.value) ? pair.value.value : undefined } : undefined;
  };
  const name = valueOf(NAME_KEYS);
  if (!name || typeof name.value !== 'string' || name.value.trim() === '') {
    problem({ id: 'dictionaryEntryWithoutName' }, item);
    return undefined;
  }
  const category = valueOf(CATEGORY_KEYS);
  if (!category) return name.value.trim();
  const known = typeof category.value === 'string' ? traitCategoryOf(category.value) : undefined;
  if (known === undefined) {
    problem({ id: 'unknownCategory', word: String(category.value ?? '') }, category.node ?? item);
    return name.value.trim();
  }
  return { name: name.value.trim(), category: known };
}

function rulesetDiagnostics(errors: RulesetError[], text: string): AnalysisDiagnostic[] {
  const lines = new LineIndex(text);
  return errors.map((e) => fileProblem({ id: 'rulesetFile', detail: `${e.path ? `${e.path}: ` : ''}${e.message}` }, lines, e.range));
}

/**
 * Reads the project dictionary and the user rulesets. Broken files yield diagnostics on
 * those files, files that cannot be used (refused by the file system) a diagnostic too, and
 * whatever loaded is used: the built-in rulesets always remain.
 */
export async function loadWorkspaceConfig(fs: WorkspaceFs, paths: WorkspaceOptions = {}): Promise<WorkspaceConfig> {
  const fileDiagnostics = new Map<string, AnalysisDiagnostic[]>();
  const fileTexts = new Map<string, string>();
  const folderProblems: FolderProblem[] = [];
  const dictionaryPath = paths.dictionary ?? DEFAULT_DICTIONARY_PATH;
  const rulesetsDir = paths.rulesets ?? DEFAULT_RULESETS_DIR;
  const onFile = (path: string, text: string, diagnostics: AnalysisDiagnostic[]) => {
    fileDiagnostics.set(path, diagnostics);
    fileTexts.set(path, text);
  };
  /** A file the layer refused: on the file when it is one of the workspace's regular files, else (a folder too) on the documents. */
  const refused = (path: string, refusal: FileRefusal, folder = false) => {
    const message: DiagnosticMessage = { id: 'unusedFile', path, refusal };
    if (!folder && refusalFitsOnFile(refusal)) onFile(path, '', [fileProblem(message, new LineIndex(''))]);
    else folderProblems.push({ path, message });
  };
  let dictionary: DictionaryEntry[] = [];
  for (const path of [dictionaryPath, rulesetsDir]) {
    if (!isInsideWorkspace(path)) folderProblems.push({ path, message: { id: 'pathOutsideWorkspace', path } });
  }
  if (isInsideWorkspace(dictionaryPath)) {
    const read = await fs.readFile(dictionaryPath);
    if (read.kind === 'refused') refused(dictionaryPath, read.refusal);
    else if (read.kind === 'text') {
      const parsed = parseDictionary(read.text);
      dictionary = parsed.entries;
      if (parsed.diagnostics.length) onFile(dictionaryPath, read.text, parsed.diagnostics);
    }
  }
  const texts = new Map<string, { path: string; text: string }>();
  if (isInsideWorkspace(rulesetsDir) && paths.userRulesets !== false) {
    const listed = await fs.listFiles(rulesetsDir, ['.yaml', '.yml', '.json']);
    if (listed.kind === 'refused') refused(rulesetsDir, listed.refusal, true);
    else if (listed.kind === 'files') {
      if (listed.truncated) folderProblems.push({ path: rulesetsDir, message: { id: 'rulesetsFolderTruncated', path: rulesetsDir, refusal: listed.truncated } });
      for (const path of listed.paths) {
        const read = await fs.readFile(path);
        if (read.kind === 'refused') refused(path, read.refusal);
        else if (read.kind === 'text') texts.set(path, { path, text: read.text });
      }
    }
  }
  // A user ruleset may extend another user ruleset: resolve by id on demand, carrying the chain for cycles.
  const loaded = new Map<string, Ruleset>();
  const byId = new Map<string, { path: string; text: string }>();
  const unused = new Map<string, AnalysisDiagnostic>();
  for (const file of texts.values()) {
    const found = RULESET_ID.exec(file.text);
    if (!found) continue;
    const id = found[1];
    const idAt = found.index + found[0].length - id.length - (found[0].endsWith('"') ? 1 : 0);
    const lines = new LineIndex(file.text);
    const at = { start: lines.positionAt(idAt), end: lines.positionAt(idAt + id.length) };
    const first = byId.get(id);
    if (getBuiltinRuleset(id)) unused.set(file.path, fileProblem({ id: 'builtinRulesetId', ruleset: id }, lines, at));
    else if (first) unused.set(file.path, fileProblem({ id: 'duplicateRulesetId', ruleset: id, first: first.path }, lines, at));
    else byId.set(id, file);
  }
  /** Why a ruleset could not be loaded as a base, by id: the root cause, even several bases down. */
  const causes = new Map<string, string>();
  const load = (file: { path: string; text: string }, seen: readonly string[]): Ruleset | undefined => {
    let baseCause: string | undefined;
    const result = parseUserRuleset(
      file.text,
      file.path,
      (id, chain) => {
        if (getBuiltinRuleset(id)) return getBuiltinRuleset(id);
        const base = byId.get(id);
        if (!base) return undefined;
        const ruleset = loaded.get(id) ?? load(base, chain);
        if (ruleset) return ruleset;
        // Not «unknown»: the file exists but cannot be loaded; say why, pointing at the file at fault.
        baseCause = causes.get(id) ?? `${base.path} has errors`;
        throw new Error(baseCause);
      },
      { seen },
    );
    const id = RULESET_ID.exec(file.text)?.[1];
    if (result.ruleset) loaded.set(result.ruleset.id, result.ruleset);
    else if (id !== undefined) causes.set(id, baseCause ?? `${file.path}: ${result.errors[0]?.message ?? 'error'}`);
    // A file's own diagnostics come from loading it on its own: as the base of another file it may
    // fail for that file's reasons (a chain too long from there), which are that file's to report.
    if (seen.length === 0 && result.errors.length > 0) onFile(file.path, file.text, rulesetDiagnostics(result.errors, file.text));
    return result.ruleset;
  };
  const user: Ruleset[] = [];
  for (const file of texts.values()) {
    const problem = unused.get(file.path);
    if (problem) {
      onFile(file.path, file.text, [problem]);
      continue;
    }
    const ruleset = load(file, []);
    if (ruleset) user.push(ruleset);
  }
  const rulesets = withUserRulesets(user);
  const parties = await loadParties(fs, rulesets, dictionary, refused, onFile);
  return { rulesets, dictionary, fileDiagnostics, fileTexts, folderProblems, ...(parties ? { parties } : {}) };
}

/** The party file, its sheets checked against the ruleset it names; undefined when there is none or it was refused. */
async function loadParties(
  fs: WorkspaceFs,
  rulesets: RulesetProvider,
  dictionary: readonly DictionaryEntry[],
  refused: (path: string, refusal: FileRefusal) => void,
  onFile: (path: string, text: string, diagnostics: AnalysisDiagnostic[]) => void,
): Promise<PartyFile | undefined> {
  const read = await fs.readFile(DEFAULT_PARTY_PATH);
  if (read.kind === 'refused') refused(DEFAULT_PARTY_PATH, read.refusal);
  if (read.kind !== 'text') return undefined;
  const parties = parsePartyFile(read.text, (id) => {
    const ruleset = rulesets.get(id);
    return ruleset ? traitIndex(ruleset, dictionary) : undefined;
  });
  const diagnostics = [...parties.diagnostics];
  if (parties.ruleset && !rulesets.get(parties.ruleset.value)) diagnostics.unshift(unknownRulesetDiagnostic(parties.ruleset, rulesets));
  if (diagnostics.length > 0) onFile(DEFAULT_PARTY_PATH, read.text, diagnostics);
  return parties;
}

/** Problems in one workspace file, with its text so that offsets become positions. */
export interface FileProblems {
  uri: string;
  text: string;
  diagnostics: AnalysisDiagnostic[];
}
