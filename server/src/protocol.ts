/**
 * What the language server and its clients (the VS Code extension, tests, any LSP editor)
 * agree on beyond standard LSP: command ids, their argument and result types, settings and
 * initialization options. Types only and plain constants, so that the client can import this
 * module without pulling the server in.
 */

import type { DiagnosticCode } from './analysis/types';
import type { RollReport } from './engine/rollReport';

/** A position as LSP counts it: 0-based line, UTF-16 code units. */
export interface ProtocolPosition {
  line: number;
  character: number;
}

export interface ProtocolRange {
  start: ProtocolPosition;
  end: ProtocolPosition;
}

/**
 * Server commands, executed through `workspace/executeCommand` and advertised in
 * `executeCommandProvider`. The VS Code client registers them from that list by itself:
 * registering the same ids in the extension again fails with "command already exists".
 */
export const Commands = {
  /** Rolls one check of a document: {@link RollCheckArgs} → {@link RollCheckResult}. */
  rollCheck: 'rollmark.rollCheck',
  /** Adds a term to the project dictionary: {@link AddToDictionaryArgs} → {@link AddToDictionaryResult}. */
  addToDictionary: 'rollmark.addToDictionary',
} as const;

export type CommandId = (typeof Commands)[keyof typeof Commands];

/**
 * Which check to roll: `checkIndex` (the n-th check of the document, as code lenses send it),
 * or the check under `line`/`character`. `checkIndex` wins when both are given.
 */
export interface RollCheckArgs {
  uri: string;
  checkIndex?: number;
  line?: number;
  character?: number;
  /** The pool to use when the check's pool is unknown; otherwise ignored. */
  pool?: number;
  /** Replays a roll exactly; without it the server picks a fresh seed and reports it. */
  seed?: number;
  /**
   * Set by a code lens whose check has an unknown pool, so that a client can ask for a pool
   * before rolling. The server ignores it.
   */
  poolUnknown?: boolean;
}

export interface RollCheckResult {
  uri: string;
  /** The check as written, guillemets included. */
  text: string;
  range: ProtocolRange;
  checkIndex: number;
  /** The engine's report: dice, re-rolls, successes, outcome key and name, seed. */
  roll: RollReport;
  /**
   * Set when the check's pool was unknown: the pool rolled and where it came from
   * (`argument`: the caller's `pool`; `typical`: the ruleset's `typicalPool`).
   */
  assumedPool?: { pool: number; source: 'argument' | 'typical' };
  /** The one-line summary also sent as `window/showMessage`, in the server's locale. */
  message: string;
  /**
   * The roll as a roll log writes it: `message`, then one indented line per roll of an extended
   * action. A client prints these lines as they are (adding, say, the time and the place).
   */
  log: string[];
}

export interface AddToDictionaryArgs {
  /** The document the term was found in: picks the workspace folder whose dictionary grows. */
  uri: string;
  term: string;
}

export interface AddToDictionaryResult {
  /** The dictionary file's URI. */
  file: string;
  /** False when the term was already there. */
  added: boolean;
}

/** Language ids the server analyses: Markdown and the extension's own scenario language. */
export const LANGUAGE_IDS: readonly string[] = ['markdown', 'scenario'];

/** Code action kinds the server offers beyond quick fixes. */
export const CodeActionKinds = {
  /** Rewrites every check written as prose (RM012) to markup. */
  convertProse: 'source.rollmark.convertProse',
  /** Applies every preferred fix of the document that edits text, prose conversions (RM012) excepted. */
  fixAll: 'source.fixAll.rollmark',
} as const;

export type SeveritySetting = 'error' | 'warning' | 'info' | 'hint' | 'off';

/** The `rollmark` settings section, as `workspace/configuration` returns it. */
export interface RollmarkSettings {
  /** Ruleset id for documents without one in their front matter; empty: the built-in default. */
  defaultRuleset: string;
  /** Severity per diagnostic code; `off` hides the code. */
  severity: Partial<Record<DiagnosticCode, SeveritySetting>>;
  inlayHints: { enabled: boolean };
  /** Checks written as prose (RM012): not looked for (`off`), or reported at this level. */
  proseChecks: 'off' | 'hint' | 'info' | 'warning';
  /** Project dictionary, relative to the workspace folder. */
  dictionaryPath: string;
  /** Folder of user rulesets (`*.yaml`), relative to the workspace folder. */
  rulesetsPath: string;
}

export const DEFAULT_SETTINGS: RollmarkSettings = {
  defaultRuleset: '',
  severity: {},
  inlayHints: { enabled: true },
  proseChecks: 'hint',
  dictionaryPath: '.rollmark/dictionary.yaml',
  rulesetsPath: '.rollmark/rulesets',
};

/** `initializationOptions` the server understands; every field is optional. */
export interface RollmarkInitializationOptions {
  /** Milliseconds between the last edit and the diagnostics (default 200). */
  diagnosticsDelay?: number;
  /** Overrides the locale `initialize` gives. */
  locale?: 'ru' | 'en';
  /** Settings for clients that support neither `workspace/configuration` nor `didChangeConfiguration`. */
  settings?: Partial<RollmarkSettings>;
  /** False in an untrusted workspace: no user ruleset files are loaded, built-in rulesets only. */
  trusted?: boolean;
}

/** Custom requests beyond standard LSP (`connection.onRequest(method)`). */
export const Requests = {
  /** What an editor shows about one open document: {@link DocumentInfoParams} → {@link DocumentInfo} | null. */
  documentInfo: 'rollmark/documentInfo',
} as const;

export interface DocumentInfoParams {
  textDocument: { uri: string };
  /** Which check to describe in {@link DocumentInfo.checks}; without it (or null) no check is. */
  checks?: DocumentChecksQuery;
}

/**
 * One check of the document, named as {@link RollCheckArgs} name it: `index` (its
 * `checkIndex`, as code lenses send it) or `position` (the check whose «…» contains it, the
 * closing » included, as `line`/`character` locate it). Exactly one of the two; anything else
 * is InvalidParams.
 */
export type DocumentChecksQuery = { index: number; position?: never } | { position: ProtocolPosition; index?: never };

/** A check of the document, as a client needs it before rolling. */
export interface DocumentCheckInfo {
  /** The check's index: `RollCheckArgs.checkIndex`. */
  index: number;
  range: ProtocolRange;
  /** False when the check has an error and cannot be rolled. */
  rollable: boolean;
  /** False when a term's value is unknown: a roll needs a `pool` (or uses the ruleset's typical pool). */
  poolKnown: boolean;
}

/** The answer to {@link Requests.documentInfo}; null for a document the server does not have open. */
export interface DocumentInfo {
  uri: string;
  /** The active ruleset's id. */
  ruleset: string;
  /** Its title in the server's locale. */
  title: string;
  /** Where the ruleset came from. */
  source: 'front-matter' | 'setting' | 'default';
  /** False when the document's workspace folder was not read for user rulesets (no folder, not a disk folder). */
  userRulesetsLoaded: boolean;
  /** Every ruleset a document of this folder may choose: the built-in ones first. */
  rulesets: { id: string; title: string; builtin: boolean }[];
  /**
   * The check {@link DocumentInfoParams.checks} asks for: one element when the document has
   * it, none when it has not (no check there, index out of range) or when none was asked for.
   * Always present, so that a reader needs no second empty case.
   */
  checks: DocumentCheckInfo[];
}
