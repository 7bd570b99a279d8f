/**
 * What a report of odds says to a reader, shape by shape. A report is a contest, an extended
 * action or a plain roll's outcomes; each shape says which chance matters, the outcome rows and
 * the notes. A new kind of report (alternatives, teamwork, races, initiative) is a new shape in
 * `SHAPES`, ahead of the ones it refines.
 */
import type { CheckSpec } from '../engine/checkSpec';
import type { PoolOdds } from '../engine/oddsReport';
import type { Ruleset } from '../engine/ruleset';
import { type ChartRow, sparkline } from './charts';
import { noteText } from './notes';
import { outcomeName, tieWord } from './ruleset';
import type { Voice } from './voice';

export interface OddsContext {
  ruleset: Ruleset;
  v: Voice;
  /** The check's spec when the caller has it: an extended action's or a race's target. */
  spec?: CheckSpec;
}

/** A chance and what it is the chance of; words alone when there is no chance to give («нужно 10 успехов»). */
export interface Figure {
  label: string;
  probability?: number;
}

export interface OddsView {
  /**
   * The chance that matters: success of every kind, a contest's win, an extended action done in
   * time; for initiative, which has no success, the mean total (words alone).
   */
  main: Figure;
  /** The headline's part of the main chance, in parentheses after it: a storytelling contest's exceptional win. */
  mainPart?: Figure;
  /** What a reader wants next: «из них исключительный успех», the risk of a botch. */
  also: Figure[];
  /**
   * The rows under the headline: exclusive outcomes summing to 100 % (depth 0), each followed by
   * its parts (depth 1); for an extended action, the chance of being done within each roll.
   */
  rows: ChartRow[];
  /** The mean: «в среднем 1,2 успеха», «в среднем итог 17,83». */
  mean?: string;
  /** A line after the rows: a d20 margin's spread. */
  spread?: string;
  /** An extended action's single roll. */
  oneRoll?: OddsView;
  /**
   * An extended action without a goal (`длительное` alone): the chance of reaching each goal (a
   * row) within each number of rolls (a column); the header's first cell names the rows.
   */
  goals?: { header: string[]; rows: string[][] };
  notes: string[];
}

/** A column of the table by pool size, when the pool is unknown. */
export interface Column {
  header: string;
  cell(odds: PoolOdds): string;
}

export interface OddsShape {
  fits(odds: PoolOdds): boolean;
  view(odds: PoolOdds, ctx: OddsContext): OddsView;
  columns(ctx: OddsContext, rows: readonly PoolOdds[]): Column[];
}

/** The report's notes in words (the engine decides which apply, `OddsNote`). */
function rulesNotes(odds: PoolOdds, { ruleset, v }: OddsContext): string[] {
  return odds.notes.map((note) => noteText(note, odds, ruleset, v));
}

function contestRows(odds: PoolOdds, ctx: OddsContext): ChartRow[] {
  const { v } = ctx;
  const { win, tie, lose, exceptional_win: exceptionalWin, exceptional_lose: exceptionalLose } = odds.contest ?? { win: 0, tie: 0, lose: 0 };
  // After the Attribute tie-break no tie is left to show.
  const tieRow = odds.tie_break ? [] : [{ label: tieWord(ctx.ruleset, v), probability: tie }];
  // Storytelling degrees (000 l.341): each part under its row, when it can happen.
  const part = (label: string, probability: number | undefined): ChartRow[] => (probability !== undefined && probability >= VISIBLE ? [{ label, probability, depth: 1 }] : []);
  return [
    { label: v.w.win, probability: win },
    ...part(v.w.contestExceptional, exceptionalWin),
    ...tieRow,
    { label: v.w.loss, probability: lose },
    ...part(v.w.contestExceptionalLoss, exceptionalLose),
  ];
}

