/**
 * A side's pools (resolveCheck.ts): the helpers of teamwork and their values (RM007, RM008,
 * RM003 self-help), pools too small (RM006) or too large to roll, initiative pools, and traits the
 * rules only spend (RM002).
 */
import { reportSheetLacksTrait } from './sheetLacksTrait';
import { helperSide, type RollSide } from '../../engine/checkSpec';
import type { Ruleset } from '../../engine/ruleset';
import { type HelpersParam, MAX_INTEGER, type PoolExpr, type Term } from '../check/checkExpression';
import type { CharacterSheet, Fix, ResolvedTerm, TextEdit, TextRange } from '../types';
import { type CheckContext, type DiagnosticSink, willpowerName } from './resolveContext';
import { removalEdit } from './checkEdits';
import { sheetNamed } from './resolveTerms';
import { unskilledRule } from './unskilledHelper';

export function reportPoolEmpty(pool: number | null, ctx: CheckContext, range: TextRange | undefined, sink: DiagnosticSink): void {
  if (pool === null || pool > 0 || !range) return;
  const family = ctx.ruleset.family;
  if (family === 'storytelling') sink.add('RM006', { id: 'chanceDie' }, range);
  else if (family === 'pool-minus-difficulty') sink.add('RM006', { id: 'noDiceLeft' }, range);
  else if (family === 'classic') sink.add('RM006', { id: 'cannotRoll' }, range);
}

/**
 * The largest pool (d10 dice, or a d20 modifier) the analysis computes odds for. Every number in a
 * check is at most MAX_INTEGER, but terms add up, and character sheets can say anything; the
 * exact odds of a pool take time quadratic in its size (a second for a few thousand dice, hours for
 * a million), so a larger pool gets RM006 and no spec instead of stalling the analysis.
 */
export const MAX_POOL = MAX_INTEGER;

/** RM006 for a side whose pool is too large to roll; true when it is. */
export function reportPoolTooLarge(pool: number | null, range: TextRange | undefined, sink: DiagnosticSink): boolean {
  if (pool === null || Math.abs(pool) <= MAX_POOL) return false;
  if (range) sink.add('RM006', { id: 'poolTooLarge', pool, max: MAX_POOL }, range, [], 'warning');
  return true;
}

/**
 * The helpers of one combination (`помощь`, docs/markup.en.md): N helpers with the acting
 * side's own base, or each named character with the same terms at their own sheet's values. A
 * name the front matter does not know (RM007) is a helper whose values are unknown, as an unknown
 * actor's are: the check's pool is unknown, never the odds of the others alone.
 */
export function helpersOf(param: HelpersParam, combination: readonly number[], side: PoolExpr, byTerm: readonly (ResolvedTerm | undefined)[], main: RollSide, ctx: CheckContext, sink: DiagnosticSink): RollSide[] {
  if (param.count !== undefined) return Array.from({ length: param.count }, () => helperSide(main, main.base));
  const helpers: RollSide[] = [];
  for (const helper of param.names ?? []) {
    const sheet = sheetNamed(helper.name, ctx);
    if (!sheet) {
      const known = ctx.characters.map((c) => c.name);
      const fixes = known.map((k) => sink.fix({ id: 'useCharacter', name: k }, helper.range, k, known.length === 1));
      sink.add('RM007', { id: 'unknownHelper', name: helper.name, known }, helper.range, fixes);
      helpers.push(helperSide(main, null));
      continue;
    }
    // threads-of-fate (002 l.65): each helper checks their own Characteristic or Skill, named after them.
    if (helper.trait && ctx.ruleset.family === 'd20') {
      const name = ctx.index.lookup(helper.trait.name)?.trait.name ?? helper.trait.name;
      const own = sheet.traits.get(name)?.value;
      if (own === undefined) reportSheetLacksTrait(sink, sheet, name, helper.trait.range);
      helpers.push(helperSide(main, own ?? null));
      continue;
    }
    if (helper.trait) sink.add('RM005', { id: 'helperTraitUnused', name: helper.name, ruleset: ctx.ruleset.id }, helper.trait.range);
    let base: number | null = 0;
    /** The text's rule for a missing Skill (unskilledHelper.ts): difficulty added, or no roll at all. */
    let harder = 0;
    let cannot = false;
    for (const k of combination) {
      const term = side.terms[k];
      if (term.kind === 'modifier') {
        if (base !== null && Number.isFinite(term.value)) base += term.sign * term.value;
        continue;
      }
      const resolved = byTerm[k];
      // Equipment and a resistance are the situation's, as written; a trait is the helper's own.
      const own = resolved?.role === undefined ? sheet.traits.get(resolved?.trait?.name ?? term.name)?.value : resolved.value ?? sheet.traits.get(resolved.trait?.name ?? term.name)?.value;
      const rule = own === undefined && resolved?.role === undefined && resolved?.trait ? unskilledRule(ctx.ruleset, resolved.trait) : undefined;
      if (own === undefined && rule && resolved?.trait) {
        const penalty = rule.kind === 'dice' || rule.kind === 'difficulty' ? rule.penalty : 0;
        reportSheetLacksTrait(sink, sheet, resolved.trait.name, helper.range, { id: 'helperUnskilled', character: sheet.name, trait: resolved.trait.name, rule: rule.kind, penalty });
        if (rule.kind === 'cannot') cannot = true;
        else if (rule.kind === 'difficulty') harder += rule.penalty;
        else if (rule.kind === 'dice' && base !== null) base -= rule.penalty;
      } else if (own === undefined) {
        if (resolved?.role === undefined && resolved?.trait) {
          reportSheetLacksTrait(sink, sheet, resolved.trait.name, helper.range);
        }
        base = null;
      } else if (base !== null) {
        base += term.sign * own;
      }
    }
    if (cannot) continue;
    const own = helperSide(main, base);
    if (harder > 0 && ctx.ruleset.family === 'classic') own.difficulty = (main.difficulty ?? ctx.ruleset.params.difficulty.default ?? 6) + harder;
    helpers.push(own);
  }
  return helpers;
}

