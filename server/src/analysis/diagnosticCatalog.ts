/**
 * What the analysis can say, as data: each diagnostic code's default severity, and every message,
 * fix title, note and related information as an id with typed arguments. No words here:
 * present/messages.ts words each id in Russian and English at the edge (LSP, CLI, report), so the
 * analysis of a text is the same whatever language shows it (ARCHITECTURE.md, "Adding a message").
 */
import type { CompositionItem } from '../engine/ruleset';
import type { ParamKind, ParseErrorCode } from './check/checkExpression';
import type { FileRefusal } from './project/fileRefusal';
import type { DiagnosticCode, Severity } from './types';

/** Default severities (docs/markup.en.md, "Diagnostics"); RM001 and RM004 depend on the ruleset and are decided where they are raised. */
export const DEFAULT_SEVERITY: Record<DiagnosticCode, Severity> = {
  RM001: 'error',
  RM002: 'warning',
  RM003: 'error',
  RM004: 'info',
  RM005: 'warning',
  RM006: 'info',
  RM007: 'error',
  RM008: 'info',
  RM009: 'error',
  RM010: 'warning',
  RM011: 'error',
  RM012: 'hint',
  RM013: 'error',
  RM014: 'warning',
  RM015: 'warning',
  RM016: 'info',
  RM017: 'warning',
};

type NoArguments = Record<never, never>;

/** A union keyed by `id` from a map of each id's arguments: `{ id: 'selfHelp'; name: string } | …`. */
export type Messages<Arguments> = { [Id in keyof Arguments]: { id: Id } & Arguments[Id] }[keyof Arguments];

/**
 * A part of a pool the ruleset's composition rules name: a category (`attribute`), a trait's
 * canonical name, and the ruleset's own generic term for a category when its text has one
 * (vampire-pack «Характеристика», with its English name).
 */
export interface PoolPart {
  item: CompositionItem;
  term?: { name: string; en: string };
}