const contestShape: OddsShape = {
  fits: (odds) => odds.contest !== undefined,
  view(odds, ctx) {
    const { v } = ctx;
    const { win, tie, lose, exceptional_win: exceptionalWin } = odds.contest ?? { win: 0, tie: 0, lose: 0 };
    // A contest with degrees (storytelling) names its loss too: a dramatic failure alone loses it.
    const degrees = exceptionalWin !== undefined;
    return {
      main: { label: v.w.win, probability: win },
      ...(degrees && exceptionalWin >= VISIBLE ? { mainPart: { label: v.w.contestExceptional, probability: exceptionalWin } } : {}),
      also: [...(tie > 0 ? [{ label: tieWord(ctx.ruleset, v), probability: tie }] : []), ...(degrees ? [{ label: v.w.loss, probability: lose }] : [])],
      rows: contestRows(odds, ctx),
      notes: rulesNotes(odds, ctx),
    };
  },
  columns: (ctx) => [
    { header: ctx.v.w.win, cell: (odds) => ctx.v.percent(odds.contest?.win ?? 0) },
    { header: ctx.v.w.tie, cell: (odds) => ctx.v.percent(odds.contest?.tie ?? 0) },
  ],
};

/** The first round by which a race is decided with at least this chance. */
function roundsFor(within: readonly number[], chance: number): number | undefined {
  const k = within.findIndex((p) => p >= chance);
  return k < 0 ? undefined : k + 1;
}

/**
 * A race (000 l.351–357; 001 l.82–84): win, tie and loss of the whole race, then how soon it is
 * decided: within which round half the races and nearly all (99 %) are, or with a round limit how
 * many reach a target before the totals are compared.
 */
const raceShape: OddsShape = {
  fits: (odds) => odds.contest !== undefined && odds.within !== undefined && odds.within.length > 0,
  view(odds, ctx) {
    const { v, spec } = ctx;
    const contest = contestShape.view(odds, ctx);
    const within = odds.within ?? [];
    const last = within[within.length - 1] ?? 0;
    const limit = spec?.extended?.maxRolls;
    const half = roundsFor(within, 0.5);
    const almost = roundsFor(within, 0.99);
    const decided =
      limit !== undefined
        ? v.w.raceLimited(v.count(limit, 'round'), v.percent(last))
        : [
            ...(half !== undefined ? [v.w.raceDecidedBy(v.count(half, 'round'), v.percent(within[half - 1]))] : []),
            ...(almost !== undefined && almost !== half ? [(half !== undefined ? v.w.raceAlsoBy : v.w.raceDecidedBy)(v.count(almost, 'round'), v.percent(within[almost - 1]))] : []),
          ].join(', ');
    const extended = spec?.extended;
    // Each side's own target when they differ: «(6 успехов) против … (4 успеха)» is not a race to 6 for both.
    const target = !extended
      ? undefined
      : extended.opponentTarget !== undefined && extended.opponentTarget !== extended.target
        ? v.w.raceToEach(v.count(extended.target, 'success'), v.count(extended.opponentTarget, 'success'))
        : v.w.raceTo(v.count(extended.target, 'success'));
    return { ...contest, also: [...contest.also, ...(target ? [{ label: target }] : [])], spread: decided || undefined };
  },
  columns: (ctx) => contestShape.columns(ctx, []),
};

/**
 * Initiative (001 l.253, 003 l.11): 1d10 + the rating, no success or failure. The mean heads it;
 * the totals, equally likely, fit one line («итог от 6 до 15, каждый 10 %»).
 */
