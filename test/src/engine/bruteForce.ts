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
 * - contests: every pair (one outcome of each side).
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
  contest?: { win: number; tie: number; lose: number };
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
    const key = `${kind}|${successes}|${abort}|${extra.kept ?? ''}|${extra.total ?? ''}`;
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
export function classicRoll(dice: number, t: number, specialty: boolean, willpower: boolean): RollDist {
  return remember(`classic|${dice}|${t}|${specialty}|${willpower}`, () => listClassic(dice, t, specialty, willpower));
}

function listClassic(dice: number, t: number, specialty: boolean, willpower: boolean): RollDist {
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
      const botch = !willpower && mainSuccesses === 0 && ones > 0;
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
  // Every n-tuple of independent chain results, one per die.
  const chain = storytellingChain(again);
  const list = chain.results;
  const visit = (die: number, p: number, successes: number): void => {
    if (die === dice) {
      bag.add(storytellingKind(successes, false), successes, false, p);
      return;
    }
    for (const r of list) visit(die + 1, p * r.p, successes + r.successes);
  };
  visit(0, 1, 0);
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
export function dicePool(family: Family, side: RollSide, inContest = false): number {
  const base = side.base;
  if (base === null) throw new Error('oracle: unknown pool');
  switch (family) {
    case 'classic':
      return base;
    case 'storytelling':
      return base + side.specialties + (side.willpower ? 3 : 0);
    case 'pool-minus-difficulty':
      return Math.max(0, base + side.specialties - (inContest ? 0 : side.difficulty ?? 0));
    case 'd20':
      return base;
  }
}

/** Every result of one roll of this side, as the contract reads the side's parameters. */
export function sideRoll(family: Family, side: RollSide, inContest = false): RollDist {
  const dice = dicePool(family, side, inContest);
  switch (family) {
    case 'classic':
      return classicRoll(dice, side.difficulty ?? 6, side.specialties > 0, side.willpower);
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
    chanceDie: family === 'storytelling' && dice <= 0,
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
// Extended actions and contests

/** What one roll adds to an extended action, and whether it ends the action as a failure. */
export function extendedSteps(family: Family, dist: RollDist): { p: number; gain: number; abort: boolean }[] {
  const byKey = new Map<string, { p: number; gain: number; abort: boolean }>();
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
export function withinByEnumeration(steps: { p: number; gain: number; abort: boolean }[], target: number, rolls: number): number[] {
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

/** Win, tie, lose from the first side's view, listing every pair of results. */
export function contestByEnumeration(family: Family, mine: RollDist, theirs: RollDist): { win: number; tie: number; lose: number } {
  let win = 0;
  let tie = 0;
  let lose = 0;
  for (const a of mine.results) {
    for (const b of theirs.results) {
      const p = a.p * b.p;
      const sa = contestScore(family, a);
      const sb = contestScore(family, b);
      if (sa > sb) win += p;
      else if (sa === sb) tie += p;
      else lose += p;
    }
  }
  return { win, tie, lose };
}

// ---------------------------------------------------------------------------------------------
// The whole check

/** Summary of a single roll of a d10 side with `dice` dice actually rolled (for by_pool). */
export function oracleForDice(family: Family, dice: number, side: RollSide): OracleOdds {
  const dist =
    family === 'classic'
      ? classicRoll(dice, side.difficulty ?? 6, side.specialties > 0, side.willpower)
      : family === 'storytelling'
        ? storytellingRoll(dice, side.again)
        : vampireRoll(dice);
  return summariseD10(family, dice, dist);
}

/** What computeOdds should report for a check with a known pool. */
export function oracleOdds(family: Family, spec: CheckSpec): OracleOdds {
  const side = spec.side;
  if (spec.opponent) {
    const mine = sideRoll(family, side, true);
    const theirs = sideRoll(family, spec.opponent, true);
    const odds = summaryOf(family, side, mine, true);
    odds.contest = contestByEnumeration(family, mine, theirs);
    odds.residual = mine.residual + theirs.residual;
    return odds;
  }
  const dist = sideRoll(family, side);
  const odds = summaryOf(family, side, dist);
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

function summaryOf(family: Family, side: RollSide, dist: RollDist, inContest = false): OracleOdds {
  if (family === 'd20') return summariseD20(side, dist);
  const dice = dicePool(family, side, inContest);
  if (family === 'classic' && dice <= 0) {
    // Precise readings: a classic pool of 0 or less reports pool 0, failure 1, successes [1].
    return summariseD10(family, 0, { results: [{ p: 1, kind: 'failure', successes: 0, abort: false }], residual: 0 });
  }
  return summariseD10(family, dice, dist);
}