/** Every diagnostic message: its id → the arguments its words need. Names and text are as written in the document. */
export interface DiagnosticArguments {
  // Traits (RM001, RM010, RM014).
  unknownTrait: { name: string; suggestions: string[] };
  /** An open vocabulary's unknown name with no close spelling: the author's own trait. */
  unknownTraitOpen: { name: string; ruleset: string };
  /** A name other game lines spell; `rulesets`: those built-in rulesets' ids, in the built-ins' order. */
  foreignTrait: { name: string; rulesets: string[] };
  variant: { name: string; canonical: string; ruleset: string };
  caseForm: { name: string; canonical: string };
  /** The check's layout; `written` as `quoted` shortens it. */
  spacing: { written: string; canonical: string };
  // Pools (RM002, RM006).
  tooManyTraits: { count: number; max: number };
  forbiddenCombination: { names: string[] };
  /** The pools the ruleset allows, each as its parts. */
  notAllowedCombination: { allowed: PoolPart[][] };
  neverRolled: { trait: string; param: string };
  chanceDie: NoArguments;
  noDiceLeft: NoArguments;
  cannotRoll: NoArguments;
  poolTooLarge: { pool: number; max: number };
  // Difficulty and parameters (RM003, RM004, RM005, RM013, RM015).
  difficultyOutOfRange: { value: number; min: number; max: number };
  difficultyNegative: { value: number };
  difficultyDefault: { value: number };
  difficultyZero: NoArguments;
  difficultyRequired: NoArguments;
  difficultyUnused: NoArguments;
  paramUnused: { param: string; ruleset: string };
  noBotchUnused: { param: string; ruleset: string };
  tooManyEdges: { count: number; kind: 'advantage' | 'hindrance'; max: number };
  modifierEach: { value: number; max: number };
  modifierTotal: { value: number; max: number };
  initiativeInContest: NoArguments;
  difficultyWithInitiative: NoArguments;
  unusedWithInitiative: { param: string };
  raceUnsupported: { param: string; ruleset: string };
  zeroSuccesses: NoArguments;
  zeroRolls: NoArguments;
  rollLimitWithoutTarget: NoArguments;
  extendedGoalNotStated: { param: string };
  // Characters and helpers (RM003, RM005, RM007, RM008).
  unknownCharacter: { name: string; known: string[] };
  sheetLacksTrait: { character: string; trait: string };
  /** A helper without the check's Skill rolls by the text's rule (000 l.89, 001 l.12); `cannot`: a Knowledge, no roll. */
  /** A helper's own trait («Рэй (Взлом)») where the ruleset's helpers roll the check's traits (all but threads-of-fate). */
  helperTraitUnused: { name: string; ruleset: string };
  helperUnskilled: { character: string; trait: string; rule: 'dice' | 'difficulty' | 'attribute' | 'cannot'; penalty: number };
  unknownHelper: { name: string; known: string[] };
  selfHelp: { name: string };
  helpersAsBonus: NoArguments;
  tooManyHelpers: { count: number; max: number };
  helpersInD20Contest: NoArguments;
  // The check's syntax (RM009): the parser's error; `text` and `first` as `quoted` shortens them.
  syntax: { error: ParseErrorCode; text: string; first?: string; param?: ParamKind };
  unclosedGuillemet: NoArguments;
  // Front matter (RM011); `detail`: the YAML parser's own words.
  unknownRuleset: { ruleset: string; known: string[] };
  unclosedFrontMatter: NoArguments;
  frontMatterYaml: { detail: string };
  frontMatterNotMapping: NoArguments;
  rulesetNotString: NoArguments;
  charactersNotMapping: NoArguments;
  sheetNotMapping: { name: string };
  sheetValueNotInteger: { trait: string };
  sheetValueOutOfRange: { trait: string; min: number; max: number };
  // Prose (RM012).
  proseCheck: { markup: string };
  // The project's own files (RM011): the dictionary, the rulesets folder, a file refused.
  unusedFile: { path: string; refusal: FileRefusal };
  pathOutsideWorkspace: { path: string };
  rulesetsFolderTruncated: { path: string; refusal: FileRefusal };
  dictionaryTooLarge: NoArguments;
  dictionaryShape: NoArguments;
  dictionaryEntryNotText: NoArguments;
  dictionaryEntryWithoutName: NoArguments;
  unknownCategory: { word: string };
  /** A YAML or size problem of a project file; `detail` in the parser's (or the engine's) words. */
  yaml: { detail: string };
  /** `detail`: the engine's own words for a ruleset file's problem (engine/rulesetValidation.ts), with its path. */
  rulesetFile: { detail: string };
  // The project's parties (RM011 on .rollmark/party.yaml).
  partyFileTooLarge: NoArguments;
  partyFileShape: NoArguments;
  partyNotMapping: { name: string };
  partySheetNotMapping: { name: string };
  partyValueNotInteger: { trait: string };
  partyValueOutOfRange: { trait: string; min: number; max: number };
  partyTooMany: { max: number; what: 'parties' | 'characters' };
  partyUnknownDefault: { name: string; known: string[] };
  builtinRulesetId: { ruleset: string };
  duplicateRulesetId: { ruleset: string; first: string };
  // Paths through the adventure (RM016): `chance` of the outcome the scene needs, absent when unknown.
  hangsOnOneRoll: { scene: string; check: string; outcome: 'success' | 'failure'; chance?: number };
  fewClues: { scene: string; clues: number; needed: number };
  // Pools (RM002): a Background, Sphere, Gift or Quintessence that the text makes change the difficulty (issue 20).
  changesDifficulty: { trait: string };
  // Suppression comments (RM017); `written` as in the comment.
  suppressionUnknownDirective: { written: string };
  suppressionUnknownCode: { written: string };
  // RM005: a parameter another one of the check rules out (docs/markup.md, the threshold in one roll).
  thresholdConflict: { param: string; with: 'contest' | 'extended' };
  // Roll twice and attempts with a growing penalty (docs/markup.md; RM003, RM005).
  twiceConflict: { with: 'contest' | 'extended' | 'threshold' };
  twiceAsAdvantage: NoArguments;
  attemptsConflict: { with: 'contest' | 'extended' };
  zeroAttempts: NoArguments;
  tooManyAttempts: { count: number; max: number };
  penaltyWithoutAttempts: NoArguments;
  penaltyTwice: NoArguments;
  secondAttemptInContest: NoArguments;
  // Combat (`урон:` / `поглощение:`, docs/markup.md; RM003, RM004, RM005).
  combatUnsupported: { param: string; ruleset: string };
  combatOnDefender: { param: string };
  combatConflict: { with: 'extended' | 'threshold' | 'twice' | 'attempts' };
  soakWithoutDamage: NoArguments;
  combatWithNoBotch: { param: string };
  combatPoolTooLarge: { param: string; pool: number; max: number };
  combatValueUnknown: { param: string; name: string };
  // vampire-pack's `атака`/`защита` (High Competence, 004 l.109) and `сделка с Дьяволом` (004 l.60–65).
  vampirePackOnly: { param: string; ruleset: string; rule: 'highCompetence' | 'deal' };
  dealConflict: { with: 'contest' | 'extended' };
  // `+N успехов`, `прочность`, `маневр`, `фора` (docs/markup.md, "Механики"; RM003, RM005).
  zeroExtraSuccesses: NoArguments;
  zeroManeuver: NoArguments;
  durabilityInContest: NoArguments;
  headStartWithoutRace: NoArguments;
  headStartReachesTarget: { start: number; target: number };
}