const initiativeShape: OddsShape = {
  fits: (odds) => odds.initiative !== undefined,
  view(odds, ctx) {
    const { v } = ctx;
    const totals = Object.entries(odds.initiative ?? {})
      .map(([total, p]) => [Number(total), p] as const)
      .sort((a, b) => a[0] - b[0]);
    const low = totals[0]?.[0] ?? odds.pool;
    const high = totals[totals.length - 1]?.[0] ?? odds.pool;
    const even = totals.every(([, p]) => Math.abs(p - totals[0][1]) < 1e-12);
    const spread = even ? v.w.initiativeEven(v.number(low), v.number(high), v.percent(totals[0]?.[1] ?? 0)) : `${v.w.initiativeTotals} ${sparkline(odds.initiative ?? {}, v)}`;
    return {
      main: { label: v.w.meanInitiative(v.number(odds.expected)) },
      also: [],
      rows: [],
      spread,
      notes: rulesNotes(odds, ctx),
    };
  },
  columns: ({ v }) => [{ header: v.w.meanHeader, cell: (odds) => v.number(odds.expected) }],
};

/** Rolls an extended action's chart shows at most: the last ones, where the chance is. */
const MAX_WITHIN_ROWS = 8;

function doneWithin(odds: PoolOdds): number {
  const within = odds.within ?? [];
  return within[within.length - 1] ?? 0;
}

const extendedShape: OddsShape = {
  fits: (odds) => odds.within !== undefined && odds.within.length > 0,
  view(odds, ctx) {
    const { v, spec } = ctx;
    const within = odds.within ?? [];
    const oneRoll = outcomesShape.view({ ...odds, within: undefined }, ctx);
    const rows = within.map((probability, k) => ({ label: v.w.withinRolls(v.count(k + 1, 'roll')), probability }));
    return {
      main: { label: v.w.doneWithin(v.count(within.length, 'roll')), probability: doneWithin(odds) },
      also: spec?.extended ? [{ label: v.w.needed(v.count(spec.extended.target, 'success')) }] : [],
      rows: rows.slice(-MAX_WITHIN_ROWS),
      oneRoll,
      notes: oneRoll.notes,
    };
  },
  columns: ({ v }, rows) => {
    const lengths = new Set(rows.map((odds) => odds.within?.length ?? 0));
    if (lengths.size === 1) return [{ header: v.w.withinRolls(v.count([...lengths][0], 'roll')), cell: (odds) => v.percent(doneWithin(odds)) }];
    return [{ header: v.w.success, cell: (odds) => `${v.percent(doneWithin(odds))} ${v.w.withinRolls(v.count(odds.within?.length ?? 0, 'roll'))}` }];
  },
};

/**
 * Attempts until the first success (`K попыток`, 000 l.398): the chance of a success within each
 * attempt, the risk of a dramatic failure on the way, and the first attempt's own roll.
 */
const attemptsShape: OddsShape = {
  fits: (odds) => odds.attempts !== undefined && odds.within !== undefined,
  view(odds, ctx) {
    const { v, ruleset, spec } = ctx;
    const within = odds.within ?? [];
    const oneRoll = outcomesShape.view({ ...odds, within: undefined, attempts: undefined }, ctx);
    const also: Figure[] = [];
    if ((odds.dramatic_any ?? 0) > 0) also.push({ label: v.w.attemptsDramatic(outcomeName(ruleset, 'dramatic_failure', v)), probability: odds.dramatic_any });
    const penalty = spec?.attempts?.penalty;
    if (penalty !== undefined && penalty > 0 && within.length > 1) also.push({ label: v.w.attemptsPenalty(v.count(penalty, 'die')) });
    return {
      main: { label: v.w.attemptsWithin(v.count(within.length, 'attempt')), probability: doneWithin(odds) },
      also,
      rows: within.map((probability, k) => ({ label: v.w.attemptsSoFar(v.count(k + 1, 'attempt')), probability })).slice(-MAX_WITHIN_ROWS),
      oneRoll,
      notes: oneRoll.notes,
    };
  },
  columns: ({ v }, rows) => [{ header: v.w.attemptsWithin(v.count(rows[0]?.attempts ?? 1, 'attempt')), cell: (odds) => v.percent(doneWithin(odds)) }],
};

