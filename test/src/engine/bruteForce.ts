/**
 * An independent oracle for the odds engine.
 *
 * It shares no code and no algorithm with `server/src/engine`: it only imports the engine's
 * *types* (erased at compile time). Every number comes from listing die faces one by one,
 * the way a person would check the rules with a pencil:
 *
 * - classic and vampire-pack: all 10^n faces of the main dice (and, for a classic specialty,
 *   all 10^T faces of the T bonus dice), weighted by integer counts, so sums are exact;
 * - d20: all 20^(1+|k|) faces, keep the highest or lowest;
 * - storytelling: one die's re-roll chain is listed link by link (ten faces per link). Every
 *   face that re-rolls is also a success (the again threshold is never below 8), so all the
 *   chains still running after d links hold exactly d successes: the chain is a single line,
 *   listed until the mass still running is below 1e-16, and that mass is kept as `residual`.
 *   A pool of n dice is then every n-tuple of chain results (the dice are independent).
 * - extended actions: every sequence of rolls, each roll drawn from the per-roll outcomes
 *   above, stopped when the target is reached or the action is lost;
 * - contests: every pair (one outcome of each side);
 * - teamwork: every combination of one result per helper, then the main roll as it leaves it;
 * - races: round by round over the pair of totals, every pair of steps listed;
 * - initiative: the ten faces of one d10.
 *
 * It is meant for small pools (at most 4 or 5 d10) and is slow on purpose: simple first.
 * The rules are the contract in `../shared/spec/RULESETS.md` (section «Precise readings»)
 * and the JSON shape in `../shared/spec/CLI.md`; constants (8+, exceptional at 5, default
 * difficulty 6, …) are written here from that text, not read from the ruleset files.
 */
import type { AgainRule, CheckSpec, RollSide } from '../../../server/out/engine/checkSpec';

export type Family = 'classic' | 'storytelling' | 'pool-minus-difficulty' | 'd20';

/** Which family each built-in ruleset belongs to (the table at the top of RULESETS.md). */
export const FAMILY_OF: Record<string, Family> = {
  storytelling: 'storytelling',
  'mage-revised': 'classic',
  'threads-of-fate': 'd20',
  'werewolf-revised': 'classic',
  'vampire-pack': 'pool-minus-difficulty',
};

/** One result of a single roll of one side: its outcome key and its number of successes. */
export interface RollResult {
  p: number;
  /** Outcome key as in CLI.md (`botch`, `dramatic_failure`, `painful_failure`, …). */
  kind: string;
  /** Successes as reported (classic: max(net, 0), +1 with Willpower). d20: 1 on success. */
  successes: number;
  /** The action is lost for good (classic botch, storytelling dramatic failure). */
  abort: boolean;
  /** d20 only: the kept die and the total. */
  kept?: number;
  total?: number;
  /** Storytelling teamwork: whether the main roll this result comes from was a chance die. */
  chanceDie?: boolean;
}

/** Every result of one roll, with the probability mass dropped from endless re-roll chains. */
export interface RollDist {
  results: RollResult[];
  residual: number;
}

/** What the engine should report, as the oracle sees it. */
export interface OracleOdds {
  pool: number;
  outcomes: Record<string, number>;
  successes?: number[];
  margin?: Record<string, number>;
  expected: number;
  chanceDie: boolean;
  noDice: boolean;
  highCompetence: boolean;
  within?: number[];
  /** True when `within` has no roll limit, so its length follows the 99 % rule. */
  withinOpenEnded: boolean;
  contest?: OracleContest;
  /** A race without a round limit: what was still undecided when the rounds stopped (> 1e-12). */
  unfinished?: number;
  /** vampire-pack: the Attribute tie-break moved the ties. */
  tieBreak?: boolean;
  /** vampire-pack with the tie-break: P(win) when the ties go to the roller, or to the opponent, as the one who started. */
  tieToInitiator?: { roller: number; opponent: number };
  /** Helpers who rolled first (0 when none, or where the ruleset has no teamwork). */
  helpers?: number;
  /** Initiative: P(total), keyed by the total. */
  initiative?: Record<string, number>;
  /** Probability mass left out by cutting re-roll chains (storytelling only; else 0). */
  residual: number;
}

// ---------------------------------------------------------------------------------------------
// Listing faces

/**
 * Listings are slow on purpose, so each one is made once per set of parameters and kept.
 * Callers treat a listing as read-only.
 */
const listings = new Map<string, RollDist>();

function remember(key: string, list: () => RollDist): RollDist {
  let dist = listings.get(key);
  if (!dist) {
    dist = list();
    listings.set(key, dist);
  }
  return dist;
}

