/**
 * Difficulty tuning: the difficulty (storytelling, which has none: the dice modifier) that
 * brings a check's exact chance closest to a target the author picks. Every value the ruleset
 * allows is tried by writing it into the check and analysing the result exactly as the document
 * would be analysed after the edit, so the chance offered is the chance the hover shows then.
 *
 * Whose chance: the actor's; for a check the whole party rolls, the party's median character's
 * (party.ts `medianMember`); else the check's own, when its pool is known.
 */
import type { CheckSpec } from '../../engine/checkSpec';
import type { OddsReport } from '../../engine/oddsReport';
import type { Ruleset } from '../../engine/ruleset';
import { type CheckExpression, MAX_INTEGER, parseCheckExpression, type PoolExpr } from '../check/checkExpression';
import { formatInteger } from '../check/canonicalForm';
import { medianMember, resolveAs, successChance } from './party';
import { resolveCheck } from './resolveCheck';
import type { CheckContext } from './resolveContext';
import type { AnalyzedCheck, CharacterSheet, TextEdit } from '../types';

/** The targets offered: 30, 50, 70 and 90 %. */
export const TUNING_TARGETS: readonly number[] = [0.3, 0.5, 0.7, 0.9];

/**
 * The modifier's bound where a storytelling ruleset sets none (a user ruleset may leave
 * `modifierLimit` out): ±10 dice already turn any pool into a sure thing or a chance die.
 */
const UNLIMITED_MODIFIER = 10;

export interface Tuning {
  /** The chances aimed at, in [0, 1]: every target this value is the best for, in the order asked. */
  targets: number[];
  /** What the edit sets: the difficulty, or (storytelling) the check's last modifier. */
  kind: 'difficulty' | 'modifier';
  /** The value written: the difficulty, or the modifier's signed value (0: the modifier removed). */
  value: number;
  /** The exact chance after the edit. */
  chance: number;
  /** Whose chance it is, for a check the party rolls: the median character. */
  character?: string;
  /** The one edit to the document (offsets as the analysis gives them). */
  edit: TextEdit;
}

/** One value of the knob, with the edit that writes it and the chance after it. */
interface Candidate {
  value: number;
  edit: TextEdit;
  chance: number;
}

/** The knob a check is tuned with: where its value is written and which values the ruleset allows. */
interface Knob {
  kind: Tuning['kind'];
  /** The value the check has now (a difficulty left out: the ruleset's default). */
  current: number | undefined;
  /** Candidate values, easiest first: the first whose chance is 0 ends the search (chances only fall). */
  values: number[];
  edit(value: number): TextEdit;
}

function range(from: number, to: number, step: 1 | -1): number[] {
  const values: number[] = [];
  for (let v = from; step > 0 ? v <= to : v >= to; v += step) values.push(v);
  return values;
}

/** The difficulty parameter: replaced where written, else written first in the group (docs/markup.en.md, "Canonical form"), or a new group. */
function difficultyKnob(side: PoolExpr, ruleset: Ruleset): Knob | undefined {
  if (ruleset.family === 'storytelling' || !side.range) return undefined;
  const { min, max } = ruleset.params.difficulty;
  const written = side.params.find((p) => p.kind === 'difficulty');
  const sideEnd = side.range.end;
  const firstParam = side.params[0];
  const edit = (value: number): TextEdit => {
    if (written && written.kind === 'difficulty') return { range: written.valueRange, newText: formatInteger(value) };
    if (firstParam) return { range: { start: firstParam.range.start, end: firstParam.range.start }, newText: `сложность ${formatInteger(value)}, ` };
    return { range: { start: sideEnd, end: sideEnd }, newText: ` (сложность ${formatInteger(value)})` };
  };
  const current = written && written.kind === 'difficulty' ? written.value : ruleset.params.difficulty.default;
  // pool-minus-difficulty allows up to 99: the search stops where no dice are left.
  return { kind: 'difficulty', current, values: range(Math.max(min, 0), Math.min(max, MAX_INTEGER), 1), edit };
}

/**
 * Storytelling's dice modifier: the check's last modifier set to the value (removed at 0), or
 * one added after the last term. Other modifiers stay as written; the ruleset's limit bounds
 * the value (scope `each`) or the sum (`total`).
 */