/** Outcome keys (as `rollmark odds --json` writes them) that are a success; their sum is the chance that matters. */
const SUCCESS_KEYS = ['success', 'exceptional_success'];
/** Failures in the order a reader weighs them: the plain one, then the bad ones. */
const FAILURE_KEYS = ['failure', 'painful_failure', 'botch', 'dramatic_failure', 'no_dice'];
/** Failures worse than failing, worth the headline. */
const SEVERE_KEYS = new Set(['painful_failure', 'botch', 'dramatic_failure', 'no_dice']);

function successChance(odds: PoolOdds): number {
  const outcomes = odds.outcomes ?? {};
  return SUCCESS_KEYS.reduce((sum, key) => sum + (outcomes[key] ?? 0), 0);
}

/** d20: where the natural 20 and the natural 1 fall, from the margins (a 1 succeeds when even the lowest total does). */
function criticals(odds: PoolOdds): { high: number; low: number; highSucceeds: boolean; lowSucceeds: boolean } | undefined {
  const outcomes = odds.outcomes ?? {};
  if (outcomes.critical_success === undefined && outcomes.critical_failure === undefined) return undefined;
  const margins = Object.keys(odds.margin ?? {}).map(Number);
  return {
    high: outcomes.critical_success ?? 0,
    low: outcomes.critical_failure ?? 0,
    highSucceeds: (outcomes.critical_rescue ?? 0) === 0,
    lowSucceeds: margins.length > 0 && Math.min(...margins) >= 0,
  };
}

/** A chance below this is not worth a row of its own in the successes' breakdown. */
const VISIBLE = 0.0005;
/** Rows of successes at most, «5+» the last, for families that name no degrees. */
const MAX_COUNT_ROWS = 5;

/** Where the ruleset's own names end the breakdown: vampire-pack's degree 5 is «5+»; storytelling's exceptional success is 5+. */
function foldAt(ruleset: Ruleset): number {
  let degrees = 0;
  while (ruleset.outcomes[`degree_${degrees + 1}`]) degrees++;
  if (degrees > 0) return degrees;
  return ruleset.family === 'storytelling' ? ruleset.params.exceptionalAt : MAX_COUNT_ROWS;
}

/** A success broken down by how many successes: «1 базовый успех», «2 успеха», «5+ исключительный успех». */
function countParts(successes: readonly number[], { ruleset, v }: OddsContext): ChartRow[] {
  const atLeast = new Array<number>(successes.length + 1).fill(0);
  for (let k = successes.length - 1; k >= 0; k--) atLeast[k] = atLeast[k + 1] + successes[k];
  // Rows start at the first count a roll can give (`+N успехов` starts at N + 1); a fold the ruleset names stays where it is.
  const first = Math.max(1, successes.findIndex((q, k) => k >= 1 && q > 0));
  const namesFold = ruleset.family === 'storytelling' || ruleset.outcomes.degree_1 !== undefined;
  const cap = namesFold ? foldAt(ruleset) : Math.max(foldAt(ruleset), first + MAX_COUNT_ROWS - 1);
  let last = 1;
  while (last < successes.length - 1 && last < cap && atLeast[last + 1] >= VISIBLE) last++;
  const rows: ChartRow[] = [];
  for (let k = 1; k <= last && k < successes.length; k++) {
    const folded = k === last && atLeast[k + 1] > 0;
    // `+N успехов` leaves no roll with 1 … N successes: no row for what cannot happen.
    if (!folded && successes[k] === 0) continue;
    const degree = ruleset.outcomes[`degree_${k}`];
    const exceptional = ruleset.family === 'storytelling' && k === ruleset.params.exceptionalAt ? ruleset.outcomes.exceptional_success : undefined;
    const named = degree ?? exceptional;
    const label = named ? `${v.number(k)}${folded ? '+' : ''} ${v.pick(named)}` : v.count(k, 'success', folded);
    rows.push({ label, probability: folded ? atLeast[k] : successes[k], depth: 1 });
  }
  return rows;
}