/** Calls `visit` once for every sequence of `count` faces 1…sides (sides^count calls). */
export function forEachFaces(count: number, sides: number, visit: (faces: readonly number[]) => void): void {
  const faces = new Array<number>(count).fill(1);
  for (;;) {
    visit(faces);
    // Odometer: advance the last die, carrying to the left.
    let i = count - 1;
    while (i >= 0 && faces[i] === sides) {
      faces[i] = 1;
      i -= 1;
    }
    if (i < 0) return;
    faces[i] += 1;
  }
}

/** Adds `p` to the result with the same kind and successes (grouping only, no arithmetic). */
class ResultBag {
  private readonly byKey = new Map<string, RollResult>();

  add(kind: string, successes: number, abort: boolean, p: number, extra: Partial<RollResult> = {}): void {
    const key = `${kind}|${successes}|${abort}|${extra.kept ?? ''}|${extra.total ?? ''}|${extra.chanceDie ?? ''}`;
    const found = this.byKey.get(key);
    if (found) found.p += p;
    else this.byKey.set(key, { p, kind, successes, abort, ...extra });
  }

  results(): RollResult[] {
    return [...this.byKey.values()];
  }
}

// ---------------------------------------------------------------------------------------------
// classic pool

/**
 * One classic roll of `dice` d10 at difficulty `t`.
 * net = (main dice ≥ t) + (bonus dice ≥ t) − (main dice showing 1); botch = no main die ≥ t and
 * at least one main 1; with a specialty each main 10 grants one bonus die (bonus dice grant
 * nothing more and their 1s do nothing); Willpower adds one success 1s cannot cancel and
 * rules out the botch. Successes reported: max(net, 0) (+1 with Willpower).
 * `dice ≤ 0`: no roll, a plain failure with 0 successes, whatever Willpower says.
 */
export function classicRoll(dice: number, t: number, specialty: boolean, willpower: boolean, noBotch = false): RollDist {
  return remember(`classic|${dice}|${t}|${specialty}|${willpower}|${noBotch}`, () => listClassic(dice, t, specialty, willpower, noBotch));
}

/** `noBotch`: a soak or damage roll (001 l.273), where 1s still cancel successes but nothing botches. */
function listClassic(dice: number, t: number, specialty: boolean, willpower: boolean, noBotch: boolean): RollDist {
  const bag = new ResultBag();
  if (dice <= 0) {
    bag.add('failure', 0, false, 1);
    return { results: bag.results(), residual: 0 };
  }
  // Integer weights: a leaf with T bonus dice stands for 10^(dice − T) of the 10^(2·dice)
  // equally likely (main, padded bonus) face lists, so every sum below is an exact integer.
  const denominator = specialty ? 10 ** (2 * dice) : 10 ** dice;
  const counts = new Map<string, { kind: string; successes: number; abort: boolean; weight: number }>();
  const tally = (kind: string, successes: number, abort: boolean, weight: number): void => {
    const key = `${kind}|${successes}`;
    const found = counts.get(key);
    if (found) found.weight += weight;
    else counts.set(key, { kind, successes, abort, weight });
  };
  forEachFaces(dice, 10, (main) => {
    const mainSuccesses = main.filter((f) => f >= t).length;
    const ones = main.filter((f) => f === 1).length;
    const tens = specialty ? main.filter((f) => f === 10).length : 0;
    const settle = (bonusSuccesses: number, weight: number): void => {
      const net = mainSuccesses + bonusSuccesses - ones;
      const botch = !willpower && !noBotch && mainSuccesses === 0 && ones > 0;
      const reported = Math.max(net, 0) + (willpower ? 1 : 0);
      const kind = botch ? 'botch' : reported >= 1 ? 'success' : 'failure';
      tally(kind, reported, botch, weight);
    };
    if (!specialty) {
      settle(0, 1);
      return;
    }
    const weight = 10 ** (dice - tens);
    if (tens === 0) {
      settle(0, weight);
      return;
    }
    forEachFaces(tens, 10, (bonus) => settle(bonus.filter((f) => f >= t).length, weight));
  });
  for (const c of counts.values()) bag.add(c.kind, c.successes, c.abort, c.weight / denominator);
  return { results: bag.results(), residual: 0 };
}

// ---------------------------------------------------------------------------------------------
// storytelling pool

/** The link-by-link listing of one die's chain: P(chain ends with s successes), plus a flag. */
interface ChainResult {
  p: number;
  successes: number;
  dramatic: boolean;
}

/** Puts together the chain ends with the same successes and flag (grouping, no arithmetic on faces). */
function groupChain(list: ChainResult[]): ChainResult[] {
  const byKey = new Map<string, ChainResult>();
  for (const r of list) {
    const key = `${r.successes}|${r.dramatic}`;
    const found = byKey.get(key);
    if (found) found.p += r.p;
    else byKey.set(key, { ...r });
  }
  return [...byKey.values()];
}