function modifierKnob(side: PoolExpr, ruleset: Ruleset): Knob | undefined {
  if (ruleset.family !== 'storytelling' || !side.range) return undefined;
  const terms = side.terms;
  let last = -1;
  terms.forEach((t, i) => {
    if (t.kind === 'modifier') last = i;
  });
  const modifier = last >= 0 ? terms[last] : undefined;
  if (modifier && modifier.kind === 'modifier' && (last === 0 || !modifier.signRange || !Number.isFinite(modifier.value))) return undefined;
  const others = terms.reduce((sum, t, i) => sum + (t.kind === 'modifier' && i !== last ? t.sign * t.value : 0), 0);
  if (!Number.isFinite(others)) return undefined;
  const limit = ruleset.modifierLimit ?? { max: UNLIMITED_MODIFIER, scope: 'each' as const };
  const low = limit.scope === 'each' ? -limit.max : -limit.max - others;
  const high = limit.scope === 'each' ? limit.max : limit.max - others;
  const signed = (value: number) => `${value < 0 ? '−' : '+'} ${Math.abs(value)}`;
  const sideEnd = side.range.end;
  const edit = (value: number): TextEdit => {
    if (!modifier || modifier.kind !== 'modifier' || !modifier.signRange) return { range: { start: sideEnd, end: sideEnd }, newText: ` ${signed(value)}` };
    if (value !== 0) return { range: { start: modifier.signRange.start, end: modifier.range.end }, newText: signed(value) };
    // Removed with the space before it: «Ловкость + Вождение − 2» → «Ловкость + Вождение».
    return { range: { start: terms[last - 1].range.end, end: modifier.range.end }, newText: '' };
  };
  const current = modifier && modifier.kind === 'modifier' ? modifier.sign * modifier.value : 0;
  // The easiest first: the largest modifier.
  return { kind: 'modifier', current, values: range(high, low, -1), edit };
}

/** The content after an edit inside it. */
function editedContent(content: string, contentStart: number, edit: TextEdit): string {
  return content.slice(0, edit.range.start - contentStart) + edit.newText + content.slice(edit.range.end - contentStart);
}

/** Whose chance a tuning follows: a sheet for the party's median character, or the check itself. */
function roller(check: AnalyzedCheck, ctx: CheckContext): { sheet?: CharacterSheet } | undefined {
  if (check.party) {
    const name = medianMember(check.party).character;
    const sheet = ctx.characters.find((c) => c.name === name);
    return sheet ? { sheet } : undefined;
  }
  if (check.odds && successChance(check.odds) !== undefined) return {};
  return undefined;
}

const EPSILON = 1e-12;

/**
 * The best value for a target: the closest chance; of two equally close, the easier (the higher
 * chance); of values with one chance, the nearest to the current value (the smallest change).
 */
function choose(candidates: readonly Candidate[], target: number, current: number | undefined): Candidate | undefined {
  const change = (c: Candidate) => (current === undefined ? 0 : Math.abs(c.value - current));
  let best: Candidate | undefined;
  for (const c of candidates) {
    if (!best) {
      best = c;
      continue;
    }
    const d = Math.abs(c.chance - target) - Math.abs(best.chance - target);
    if (d < -EPSILON) best = c;
    else if (d > EPSILON) continue;
    else if (c.chance > best.chance + EPSILON) best = c;
    else if (Math.abs(c.chance - best.chance) <= EPSILON && change(c) < change(best)) best = c;
  }
  return best;
}

/**
 * The tunings of a check, one per target, each the value whose exact chance is closest to the
 * target (targets sharing a value share a tuning); a target whose best value is the check's
 * current one is left out (nothing to change).
 * None for a check with an error, a contest, an initiative roll, or a check whose chance is
 * unknown (an unknown pool and no party). `odds` computes a spec's odds (the analysis' cache).
 */
export function tuneCheck(
  check: AnalyzedCheck,
  ctx: CheckContext,
  odds: (ruleset: Ruleset, spec: CheckSpec) => OddsReport,
  targets: readonly number[] = TUNING_TARGETS,
): Tuning[] {
  const ast = check.ast;
  if (ast.errors.length > 0 || ast.sides.length !== 1 || !check.spec || check.spec.initiative) return [];
  const who = roller(check, ctx);
  if (!who) return [];
  const knob = difficultyKnob(ast.sides[0], ctx.ruleset) ?? modifierKnob(ast.sides[0], ctx.ruleset);
  if (!knob) return [];
  const content = check.text.slice(1, -1);
  const contentStart = check.contentRange.start;
  const chanceOf = (edited: CheckExpression, text: string): number | undefined => {
    const resolved = who.sheet ? resolveAs(edited, text, ctx, who.sheet) : resolveCheck(edited, text, ctx);
    if (!resolved.spec || resolved.spec.initiative || resolved.spec.opponent) return undefined;
    return successChance(odds(ctx.ruleset, resolved.spec));
  };
  const candidates: Candidate[] = [];
  for (const value of knob.values) {
    const edit = knob.edit(value);
    const text = editedContent(content, contentStart, edit);
    const chance = chanceOf(parseCheckExpression(text, contentStart), text);
    if (chance === undefined) continue;
    candidates.push({ value, edit, chance });
    if (chance <= 0) break;
  }
  const tunings: Tuning[] = [];
  for (const target of targets) {
    const best = choose(candidates, target, knob.current);
    if (!best || best.value === knob.current) continue;
    // Two targets with one best value are one action: «30 %, 50 % → сложность 8 (44 %)».
    const same = tunings.find((t) => t.value === best.value);
    if (same) same.targets.push(target);
    else tunings.push({ targets: [target], kind: knob.kind, value: best.value, chance: best.chance, edit: best.edit, ...(who.sheet ? { character: who.sheet.name } : {}) });
  }
  return tunings;
}