const outcomesShape: OddsShape = {
  fits: () => true,
  view(odds, ctx) {
    const { ruleset, v } = ctx;
    const outcomes = odds.outcomes ?? {};
    const name = (key: string) => outcomeName(ruleset, key, v);
    const success = successChance(odds);
    const critical = criticals(odds);
    const part = (key: string, probability: number): ChartRow => ({ label: name(key), probability, depth: 1 });

    const rows: ChartRow[] = [{ label: name('success'), probability: success }];
    if (odds.successes && success > 0) rows.push(...countParts(odds.successes, ctx));
    if (critical?.highSucceeds && critical.high > 0) rows.push(part('critical_success', critical.high));
    if (critical?.lowSucceeds && critical.low > 0) rows.push(part('critical_failure', critical.low));
    for (const key of FAILURE_KEYS) {
      const probability = outcomes[key] ?? 0;
      if (probability <= 0) continue;
      rows.push({ label: name(key), probability });
      if (key !== 'failure' || !critical) continue;
      if (!critical.lowSucceeds && critical.low > 0) rows.push(part('critical_failure', critical.low));
      if (!critical.highSucceeds && critical.high > 0) rows.push(part('critical_success', critical.high));
    }

    const also: Figure[] = [];
    // vampire-pack `сделка с Дьяволом`: the success once a plain failure is traded (004 l.60–65).
    if (odds.deal !== undefined) also.push({ label: v.w.withDeal, probability: odds.deal });
    if ((outcomes.exceptional_success ?? 0) > 0) also.push({ label: v.w.partOf(name('exceptional_success')), probability: outcomes.exceptional_success });
    if (critical?.highSucceeds && critical.high > 0) also.push({ label: v.w.partOf(name('critical_success')), probability: critical.high });
    for (const key of FAILURE_KEYS) if (SEVERE_KEYS.has(key) && (outcomes[key] ?? 0) > 0) also.push({ label: name(key), probability: outcomes[key] });

    let mean: string | undefined;
    let spread: string | undefined;
    if (odds.successes && odds.successes.length > 1) mean = v.w.meanSuccesses(v.count(odds.expected, 'success'));
    // A static value's total is its formula's result; only a roll has a mean and a spread.
    if (odds.margin && !odds.notes.includes('static_value')) {
      mean = v.w.meanTotal(v.number(odds.expected));
      spread = `${v.w.marginSpread} ${sparkline(odds.margin, v)}`;
    }

    return { main: { label: name('success'), probability: success }, also, rows, mean, spread, notes: rulesNotes(odds, ctx) };
  },
  columns({ ruleset, v }, rows) {
    const severe = FAILURE_KEYS.filter((key) => SEVERE_KEYS.has(key) && rows.some((odds) => (odds.outcomes?.[key] ?? 0) > 0));
    return [
      { header: outcomeName(ruleset, 'success', v), cell: (odds) => v.percent(successChance(odds)) },
      ...severe.map((key) => ({ header: outcomeName(ruleset, key, v), cell: (odds: PoolOdds) => v.percent(odds.outcomes?.[key] ?? 0) })),
    ];
  },
};

/** The shapes, most specific first; the last fits every report. */
/**
 * An extended action whose goal the Storyteller sets (`длительное` alone, 001 l.130): one roll's
 * odds as the headline, and the chance of reaching 1…10 successes within 1…5 rolls as a table.
 */
const openGoalShape: OddsShape = {
  fits: (odds) => odds.by_goal !== undefined,
  view(odds, ctx) {
    const { v } = ctx;
    const byGoal = odds.by_goal ?? {};
    const oneRoll = outcomesShape.view({ ...odds, by_goal: undefined }, ctx);
    const rolls = Object.values(byGoal)[0]?.length ?? 0;
    const header = [v.w.goalHeader, ...Array.from({ length: rolls }, (_, k) => v.w.withinRolls(v.count(k + 1, 'roll')))];
    const rows = Object.entries(byGoal).map(([goal, within]) => [v.count(Number(goal), 'success'), ...within.map((p) => v.percent(p))]);
    return { ...oneRoll, also: [...oneRoll.also, { label: v.w.goalNotStated }], goals: { header, rows } };
  },
  columns: (ctx, rows) => outcomesShape.columns(ctx, rows),
};