const CHAIN_CUT = 1e-16;

/** One ordinary storytelling die and its re-rolls: 8+ succeeds, ≥ again re-rolls. */
function storytellingChain(again: AgainRule): { results: ChainResult[]; residual: number } {
  const rerolls = (face: number): boolean => again !== 'none' && face >= again;
  const results: ChainResult[] = [];
  // `running` is the probability that the chain is still going after `depth` links; each of
  // those links showed a re-rolling face, which is ≥ 8, hence a success: successes = depth.
  let running = 1;
  let depth = 0;
  while (running >= CHAIN_CUT) {
    let next = 0;
    for (let face = 1; face <= 10; face += 1) {
      const p = running / 10;
      if (rerolls(face)) next += p;
      else results.push({ p, successes: depth + (face >= 8 ? 1 : 0), dramatic: false });
    }
    running = next;
    depth += 1;
  }
  return { results: groupChain(results), residual: running };
}

/** The chance die: only 10 succeeds and re-rolls; a 1 on the first link is a dramatic failure. */
function chanceChain(): { results: ChainResult[]; residual: number } {
  const results: ChainResult[] = [];
  let running = 1;
  let depth = 0;
  while (running >= CHAIN_CUT) {
    let next = 0;
    for (let face = 1; face <= 10; face += 1) {
      const p = running / 10;
      if (face === 10) next += p;
      else results.push({ p, successes: depth, dramatic: depth === 0 && face === 1 });
    }
    running = next;
    depth += 1;
  }
  return { results: groupChain(results), residual: running };
}

function storytellingKind(successes: number, dramatic: boolean): string {
  if (dramatic) return 'dramatic_failure';
  if (successes === 0) return 'failure';
  return successes >= 5 ? 'exceptional_success' : 'success';
}

/** One storytelling roll of `dice` dice (`dice ≤ 0`: the chance die). */
export function storytellingRoll(dice: number, again: AgainRule): RollDist {
  // The chance die ignores the again option.
  return remember(`storytelling|${Math.max(dice, 0)}|${dice <= 0 ? '' : again}`, () => listStorytelling(dice, again));
}

function listStorytelling(dice: number, again: AgainRule): RollDist {
  const bag = new ResultBag();
  if (dice <= 0) {
    const chain = chanceChain();
    for (const r of chain.results) bag.add(storytellingKind(r.successes, r.dramatic), r.successes, r.dramatic, r.p);
    return { results: bag.results(), residual: chain.residual };
  }
  // Every n-tuple of independent chain results, one per die. Tuples whose partial sums are equal
  // are merged as each die is added (the same sums as listing them one by one), so that the many
  // dice a team can hand the main roll stay cheap to list.
  const chain = storytellingChain(again);
  const list = chain.results;
  let partial = new Map<number, number>([[0, 1]]);
  for (let die = 0; die < dice; die += 1) {
    const next = new Map<number, number>();
    for (const [successes, p] of partial) for (const r of list) next.set(successes + r.successes, (next.get(successes + r.successes) ?? 0) + p * r.p);
    partial = next;
  }
  for (const [successes, p] of partial) bag.add(storytellingKind(successes, false), successes, false, p);
  // Mass not listed: 1 − (1 − residual)^dice, at most dice · residual.
  return { results: bag.results(), residual: dice * chain.residual };
}

// ---------------------------------------------------------------------------------------------
// pool minus difficulty (vampire-pack)

/** One roll of `dice` d10 (vampire-pack): 8+ succeeds; no success and a 1 is painful. */
export function vampireRoll(dice: number): RollDist {
  return remember(`vampire|${Math.max(dice, 0)}`, () => listVampire(dice));
}