export type DiagnosticMessage = Messages<DiagnosticArguments>;

/** What a prose fix's title adds when the markup cannot carry everything over. */
export type ProseNote = { id: 'noDifficulty' } | { id: 'droppedDifficulty' } | { id: 'remains'; codes: DiagnosticCode[] };

/** Every fix title: its id → its arguments. */
export interface FixArguments {
  replaceWith: { name: string };
  addToDictionary: { name: string };
  rewriteCheck: NoArguments;
  toMarkup: { markup: string; note?: ProseNote };
  removeParam: { param: string };
  removeHelper: { name: string };
  useRuleset: { ruleset: string };
  useCharacter: { name: string };
  closeGuillemet: NoArguments;
  closeParen: NoArguments;
  spendInstead: { param: string };
  addSpecial: NoArguments;
  ignoreHere: { code: DiagnosticCode };
  addToSheet: { character: string; trait: string };
}

export type FixTitle = Messages<FixArguments>;

/** What a diagnostic's related information says. */
export type RelatedMessage = { id: 'characterSheet'; character: string };

/** Why "add to the project dictionary" did not add the term (workspace/projectDictionary.ts). */
export type DictionaryEditProblem =
  /** The file has problems of its own: the first of them. */
  | { id: 'fileHasProblem'; problem: DiagnosticMessage }
  | { id: 'notAList' }
  /** The list is laid out in a way an inserted item would not follow. */
  | { id: 'byHand' }
  | { id: 'refused'; refusal: FileRefusal }
  /** A term longer than `limit` characters: a name, not a paragraph. */
  | { id: 'termTooLong'; limit: number }
  /** The file with the term would be larger than the `limit` (bytes) a dictionary is read up to. */
  | { id: 'tooLarge'; limit: number };

/** Longest quotation of the offending text in a message, in code points. */
const MAX_QUOTED = 60;

/**
 * The offending text as a message quotes it: on one line whatever the document's line ends
 * (the same error reads the same with LF and CRLF), and short even when the text is not, so a
 * diagnostic never holds a long slice of the document.
 */
export function quoted(text: string): string {
  const oneLine = text.replace(/\s+/gu, ' ');
  const points = Array.from(oneLine);
  return points.length > MAX_QUOTED ? `${points.slice(0, MAX_QUOTED - 1).join('')}…` : oneLine;
}

/** Code points kept after the first difference, so that the reader sees the mistake and what follows it. */
const AFTER_DIFFERENCE = 15;

/**
 * `text` shortened as `quoted` does, but never past its first difference from `other`: a long check
 * whose mistake lies near its end is quoted around the mistake, «…» marking what is left out.
 */
export function quotedAround(text: string, other: string): string {
  const points = Array.from(text.replace(/\s+/gu, ' '));
  const others = Array.from(other.replace(/\s+/gu, ' '));
  let first = 0;
  while (first < points.length && points[first] === others[first]) first++;
  if (points.length <= MAX_QUOTED || first < MAX_QUOTED - AFTER_DIFFERENCE) return quoted(text);
  // Cut at spaces where there are some, so that no word is quoted in half.
  let end = Math.min(points.length, first + AFTER_DIFFERENCE);
  const spaceBeforeEnd = points.lastIndexOf(' ', end);
  if (end < points.length && spaceBeforeEnd > first) end = spaceBeforeEnd;
  let start = Math.max(0, end - (MAX_QUOTED - 2));
  const spaceAfterStart = points.indexOf(' ', start);
  if (start > 0 && spaceAfterStart >= 0 && spaceAfterStart < first) start = spaceAfterStart + 1;
  return `${start > 0 ? '…' : ''}${points.slice(start, end).join('')}${end < points.length ? '…' : ''}`;
}

/** Whether two messages (or any of the analysis' plain data) say the same: equal ids and arguments. */
export function sameMessage(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => sameMessage((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