/** Levels of damage the distribution line names one by one; the rest fold into «N+». */
const MAX_LEVEL_ITEMS = 5;

/** P(levels dealt = k) from the report's `damage`, k = 0, 1, … */
function levelSeries(odds: PoolOdds): number[] {
  const damage = odds.damage ?? {};
  const out: number[] = [];
  for (const [key, p] of Object.entries(damage)) out[Number(key)] = p;
  return Array.from(out, (p) => p ?? 0);
}

/**
 * An attack (`урон:`, 001 l.268–275, 306): the chance of a hit and the mean damage as the headline;
 * the hit broken down by levels dealt, the miss and the botch as rows; every level's chance on one line.
 */
const combatShape: OddsShape = {
  fits: (odds) => odds.hit !== undefined && odds.damage !== undefined,
  view(odds, ctx) {
    const { ruleset, v } = ctx;
    const hit = odds.hit ?? 0;
    const botch = odds.outcomes?.botch ?? 0;
    const levels = levelSeries(odds);
    const miss = Math.max(0, 1 - hit);
    const parts: ChartRow[] = [];
    const atLeast = new Array<number>(levels.length + 1).fill(0);
    for (let k = levels.length - 1; k >= 0; k--) atLeast[k] = atLeast[k + 1] + levels[k];
    let last = 1;
    while (last < levels.length - 1 && last < MAX_COUNT_ROWS && atLeast[last + 1] >= VISIBLE) last++;
    for (let k = 1; k <= last && k < levels.length; k++) {
      const folded = k === last && atLeast[k + 1] > 0;
      parts.push({ label: v.count(k, 'level', folded), probability: folded ? atLeast[k] : levels[k], depth: 1 });
    }
    const soaked = Math.max(0, (levels[0] ?? 0) - miss);
    if (hit > 0 && soaked >= VISIBLE) parts.push({ label: v.w.combatSoaked, probability: soaked, depth: 1 });
    const rows: ChartRow[] = [{ label: v.w.combatHit, probability: hit }, ...(hit > 0 ? parts : []), { label: v.w.combatMiss, probability: Math.max(0, miss - botch) }];
    if (botch > 0) rows.push({ label: outcomeName(ruleset, 'botch', v), probability: botch });
    const shown = Math.min(levels.length - 1, MAX_LEVEL_ITEMS);
    const items = levels.slice(0, shown + 1).map((p, k) => {
      const folded = k === shown && atLeast[k + 1] > 0;
      return `${v.number(k)}${folded ? '+' : ''} — ${v.percent(folded ? atLeast[k] : p)}`;
    });
    return {
      main: { label: v.w.combatHit, probability: hit },
      also: [{ label: v.w.combatMeanDamage(v.count(odds.expected_damage ?? 0, 'level')) }, ...(botch > 0 ? [{ label: outcomeName(ruleset, 'botch', v), probability: botch }] : [])],
      rows,
      spread: `${v.w.combatLevels} ${items.join(', ')}`,
      notes: rulesNotes(odds, ctx),
    };
  },
  columns: ({ v }) => [
    { header: v.w.combatHit, cell: (odds) => v.percent(odds.hit ?? 0) },
    { header: v.w.combatMeanHeader, cell: (odds) => v.number(odds.expected_damage ?? 0) },
  ],
};

const SHAPES: readonly OddsShape[] = [combatShape, initiativeShape, raceShape, contestShape, attemptsShape, extendedShape, openGoalShape, outcomesShape];

export function shapeOf(odds: PoolOdds): OddsShape {
  return SHAPES.find((shape) => shape.fits(odds)) ?? outcomesShape;
}