function listVampire(dice: number): RollDist {
  const bag = new ResultBag();
  if (dice <= 0) {
    bag.add('no_dice', 0, false, 1);
    return { results: bag.results(), residual: 0 };
  }
  const counts = new Map<string, number>();
  forEachFaces(dice, 10, (faces) => {
    const successes = faces.filter((f) => f >= 8).length;
    const ones = faces.filter((f) => f === 1).length;
    const kind = successes > 0 ? 'success' : ones > 0 ? 'painful_failure' : 'failure';
    const key = `${kind}|${successes}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  for (const [key, count] of counts) {
    const [kind, successes] = key.split('|');
    bag.add(kind, Number(successes), false, count / 10 ** dice);
  }
  return { results: bag.results(), residual: 0 };
}

// ---------------------------------------------------------------------------------------------
// d20

/** Net edge: each of advantages and hindrances counts at most 2, and they cancel one for one. */
export function d20Edge(side: RollSide): number {
  return Math.min(side.advantages, 2) - Math.min(side.hindrances, 2);
}

/**
 * One d20 roll with total modifier `modifier` and net edge `k`; `difficulty` decides success
 * (1 success when total ≥ difficulty) and may be undefined in a contest.
 */
export function d20Roll(modifier: number, k: number, difficulty: number | undefined): RollDist {
  const bag = new ResultBag();
  const count = 1 + Math.abs(k);
  for (const [kept, c] of keptCounts(k)) {
    const total = kept + modifier;
    const success = difficulty !== undefined && total >= difficulty;
    bag.add(success ? 'success' : 'failure', success ? 1 : 0, false, c / 20 ** count, { kept, total });
  }
  return { results: bag.results(), residual: 0 };
}

/** How many of the 20^(1+|k|) face lists keep each face 1…20 (highest for k > 0, lowest for k < 0). */
function keptCounts(k: number): Map<number, number> {
  const cached = keptCache.get(k);
  if (cached) return cached;
  const counts = new Map<number, number>();
  forEachFaces(1 + Math.abs(k), 20, (faces) => {
    const kept = k > 0 ? Math.max(...faces) : k < 0 ? Math.min(...faces) : faces[0];
    counts.set(kept, (counts.get(kept) ?? 0) + 1);
  });
  keptCache.set(k, counts);
  return counts;
}

const keptCache = new Map<number, Map<number, number>>();

/** The static value: 10 + modifier, ±5 with a net edge. */
export function d20StaticValue(modifier: number, k: number): number {
  return 10 + modifier + (k > 0 ? 5 : k < 0 ? -5 : 0);
}

// ---------------------------------------------------------------------------------------------
// From a check's side to the dice rolled

/** Dice rolled by a d10 side (classic: base; storytelling: +1/specialty, +3 Willpower; vampire: −d). */
export function dicePool(family: Family, side: RollSide): number {
  const base = side.base;
  if (base === null) throw new Error('oracle: unknown pool');
  switch (family) {
    case 'classic':
      return base;
    case 'storytelling':
      return base + side.specialties + (side.willpower ? 3 : 0);
    case 'pool-minus-difficulty':
      return Math.max(0, base + side.specialties - (side.difficulty ?? 0));
    case 'd20':
      return base;
  }
}

/** One roll of a side on its own (no helpers), as the contract reads the side's parameters. */
function ownRoll(family: Family, side: RollSide): RollDist {
  const dice = dicePool(family, side);
  switch (family) {
    case 'classic':
      return classicRoll(dice, side.difficulty ?? 6, side.specialties > 0, side.willpower, side.noBotch === true);
    case 'storytelling':
      return storytellingRoll(dice, side.again);
    case 'pool-minus-difficulty':
      return vampireRoll(dice);
    case 'd20': {
      const k = d20Edge(side);
      if (side.isStatic) {
        const value = d20StaticValue(dice, k);
        const success = side.difficulty !== undefined && value >= side.difficulty;
        return {
          results: [{ p: 1, kind: success ? 'success' : 'failure', successes: success ? 1 : 0, abort: false, total: value }],
          residual: 0,
        };
      }
      return d20Roll(dice, k, side.difficulty);
    }
  }
}

/**
 * Every result of one roll of this side: its own roll, or with helpers (RULESETS.md Additions (2)
 * and the oracle's points) the helpers' rolls listed result by result, then the main roll as they
 * leave it. Helpers roll with their own `base` only: everything else comes from the main side.
 * vampire-pack has no teamwork rule: its helpers change nothing.
 */
export function sideRoll(family: Family, side: RollSide): RollDist {
  const helpers = side.helpers ?? [];
  if (helpers.length === 0 || family === 'pool-minus-difficulty') return ownRoll(family, side);
  if (family === 'classic') return classicTeam(side, helpers);
  if (family === 'storytelling') return storytellingTeam(side, helpers);
  return d20Team(side, helpers);
}

/** Every combination of one result per list, with the product of their probabilities. */
function forEachCombination<T extends { p: number }>(lists: readonly (readonly T[])[], visit: (picked: readonly T[], p: number) => void): void {
  const picked: T[] = [];
  const walk = (i: number, p: number): void => {
    if (i === lists.length) {
      visit(picked, p);
      return;
    }
    for (const r of lists[i]) {
      picked.push(r);
      walk(i + 1, p * r.p);
      picked.pop();
    }
  };
  walk(0, 1);
}

/**
 * Classic: each helper rolls its own dice at the main side's difficulty, no specialty, no
 * Willpower; the team scores the main roll's floored net (+1 Willpower) plus every helper's
 * floored net, and botches only when that total is 0 and the main roll botched.
 */
function classicTeam(side: RollSide, helpers: readonly RollSide[]): RollDist {
  const t = side.difficulty ?? 6;
  const lists = helpers.map((h) => classicRoll(h.base ?? Number.NaN, t, false, false).results);
  const main = ownRoll('classic', side).results;
  const bag = new ResultBag();
  forEachCombination(lists, (picked, q) => {
    const helped = picked.reduce((sum, r) => sum + r.successes, 0);
    for (const m of main) {
      const total = m.successes + helped;
      const botch = total === 0 && m.kind === 'botch';
      bag.add(botch ? 'botch' : total >= 1 ? 'success' : 'failure', total, botch, q * m.p);
    }
  });
  return { results: bag.results(), residual: 0 };
}

/**
 * Storytelling: each helper rolls its own dice (its base: no specialty, no Willpower) with the
 * main side's again option; its successes are extra dice for the main roll, its dramatic failure
 * (a chance die showing 1) takes 4 dice away; the main roll is then decided, chance die included.
 */
function storytellingTeam(side: RollSide, helpers: readonly RollSide[]): RollDist {
  const helperRolls = helpers.map((h) => storytellingRoll(h.base ?? Number.NaN, side.again));
  const own = dicePool('storytelling', side);
  const bag = new ResultBag();
  let residual = helperRolls.reduce((sum, d) => sum + d.residual, 0);
  forEachCombination(
    helperRolls.map((d) => d.results),
    (picked, q) => {
      const dice = own + picked.reduce((sum, r) => sum + (r.kind === 'dramatic_failure' ? -4 : r.successes), 0);
      const main = storytellingRoll(dice, side.again);
      residual += q * main.residual;
      for (const m of main.results) bag.add(m.kind, m.successes, m.abort, q * m.p, { chanceDie: dice <= 0 });
    },
  );
  return { results: bag.results(), residual };
}

/**
 * d20: each helper rolls d20 + its own modifier against the difficulty − 5 (no edge of its own);
 * a success is one more Преимущество for the main roll, a failure one more Помеха; with the written
 * ones they cancel and the net is capped at 2 either way. No difficulty (a contest): no help.
 */
function d20Team(side: RollSide, helpers: readonly RollSide[]): RollDist {
  if (side.difficulty === undefined) return ownRoll('d20', side);
  // A helper's face matters only as a success or a failure: its twenty faces are grouped so.
  const lists = helpers.map((h) => {
    const grouped = new ResultBag();
    for (const r of d20Roll(h.base ?? Number.NaN, 0, side.difficulty! - 5).results) grouped.add(r.kind, r.successes, false, r.p);
    return grouped.results();
  });
  const bag = new ResultBag();
  forEachCombination(lists, (picked, q) => {
    const net = Math.min(side.advantages, 2) - Math.min(side.hindrances, 2) + picked.reduce((sum, r) => sum + (r.kind === 'success' ? 1 : -1), 0);
    const k = Math.max(-2, Math.min(2, net));
    const main = ownRoll('d20', { ...side, advantages: Math.max(k, 0), hindrances: Math.max(-k, 0) });
    for (const m of main.results) bag.add(m.kind, m.successes, m.abort, q * m.p, { kept: m.kept, total: m.total });
  });
  return { results: bag.results(), residual: 0 };
}

// ---------------------------------------------------------------------------------------------
// Summaries

const OUTCOME_KEYS: Record<Family, string[]> = {
  classic: ['botch', 'failure', 'success'],
  storytelling: ['dramatic_failure', 'failure', 'success', 'exceptional_success'],
  'pool-minus-difficulty': ['painful_failure', 'failure', 'success'],
  d20: ['failure', 'success', 'critical_success', 'critical_failure', 'critical_rescue'],
};

export function outcomeKeys(family: Family): string[] {
  return family === 'pool-minus-difficulty' ? ['no_dice', ...OUTCOME_KEYS[family]] : OUTCOME_KEYS[family];
}

function sumWhere(dist: RollDist, keep: (r: RollResult) => boolean): number {
  let s = 0;
  for (const r of dist.results) if (keep(r)) s += r.p;
  return s;
}

/** Outcomes, successes and expected of one roll of a d10 side. */
function summariseD10(family: Family, dice: number, dist: RollDist): OracleOdds {
  const outcomes: Record<string, number> = {};
  for (const key of OUTCOME_KEYS[family]) outcomes[key] = sumWhere(dist, (r) => r.kind === key);
  const noDice = family === 'pool-minus-difficulty' && dice <= 0;
  if (noDice) {
    for (const key of OUTCOME_KEYS[family]) outcomes[key] = 0;
    outcomes.no_dice = 1;
  }
  const top = Math.max(0, ...dist.results.map((r) => r.successes));
  const successes = new Array<number>(top + 1).fill(0);
  for (const r of dist.results) successes[r.successes] += r.p;
  let expected = 0;
  for (const r of dist.results) expected += r.p * r.successes;
  return {
    pool: Math.max(0, dice),
    outcomes,
    successes,
    expected,
    // With helpers, the main roll is a chance die for sure only when no helper result avoids it.
    chanceDie: family === 'storytelling' && dist.results.every((r) => r.chanceDie ?? dice <= 0),
    noDice,
    highCompetence: family === 'pool-minus-difficulty' && dice >= 4,
    withinOpenEnded: false,
    residual: dist.residual,
  };
}

/** Outcomes, margin and expected total of one d20 side against its difficulty. */
function summariseD20(side: RollSide, dist: RollDist): OracleOdds {
  const difficulty = side.difficulty ?? Number.NaN;
  const modifier = dicePool('d20', side);
  const outcomes: Record<string, number> = {
    success: sumWhere(dist, (r) => r.kind === 'success'),
    failure: sumWhere(dist, (r) => r.kind === 'failure'),
    critical_success: side.isStatic ? 0 : sumWhere(dist, (r) => r.kept === 20),
    critical_failure: side.isStatic ? 0 : sumWhere(dist, (r) => r.kept === 1),
    critical_rescue: side.isStatic ? 0 : sumWhere(dist, (r) => r.kept === 20 && r.kind === 'failure'),
  };
  const margin: Record<string, number> = {};
  let expected = 0;
  for (const r of dist.results) {
    const total = r.total ?? Number.NaN;
    const m = String(total - difficulty);
    margin[m] = (margin[m] ?? 0) + r.p;
    expected += r.p * total;
  }
  return {
    pool: modifier,
    outcomes,
    margin,
    expected,
    chanceDie: false,
    noDice: false,
    highCompetence: false,
    withinOpenEnded: false,
    residual: 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Extended actions, contests and races

export interface Step {
  p: number;
  gain: number;
  abort: boolean;
}

/** What one roll adds to an extended action, and whether it ends the action as a failure. */
export function extendedSteps(family: Family, dist: RollDist): Step[] {
  const byKey = new Map<string, Step>();
  for (const r of dist.results) {
    // classic: max(net, 0) (+1 Willpower); storytelling and vampire: successes; d20: 1 per success.
    const gain = r.successes;
    // A classic botch or a storytelling dramatic failure ends the action; vampire and d20 never do.
    const abort = (family === 'classic' || family === 'storytelling') && r.abort;
    const key = `${gain}|${abort}`;
    const found = byKey.get(key);
    if (found) found.p += r.p;
    else byKey.set(key, { p: r.p, gain, abort });
  }
  return [...byKey.values()];
}

/**
 * P(target reached by roll k), k = 1…rolls, listing every sequence of rolls: a sequence stops
 * when it reaches the target (it counts for that roll and every later one) or is lost.
 */
export function withinByEnumeration(steps: Step[], target: number, rolls: number): number[] {
  const within = new Array<number>(rolls).fill(0);
  const walk = (made: number, accumulated: number, p: number): void => {
    if (made === rolls) return;
    for (const s of steps) {
      const q = p * s.p;
      if (q === 0 || s.abort) continue;
      const now = accumulated + s.gain;
      if (now >= target) {
        for (let k = made; k < rolls; k += 1) within[k] += q;
      } else {
        walk(made + 1, now, q);
      }
    }
  };
  walk(0, 0, 1);
  return within;
}

/** The contest's score of one result: successes for d10 families, the total for d20. */
function contestScore(family: Family, r: RollResult): number {
  if (family === 'd20') return r.total ?? Number.NaN;
  return r.abort ? 0 : r.successes;
}

/** A contest's result from the first side's view; storytelling contests also count the exceptional parts. */
export interface OracleContest {
  win: number;
  tie: number;
  lose: number;
  exceptional_win?: number;
  exceptional_lose?: number;
}

/**
 * Win, tie, lose from the first side's view, listing every pair of results. Storytelling (000 l.341,
 * RULESETS.md Additions (3)): one side's dramatic failure alone loses and the other wins
 * exceptionally, both tie; else more successes wins, exceptionally at 5 or more; equal ties.
 */
export function contestByEnumeration(family: Family, mine: RollDist, theirs: RollDist): OracleContest {
  const degrees = family === 'storytelling';
  const c = { win: 0, tie: 0, lose: 0, exceptional_win: 0, exceptional_lose: 0 };
  for (const a of mine.results) {
    for (const b of theirs.results) {
      const p = a.p * b.p;
      const da = degrees && a.kind === 'dramatic_failure';
      const db = degrees && b.kind === 'dramatic_failure';
      const sa = contestScore(family, a);
      const sb = contestScore(family, b);
      if (da && db) c.tie += p;
      else if (db) {
        c.win += p;
        c.exceptional_win += p;
      } else if (da) {
        c.lose += p;
        c.exceptional_lose += p;
      } else if (sa > sb) {
        c.win += p;
        if (degrees && sa >= 5) c.exceptional_win += p;
      } else if (sa === sb) c.tie += p;
      else {
        c.lose += p;
        if (degrees && sb >= 5) c.exceptional_lose += p;
      }
    }
  }
  return degrees ? c : { win: c.win, tie: c.tie, lose: c.lose };
}

export interface OracleRace {
  contest: { win: number; tie: number; lose: number };
  within: number[];
  unfinished?: number;
}

/**
 * A race, round by round over the pair of totals (both sides' states at once): in each round every
 * pair of one step per side is listed. A side reaching its target wins unless the other reaches
 * its own in the same round (a tie); a classic botch loses at once (both botching: a tie); a
 * storytelling dramatic failure sets that side's total back to 0. Without `rounds`, rounds go on
 * until less than 1e-12 is undecided or 200 rounds; with it, the higher total after the last
 * round wins (equal: a tie), which `within` does not count.
 */
export function raceByRounds(family: Family, first: Step[], second: Step[], targets: [number, number], rounds?: number, starts: [number, number] = [0, 0]): OracleRace {
  // `фора` (001 l.83): each side starts with its head start.
  let states = new Map<string, { a: number; b: number; p: number }>([[`${starts[0]}|${starts[1]}`, { a: starts[0], b: starts[1], p: 1 }]]);
  const contest = { win: 0, tie: 0, lose: 0 };
  const within: number[] = [];
  let decided = 0;
  const botchLoses = family === 'classic';
  const limit = rounds ?? 200;
  for (let round = 1; round <= limit; round += 1) {
    const next = new Map<string, { a: number; b: number; p: number }>();
    for (const { a, b, p } of states.values()) {
      for (const sa of first) {
        for (const sb of second) {
          const q = p * sa.p * sb.p;
          if (q === 0) continue;
          const lostA = sa.abort && botchLoses;
          const lostB = sb.abort && botchLoses;
          const totalA = sa.abort ? 0 : a + sa.gain;
          const totalB = sb.abort ? 0 : b + sb.gain;
          const reachedA = !lostA && totalA >= targets[0];
          const reachedB = !lostB && totalB >= targets[1];
          if ((reachedA && reachedB) || (lostA && lostB)) contest.tie += q;
          else if (reachedA || lostB) contest.win += q;
          else if (reachedB || lostA) contest.lose += q;
          else {
            const key = `${totalA}|${totalB}`;
            const found = next.get(key);
            if (found) found.p += q;
            else next.set(key, { a: totalA, b: totalB, p: q });
          }
          if (reachedA || reachedB || lostA || lostB) decided += q;
        }
      }
    }
    states = next;
    within.push(decided);
    let undecided = 0;
    for (const s of states.values()) undecided += s.p;
    if (rounds === undefined && undecided < 1e-12) break;
  }
  let undecided = 0;
  for (const s of states.values()) {
    undecided += s.p;
    if (rounds !== undefined) {
      if (s.a > s.b) contest.win += s.p;
      else if (s.a === s.b) contest.tie += s.p;
      else contest.lose += s.p;
    }
  }
  if (rounds === undefined && undecided > 1e-12) return { contest, within, unfinished: undecided };
  return { contest, within };
}

// ---------------------------------------------------------------------------------------------
// The whole check

/** Summary of a single roll of a d10 side with `dice` dice actually rolled (for by_pool). */
export function oracleForDice(family: Family, dice: number, side: RollSide): OracleOdds {
  const dist =
    family === 'classic'
      ? classicRoll(dice, side.difficulty ?? 6, side.specialties > 0, side.willpower, side.noBotch === true)
      : family === 'storytelling'
        ? storytellingRoll(dice, side.again)
        : vampireRoll(dice);
  return summariseD10(family, dice, dist);
}

/** Initiative: one d10 plus the rating, face by face. */
export function oracleInitiative(rating: number): OracleOdds {
  const initiative: Record<string, number> = {};
  let expected = 0;
  for (let face = 1; face <= 10; face += 1) {
    initiative[String(rating + face)] = 1 / 10;
    expected += (rating + face) / 10;
  }
  return { pool: rating, outcomes: {}, expected, initiative, chanceDie: false, noDice: false, highCompetence: false, withinOpenEnded: false, residual: 0 };
}

/**
 * vampire-pack contests (004 l.115–121): a difficulty written on either side (the first side's when
 * both are) is subtracted from both pools; none written, none subtracted.
 */
function contestSides(family: Family, side: RollSide, opponent: RollSide): [RollSide, RollSide] {
  if (family !== 'pool-minus-difficulty') return [side, opponent];
  const shared = side.difficulty ?? opponent.difficulty;
  return [
    { ...side, difficulty: shared },
    { ...opponent, difficulty: shared },
  ];
}

/** vampire-pack: a tie goes to the higher Attribute used, when both sides have one and they differ. */
function tieGoesTo(family: Family, side: RollSide, opponent: RollSide): 'win' | 'lose' | undefined {
  if (family !== 'pool-minus-difficulty' || side.attribute === undefined || opponent.attribute === undefined) return undefined;
  if (side.attribute === opponent.attribute) return undefined;
  return side.attribute > opponent.attribute ? 'win' : 'lose';
}

/** What computeOdds should report for a check with a known pool (alternatives: see oracleAlternatives). */
export function oracleOdds(family: Family, spec: CheckSpec): OracleOdds {
  if (spec.initiative) return oracleInitiative(spec.side.base ?? Number.NaN);
  if (spec.opponent) {
    const [side, opponent] = contestSides(family, spec.side, spec.opponent);
    const mine = sideRoll(family, side);
    const theirs = sideRoll(family, opponent);
    const odds = summaryOf(family, side, mine);
    if (spec.extended && family !== 'd20') {
      const race = raceByRounds(family, extendedSteps(family, mine), extendedSteps(family, theirs), [spec.extended.target, spec.extended.opponentTarget ?? spec.extended.target], spec.extended.maxRolls);
      odds.contest = race.contest;
      odds.within = race.within;
      odds.unfinished = race.unfinished;
    } else {
      odds.contest = contestByEnumeration(family, mine, theirs);
    }
    const winner = tieGoesTo(family, side, opponent);
    // 004 l.119: a tie no Attribute breaks is the Storyteller's, who may give it to whoever started the contest.
    if (!winner && family === 'pool-minus-difficulty' && odds.contest.tie > 0) odds.tieToInitiator = { roller: odds.contest.win + odds.contest.tie, opponent: odds.contest.win };
    if (winner) {
      // 004 l.119: or to whoever started the contest, by the Storyteller's choice.
      odds.tieToInitiator = { roller: odds.contest.win + odds.contest.tie, opponent: odds.contest.win };
      odds.contest[winner] += odds.contest.tie;
      odds.contest.tie = 0;
      odds.tieBreak = true;
    }
    odds.residual = mine.residual + theirs.residual;
    return odds;
  }
  const dist = sideRoll(family, spec.side);
  const odds = summaryOf(family, spec.side, dist);
  if (spec.extended) {
    const steps = extendedSteps(family, dist);
    const limit = spec.extended.maxRolls;
    if (limit !== undefined) {
      odds.within = withinByEnumeration(steps, spec.extended.target, limit);
    } else {
      // No limit: list 20 rolls; the test decides where the 99 % rule cuts them.
      odds.within = withinByEnumeration(steps, spec.extended.target, 20);
      odds.withinOpenEnded = true;
    }
  }
  return odds;
}

function summaryOf(family: Family, side: RollSide, dist: RollDist): OracleOdds {
  const helpers = family === 'pool-minus-difficulty' || (family === 'd20' && side.difficulty === undefined) ? 0 : (side.helpers ?? []).length;
  const odds = family === 'd20' ? summariseD20(side, dist) : summariseD10(family, dicePool(family, side), dist);
  if (family === 'classic' && dicePool(family, side) <= 0 && helpers === 0) {
    // Precise readings: a classic pool of 0 or less reports pool 0, failure 1, successes [1].
    return { ...summariseD10(family, 0, { results: [{ p: 1, kind: 'failure', successes: 0, abort: false }], residual: 0 }), helpers };
  }
  return { ...odds, helpers };
}

/**
 * A check with alternatives: every combination on its own, and the best one by the chance the
 * player picks by (P(win) in a contest, else a single roll's P(success), storytelling's
 * exceptional success included; initiative: the mean), ties to the first.
 */
export function oracleAlternatives(family: Family, specs: readonly CheckSpec[]): { each: OracleOdds[]; best: number } {
  const each = specs.map((spec) => oracleOdds(family, spec));
  const chance = (o: OracleOdds): number =>
    o.contest ? o.contest.win : o.initiative ? o.expected : (o.outcomes.success ?? 0) + (o.outcomes.exceptional_success ?? 0);
  let best = 0;
  each.forEach((o, i) => {
    if (chance(o) > chance(each[best])) best = i;
  });
  return { each, best };
}