/**
 * RM003 for the actor named among their own helpers («Вера: … (помощь: Вера)»): one character
 * cannot roll twice. The fix removes the name (with its separator; the whole parameter when it is
 * the only one).
 */
export function reportSelfHelp(side: PoolExpr, param: HelpersParam, actor: CharacterSheet, ctx: CheckContext, sink: DiagnosticSink, charAt: (offset: number) => string, malformed: boolean): void {
  const names = param.names ?? [];
  names.forEach((helper, i) => {
    if (sheetNamed(helper.name, ctx) !== actor) return;
    let fixes: Fix[] = [];
    if (!malformed) {
      const edit =
        names.length === 1
          ? removalEdit(side, param, charAt)
          : { range: i + 1 < names.length ? { start: helper.range.start, end: names[i + 1].range.start } : { start: names[i - 1].range.end, end: helper.range.end }, newText: '' };
      fixes = [sink.fix({ id: 'removeHelper', name: helper.name }, edit.range, edit.newText, true)];
    }
    sink.add('RM003', { id: 'selfHelp', name: actor.name }, helper.range, fixes);
  });
}

/** «Инициатива 5»: a pool whose only trait is the ruleset's Initiative trait (modifiers allowed). */
export function isInitiativePool(side: PoolExpr, byTerm: readonly (ResolvedTerm | undefined)[], ruleset: Ruleset): boolean {
  if (ruleset.initiativeTrait === undefined) return false;
  const traits = side.terms.map((term, k) => (term.kind === 'trait' ? byTerm[k] : undefined)).filter((t): t is ResolvedTerm => t !== undefined);
  return traits.length === 1 && !side.terms.some((t) => t.or) && traits[0].trait?.name === ruleset.initiativeTrait;
}

/**
 * RM002 for a trait the ruleset says is never rolled (storytelling «Воля», 000 l.89), with a fix
 * that spends it instead: the term leaves the pool and the parameter joins the group, unless the
 * group spends it already («Интеллект 2 + Сила воли 2 (Воля)»: a second «Воля» would be an error).
 */
export function reportNeverRolled(side: PoolExpr, k: number, name: string, ctx: CheckContext, sink: DiagnosticSink, malformed: boolean): void {
  const term = side.terms[k];
  const param = willpowerName(ctx.ruleset) === name ? name : 'Воля';
  const fixes: Fix[] = [];
  const next = side.terms[k + 1] as Term | undefined;
  const isOption = term.or !== undefined || next?.or !== undefined;
  if (!malformed && !isOption && side.terms.length > 1 && (k > 0 || (next?.sign === 1 && next.signRange))) {
    const removed = k > 0 ? { start: side.terms[k - 1].range.end, end: term.range.end } : { start: term.range.start, end: next!.range.start };
    const group = side.paramsRange;
    const spent = side.params.some((p) => p.kind === 'willpower');
    const added: TextEdit[] = spent
      ? []
      : [
          group && side.params.length > 0
            ? { range: { start: group.end - 1, end: group.end - 1 }, newText: `, ${param}` }
            : { range: { start: side.range!.end, end: side.range!.end }, newText: ` (${param})` },
        ];
    // A group with nothing in it («()») or unclosed is a syntax error, so the check is not malformed here only with a real group.
    if (!group || side.params.length > 0) fixes.push({ title: { id: 'spendInstead', param }, edits: [{ range: removed, newText: '' }, ...added], preferred: true });
  }
  sink.add('RM002', { id: 'neverRolled', trait: name, param }, term.range, fixes);
}

/**
 * Traits the texts never roll but let change a difficulty: Backgrounds (Сокрытие raises the
 * difficulty to perceive the mage, 001 l.87–89), Spheres (they set the magic's difficulty, 001
 * l.199), Quintessence (spent to lower it), werewolf Gifts (a power with its own difficulty, 003).
 */
const DIFFICULTY_GROUPS: ReadonlySet<string> = new Set(['Дополнения', 'Сфера', 'Дары']);
const DIFFICULTY_TRAITS: ReadonlySet<string> = new Set(['Квинтэссенция']);

/** RM002 for such a trait in a pool of a classic ruleset (issue 20); one the text rolls (werewolf Предки, 003) is `rollable`. */
export function reportDifficultyTrait(term: Term, resolved: ResolvedTerm | undefined, ctx: CheckContext, sink: DiagnosticSink): boolean {
  const trait = resolved?.trait;
  if (ctx.ruleset.family !== 'classic' || !trait || trait.category !== 'other' || resolved.role !== undefined) return false;
  if (!DIFFICULTY_TRAITS.has(trait.name) && !(trait.group !== undefined && DIFFICULTY_GROUPS.has(trait.group))) return false;
  sink.add('RM002', { id: 'changesDifficulty', trait: trait.name }, term.range);
  return true;
}
