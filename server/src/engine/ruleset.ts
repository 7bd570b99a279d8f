/**
 * The shape of a ruleset file. `ruleset.schema.json` is the authority at load time;
 * these types mirror it so the rest of the engine is checked by the compiler.
 */

export type FamilyId = 'classic' | 'storytelling' | 'pool-minus-difficulty' | 'd20';

/**
 * What a trait is for the composition rules (RM002):
 * - `attribute`: Атрибут / Характеристика;
 * - `ability`: Навык, Талант, Знание, Способность;
 * - `rollable`: a trait rolled on its own (Сила воли, Ярость, Гнозис, Арете);
 * - `power`: a vampire Discipline, rolled with an Attribute (power check);
 * - `generic`: a word for a whole class («Характеристика», «Навык»), used in formulas;
 * - `other`: known to the game but not normally part of a pool (Размер, Защита, …).
 */
export type TraitCategory = 'attribute' | 'ability' | 'rollable' | 'power' | 'generic' | 'other';

export interface TraitEntry {
  /** Canonical nominative form, spelled and capitalised as the ruleset's text spells it. */
  name: string;
  category: TraitCategory;
  /** The group the game files it under, for display: «Физические», «Таланты», «Сфера». */
  group?: string;
  /** English name, for the English UI and for users who know the original. */
  en?: string;
  /** Other spellings this ruleset accepts as the same trait without complaint. */
  aliases?: string[];
  /** Spellings from other translations or rulesets: accepted with RM014 and a fix to `name`. */
  variants?: string[];
  /** Inflected forms attested in the text; the analysis also derives case forms by stemming. */
  forms?: string[];
  /**
   * Spellings that stemming would take for a case form of this trait but that name another trait
   * of the ruleset (mage-revised: «Силы», «Сил», «Силах» are the Sphere of Forces, not Strength).
   * A lookup never reads them as this trait.
   */
  homographs?: string[];
  /** True when the rules text spells the trait this way; false for the game's list filled in. */
  attested: boolean;
}

export interface DifficultyRange {
  min: number;
  max: number;
  /** Used when a check omits the difficulty; absent when the ruleset requires one. */
  default?: number;
}

export interface ClassicParams {
  difficulty: DifficultyRange;
}

export interface StorytellingParams {
  /** A die at or above this succeeds (8). */
  target: number;
  /** Successes in one roll for an exceptional success (5). */
  exceptionalAt: number;
  specialtyDice: number;
  willpowerDice: number;
}

export interface PoolMinusDifficultyParams {
  target: number;
  specialtyDice: number;
  /** Pool size from which a base success may be taken without a roll (4). */
  highCompetenceAt: number;
  difficulty: DifficultyRange;
}

export interface D20Params {
  difficulty: DifficultyRange;
  /** At most this many Преимущества and, separately, Помехи (2). */
  maxEdge: number;
  staticBase: number;
  staticEdgeBonus: number;
}

export type FamilyParams =
  | { family: 'classic'; params: ClassicParams }
  | { family: 'storytelling'; params: StorytellingParams }
  | { family: 'pool-minus-difficulty'; params: PoolMinusDifficultyParams }
  | { family: 'd20'; params: D20Params };

/** An item of a composition rule: a trait category or a trait's canonical name. */
export type CompositionItem = string;

export interface CompositionRules {
  /** More traits than this in one pool is RM002. */
  maxTraits: number;
  /** Pairs (or larger sets) that must not appear together, e.g. [["ability", "ability"]]. */
  forbidden?: CompositionItem[][];
  /** When present, a pool must match one of these exactly (vampire-pack). */
  allowedOnly?: CompositionItem[][];
}

export interface ModifierLimit {
  /** Largest absolute value before RM015. */
  max: number;
  /** Whether the limit applies to each modifier or to their sum. */
  scope: 'each' | 'total';
}

export interface OutcomeName {
  ru: string;
  en: string;
}

export interface RulesetData {
  id: string;
  title: string;
  titleEn?: string;
  /** One or two sentences for hovers and `rollmark rulesets`. */
  summary: string;
  summaryEn?: string;
  /** A built-in ruleset id this one extends (user rulesets only). */
  extends?: string;
  vocabulary: 'closed' | 'open';
  /** The pool a roll uses when the check's pool is unknown and nobody gave one. */
  typicalPool: number;
  composition: CompositionRules;
  modifierLimit?: ModifierLimit;
  /**
   * The Initiative trait: a pool of this trait alone is an initiative roll (1d10 + its value).
   * Absent: the ruleset has no initiative roll.
   */
  initiativeTrait?: string;
  /**
   * Traits whose value, written in a pool, is a modifier and not a trait (storytelling: a vehicle's
   * «Управление», «Снаряжение», «Оружие»): no composition rule counts them.
   */
  equipment?: string[];
  /** Traits the text says are never rolled, only spent (storytelling «Воля», 000 l.89). */
  neverRolled?: string[];
  /**
   * How a helper rolls without an ability of the pool, by the ability's group (storytelling 000
   * l.89: −3 dice without a Mental Skill, −1 without a Physical or Social one; mage-revised 001 l.12:
   * the Attribute alone without a Talent, difficulty +1 without a Skill, no roll without a
   * Knowledge). A group left out, or no map: the helper's value is unknown.
   */
  unskilled?: Record<string, UnskilledRule>;
  /**
   * Whether helpers (`помощь`) may join a check. Absent: the family's rule applies where it has one
   * (classic, storytelling, d20); pool-minus-difficulty has none.
   */
  teamwork?: boolean;
  /** Whether `маневр N` caps a driver's pool by a vehicle's Maneuver (mage-revised 001 l.32). Absent: no vehicles in the text. */
  maneuver?: boolean;
  /** Outcome key (docs/rulesets.en.md, the outcome tables) → its name in the text's words. */
  outcomes: Record<string, OutcomeName>;
  traits: TraitEntry[];
}

export type Ruleset = RulesetData & FamilyParams;

/** A missing ability's effect on a helper's roll (`RulesetData.unskilled`). */
export type UnskilledRule = { kind: 'dice'; penalty: number } | { kind: 'difficulty'; penalty: number } | { kind: 'attribute' } | { kind: 'cannot' };
