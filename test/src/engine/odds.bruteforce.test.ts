/**
 * The engine against the brute-force oracle (./bruteForce.ts), family by family, for small
 * pools where listing every face is cheap. Every reported number must agree to 1e-12.
 *
 * Storytelling series are infinite; the engine may stop a series where the rest is below
 * 1e-12 (RULESETS.md), so there the comparison allows exactly what was left out: the missing
 * tail of `successes`, and its share of `expected`.
 */
import * as assert from 'node:assert/strict';
import { getBuiltinRuleset } from '../../../server/out/engine/builtinRulesets';
import { helperSide, plainSide, withAlternatives } from '../../../server/out/engine/checkSpec';
import type { AgainRule, CheckSpec, RollSide } from '../../../server/out/engine/checkSpec';
import { computeOdds } from '../../../server/out/engine/odds';
import { isKnownPool } from '../../../server/out/engine/oddsReport';
import type { PoolOdds } from '../../../server/out/engine/oddsReport';
import type { Ruleset } from '../../../server/out/engine/ruleset';
import { FAMILY_OF, d20Edge, oracleAlternatives, oracleForDice, oracleInitiative, oracleOdds, outcomeKeys } from './bruteForce';
import type { Family, OracleOdds } from './bruteForce';

const TOL = 1e-12;

function ruleset(id: string): Ruleset {
  const r = getBuiltinRuleset(id);
  assert.ok(r, `built-in ruleset ${id} is missing`);
  assert.equal(r.family, FAMILY_OF[id], `${id} belongs to the ${FAMILY_OF[id]} family`);
  return r;
}

/** Collects every disagreement of one test, so a failure lists them all (first 12 shown). */
class Mismatches {
  readonly found: string[] = [];
  cases = 0;

  near(label: string, what: string, got: number | undefined, want: number, tol = TOL): void {
    if (got === undefined || !Number.isFinite(got) || !(Math.abs(got - want) <= tol)) {
      this.found.push(`${label}\n    ${what}: engine ${got}, oracle ${want}` + (got === undefined ? '' : ` (|Δ| = ${Math.abs(got - want)})`));
    }
  }

  ok(label: string, what: string, condition: boolean): void {
    if (!condition) this.found.push(`${label}\n    ${what}`);
  }

  done(): void {
    assert.ok(this.cases > 0, 'no case was compared');
    if (this.found.length > 0) {
      assert.fail(`${this.found.length} disagreement(s) in ${this.cases} case(s):\n  ` + this.found.slice(0, 12).join('\n  '));
    }
  }
}

/** Compares one PoolOdds of the engine with the oracle's view of it. */
function comparePoolOdds(m: Mismatches, label: string, family: Family, got: PoolOdds, want: OracleOdds): void {
  m.cases += 1;
  m.ok(label, `pool: engine ${got.pool}, oracle ${want.pool}`, got.pool === want.pool);
  m.ok(label, `helpers: engine ${got.helpers}, oracle ${want.helpers}`, (got.helpers ?? 0) === (want.helpers ?? 0));

  if (want.initiative) {
    // CLI.md Additions (2): no outcomes, the totals, and the mean total.
    m.ok(label, 'initiative has outcomes', got.outcomes === undefined);
    const keys = new Set([...Object.keys(got.initiative ?? {}), ...Object.keys(want.initiative)]);
    for (const key of keys) m.near(label, `initiative[${key}]`, got.initiative?.[key] ?? 0, want.initiative[key] ?? 0);
    m.near(label, 'expected', got.expected, want.expected);
    return;
  }

  if (want.contest) {
    // CLI.md: contests replace the outcomes by `contest`; other fields are optional.
    const tol = TOL + want.residual;
    m.ok(label, 'contest missing', got.contest !== undefined);
    m.near(label, 'contest.win', got.contest?.win, want.contest.win, tol);
    m.near(label, 'contest.tie', got.contest?.tie, want.contest.tie, tol);
    m.near(label, 'contest.lose', got.contest?.lose, want.contest.lose, tol);
    // Storytelling contests have degrees (CLI.md Additions (3)); a race and other families have none.
    const degrees = want.contest.exceptional_win !== undefined && !want.within;
    m.ok(label, `exceptional_win: engine ${got.contest?.exceptional_win}, oracle ${degrees ? want.contest.exceptional_win : 'none'}`, (got.contest?.exceptional_win !== undefined) === degrees);
    m.ok(label, `exceptional_lose: engine ${got.contest?.exceptional_lose}, oracle ${degrees ? want.contest.exceptional_lose : 'none'}`, (got.contest?.exceptional_lose !== undefined) === degrees);
    if (degrees) {
      m.near(label, 'contest.exceptional_win', got.contest?.exceptional_win, want.contest.exceptional_win ?? Number.NaN, tol);
      m.near(label, 'contest.exceptional_lose', got.contest?.exceptional_lose, want.contest.exceptional_lose ?? Number.NaN, tol);
    }
    m.ok(label, `tie_break: engine ${got.tie_break}, oracle ${want.tieBreak}`, (got.tie_break === 'attribute') === (want.tieBreak === true));
    m.ok(label, `tie_to_initiator: engine ${JSON.stringify(got.tie_to_initiator)}, oracle ${JSON.stringify(want.tieToInitiator)}`, (got.tie_to_initiator === undefined) === (want.tieToInitiator === undefined));
    if (want.tieToInitiator) {
      m.near(label, 'tie_to_initiator.roller', got.tie_to_initiator?.roller, want.tieToInitiator.roller, tol);
      m.near(label, 'tie_to_initiator.opponent', got.tie_to_initiator?.opponent, want.tieToInitiator.opponent, tol);
    }
    // A race: P(decided by round k), exactly as many rounds as the oracle ran, and what is left.
    m.ok(label, `within: engine ${got.within?.length}, oracle ${want.within?.length} rounds`, got.within?.length === want.within?.length);
    if (want.within) for (let k = 0; k < Math.min(got.within?.length ?? 0, want.within.length); k += 1) m.near(label, `within[${k}]`, got.within?.[k], want.within[k], tol);
    m.ok(label, `unfinished: engine ${got.unfinished}, oracle ${want.unfinished}`, (got.unfinished === undefined) === (want.unfinished === undefined));
    if (want.unfinished !== undefined) m.near(label, 'unfinished', got.unfinished, want.unfinished, tol);
    return;
  }

  // successes (d10) first: the storytelling tail the engine left out widens the tolerances.
  let tailMass = 0;
  let tailMean = 0;
  if (family === 'd20') {
    m.ok(label, 'd20 reports no successes', got.successes === undefined);
  } else if (want.noDice && got.successes === undefined) {
    // vampire-pack with no dice left: `no_dice` and nothing else is fine.
  } else if (!got.successes) {
    m.ok(label, 'successes missing', false);
  } else {
    const wantS = want.successes ?? [];
    const gotS = got.successes;
    for (let k = 0; k < Math.min(gotS.length, wantS.length); k += 1) m.near(label, `successes[${k}]`, gotS[k], wantS[k]);
    for (let k = gotS.length; k < wantS.length; k += 1) {
      tailMass += wantS[k];
      tailMean += k * wantS[k];
    }
    let extra = 0;
    for (let k = wantS.length; k < gotS.length; k += 1) extra += gotS[k];
    m.ok(label, `successes: the engine leaves out ${tailMass} (allowed below 1e-12)`, tailMass < 1e-12 + want.residual);
    m.ok(label, `successes: the engine has ${extra} beyond the oracle's last entry`, extra <= 1e-12 + want.residual);
  }
  const tol = TOL + tailMass + want.residual;

  // outcomes: only the family's keys; a key left out counts as 0.
  const allowed = outcomeKeys(family);
  const outcomes = got.outcomes ?? {};
  m.ok(label, 'outcomes missing', got.outcomes !== undefined);
  for (const key of Object.keys(outcomes)) m.ok(label, `unexpected outcome key ${key}`, allowed.includes(key));
  for (const key of allowed) m.near(label, `outcomes.${key}`, outcomes[key] ?? 0, want.outcomes[key] ?? 0, tol);

  // Relative: the oracle sums thousands of listed faces, each sum costing an ulp of a mean near 20.
  m.near(label, 'expected', got.expected, want.expected, TOL * Math.max(1, Math.abs(want.expected)) + tailMean + 100 * want.residual);

  if (family === 'd20') {
    const margin = got.margin ?? {};
    m.ok(label, 'margin missing', got.margin !== undefined);
    for (const key of Object.keys(margin)) m.ok(label, `margin key ${key} is not a decimal integer`, String(Number(key)) === key);
    const keys = new Set([...Object.keys(margin), ...Object.keys(want.margin ?? {})]);
    for (const key of keys) m.near(label, `margin[${key}]`, margin[key] ?? 0, want.margin?.[key] ?? 0);
  }

  m.ok(label, `chance_die: engine ${got.chance_die}, oracle ${want.chanceDie}`, (got.chance_die === true) === want.chanceDie);
  if (family === 'pool-minus-difficulty') {
    const noted = got.notes.includes('high_competence');
    m.ok(label, `high_competence noted: ${noted}, pool ≥ 4: ${want.highCompetence}`, noted === want.highCompetence);
  }

  if (want.within) {
    const w = got.within;
    if (!w) {
      m.ok(label, 'within missing', false);
    } else if (!want.withinOpenEnded) {
      m.ok(label, `within has ${w.length} entries, not ${want.within.length}`, w.length === want.within.length);
    } else {
      // No roll limit: up to and including the first roll with P ≥ 0.99, else 20 rolls.
      // 1e-9 of slack keeps a value that is 0.99 on paper from deciding the length by rounding.
      const last = w.length - 1;
      m.ok(label, `within has ${w.length} entries (1…20 allowed)`, w.length >= 1 && w.length <= 20);
      for (let k = 0; k < last; k += 1) m.ok(label, `within stops late: roll ${k + 1} already has ${want.within[k]}`, want.within[k] < 0.99 + 1e-9);
      if (w.length < 20 && last >= 0) m.ok(label, `within stops early at ${want.within[last]}`, want.within[last] >= 0.99 - 1e-9);
    }
    if (w) for (let k = 0; k < Math.min(w.length, want.within.length); k += 1) m.near(label, `within[${k}]`, w[k], want.within[k], TOL + want.residual);
  }
}

function check(m: Mismatches, rulesetId: string, spec: CheckSpec): void {
  const family = FAMILY_OF[rulesetId];
  const label = `${rulesetId} ${JSON.stringify(spec)}`;
  let report;
  try {
    report = computeOdds(ruleset(rulesetId), spec);
  } catch (e) {
    m.cases += 1;
    m.ok(label, `computeOdds threw ${String(e)}`, false);
    return;
  }
  if (!isKnownPool(report)) {
    m.cases += 1;
    m.ok(label, 'reported an unknown pool', false);
    return;
  }
  m.ok(label, `ruleset: ${report.ruleset}`, report.ruleset === rulesetId);
  comparePoolOdds(m, label, family, report, oracleOdds(family, spec));
}

const CLASSIC_IDS = ['mage-revised', 'werewolf-revised'];
const AGAINS: AgainRule[] = [10, 9, 8, 'none'];

describe('computeOdds against the brute-force oracle', () => {
  for (const id of CLASSIC_IDS) {
    describe(`classic pool (${id})`, () => {
      it('matches for 1–4 dice at every difficulty 2–10, with and without a specialty and Willpower', () => {
        const m = new Mismatches();
        for (let base = 1; base <= 4; base += 1) {
          for (let difficulty = 2; difficulty <= 10; difficulty += 1) {
            for (const specialties of [0, 1]) {
              for (const willpower of [false, true]) {
                check(m, id, { side: plainSide(base, { difficulty, specialties, willpower }) });
              }
            }
          }
        }
        m.done();
      });

      it('matches with the difficulty left out (6) and with two specialties (still one bonus die per 10)', () => {
        const m = new Mismatches();
        for (let base = 1; base <= 4; base += 1) {
          check(m, id, { side: plainSide(base) });
          check(m, id, { side: plainSide(base, { willpower: true }) });
          check(m, id, { side: plainSide(base, { difficulty: 7, specialties: 2 }) });
        }
        m.done();
      });

      it('reports a pool of 0 or less as a certain failure, Willpower or not', () => {
        const m = new Mismatches();
        for (const base of [0, -1, -3]) {
          for (const willpower of [false, true]) {
            check(m, id, { side: plainSide(base, { difficulty: 6, willpower, specialties: willpower ? 1 : 0 }) });
          }
        }
        m.done();
      });
    });
  }

  describe('storytelling pool', () => {
    it('matches for 1–4 dice with 10-, 9-, 8-again and no again', () => {
      const m = new Mismatches();
      for (let base = 1; base <= 4; base += 1) for (const again of AGAINS) check(m, 'storytelling', { side: plainSide(base, { again }) });
      m.done();
    });

    it('matches the chance die whatever the again option', () => {
      const m = new Mismatches();
      for (const base of [0, -1, -3]) for (const again of AGAINS) check(m, 'storytelling', { side: plainSide(base, { again }) });
      m.done();
    });

    it('adds a specialty and Willpower to the pool before deciding on a chance die', () => {
      const m = new Mismatches();
      for (const again of [10, 8] as AgainRule[]) {
        for (let base = -4; base <= 1; base += 1) check(m, 'storytelling', { side: plainSide(base, { willpower: true, again }) });
        for (let base = -1; base <= 3; base += 1) check(m, 'storytelling', { side: plainSide(base, { specialties: 1, again }) });
        for (let base = -5; base <= 0; base += 1) check(m, 'storytelling', { side: plainSide(base, { specialties: 1, willpower: true, again }) });
      }
      m.done();
    });

    it('ignores a written difficulty', () => {
      const m = new Mismatches();
      for (const difficulty of [2, 6, 9]) check(m, 'storytelling', { side: plainSide(2, { difficulty }) });
      m.done();
    });
  });

  describe('pool minus difficulty (vampire-pack)', () => {
    it('matches for 1–4 dice less difficulties 0–5, with and without a specialty', () => {
      const m = new Mismatches();
      for (let base = 1; base <= 4; base += 1) {
        for (const difficulty of [undefined, 0, 1, 2, 3, 4, 5]) {
          for (const specialties of [0, 1]) check(m, 'vampire-pack', { side: plainSide(base, { difficulty, specialties }) });
        }
      }
      m.done();
    });

    it('ignores Willpower and the again options', () => {
      const m = new Mismatches();
      check(m, 'vampire-pack', { side: plainSide(3, { willpower: true }) });
      check(m, 'vampire-pack', { side: plainSide(3, { again: 8 }) });
      m.done();
    });
  });

  describe('d20 (threads-of-fate)', () => {
    const difficulties = [1, 2, 3, 5, 8, 10, 11, 13, 15, 18, 20, 21, 22, 24, 25, 28, 30];

    it('matches for modifiers −3…+8 against sampled difficulties 1–30 with every edge up to 3 and 3', () => {
      const m = new Mismatches();
      for (let base = -3; base <= 8; base += 1) {
        for (const difficulty of difficulties) {
          for (let advantages = 0; advantages <= 3; advantages += 1) {
            for (let hindrances = 0; hindrances <= 3; hindrances += 1) {
              check(m, 'threads-of-fate', { side: plainSide(base, { difficulty, advantages, hindrances }) });
            }
          }
        }
      }
      m.done();
    });

    it('matches static values with and without an edge', () => {
      const m = new Mismatches();
      for (let base = -3; base <= 8; base += 1) {
        for (const difficulty of difficulties) {
          for (const [advantages, hindrances] of [[0, 0], [1, 0], [0, 1], [2, 1], [1, 1]]) {
            check(m, 'threads-of-fate', { side: plainSide(base, { difficulty, advantages, hindrances, isStatic: true }) });
          }
        }
      }
      m.done();
    });
  });

  describe('a few larger pools', () => {
    it('matches 5 and 6 dice where listing them stays cheap', () => {
      const m = new Mismatches();
      check(m, 'mage-revised', { side: plainSide(5, { difficulty: 6, specialties: 1 }) });
      check(m, 'werewolf-revised', { side: plainSide(6, { difficulty: 8, willpower: true }) });
      check(m, 'vampire-pack', { side: plainSide(6) });
      check(m, 'storytelling', { side: plainSide(5) });
      check(m, 'storytelling', { side: plainSide(6, { again: 'none' }) });
      m.done();
    });
  });

  describe('extended actions', () => {
    const targets = [1, 2, 3, 4];
    const limits = [1, 2, 3, undefined];
    const sides: [string, RollSide][] = [
      ['mage-revised', plainSide(1, { difficulty: 6 })],
      ['mage-revised', plainSide(2, { difficulty: 4 })],
      ['mage-revised', plainSide(3, { difficulty: 8, specialties: 1 })],
      ['mage-revised', plainSide(2, { difficulty: 10, specialties: 1 })],
      ['werewolf-revised', plainSide(1, { difficulty: 7, willpower: true })],
      ['werewolf-revised', plainSide(3, { difficulty: 9 })],
      ['storytelling', plainSide(0)],
      ['storytelling', plainSide(-2, { again: 8 })],
      ['storytelling', plainSide(1)],
      ['storytelling', plainSide(2, { again: 8 })],
      ['storytelling', plainSide(3, { again: 'none' })],
      ['storytelling', plainSide(-3, { willpower: true, again: 9 })],
      ['vampire-pack', plainSide(1)],
      ['vampire-pack', plainSide(3, { difficulty: 1 })],
      ['vampire-pack', plainSide(2, { specialties: 1 })],
      ['threads-of-fate', plainSide(0, { difficulty: 11 })],
      ['threads-of-fate', plainSide(5, { difficulty: 20, advantages: 1 })],
      ['threads-of-fate', plainSide(2, { difficulty: 15, hindrances: 2 })],
      ['threads-of-fate', plainSide(0, { difficulty: 3 })],
    ];

    it('matches P(done by roll k) for targets 1–4 within 1–3 rolls or without a limit, in every family', () => {
      const m = new Mismatches();
      for (const [id, side] of sides) {
        for (const target of targets) {
          for (const maxRolls of limits) {
            check(m, id, { side, extended: maxRolls === undefined ? { target } : { target, maxRolls } });
          }
        }
      }
      m.done();
    });
  });

  describe('contests', () => {
    it('matches classic contests, each side at its own difficulty', () => {
      const m = new Mismatches();
      const options: Partial<RollSide>[] = [{}, { difficulty: 4 }, { difficulty: 8, specialties: 1 }, { difficulty: 10 }, { willpower: true, difficulty: 7 }];
      for (const id of CLASSIC_IDS) {
        for (let a = 1; a <= 3; a += 1) {
          for (let b = 1; b <= 3; b += 1) {
            for (const oa of options) for (const ob of options) check(m, id, { side: plainSide(a, oa), opponent: plainSide(b, ob) });
          }
        }
      }
      m.done();
    });

    it('matches storytelling contests, chance dice included', () => {
      const m = new Mismatches();
      for (let a = 0; a <= 3; a += 1) {
        for (let b = 0; b <= 3; b += 1) {
          for (const [ga, gb] of [[10, 10], [8, 'none'], [9, 10]] as [AgainRule, AgainRule][]) {
            check(m, 'storytelling', { side: plainSide(a, { again: ga }), opponent: plainSide(b, { again: gb }) });
          }
        }
      }
      check(m, 'storytelling', { side: plainSide(-2, { willpower: true }), opponent: plainSide(0, { specialties: 1 }) });
      m.done();
    });

    it('matches storytelling contests by degrees: a lone dramatic failure loses, 5 successes win exceptionally (000 l.341)', () => {
      const m = new Mismatches();
      // Pools big enough for 5 successes against chance dice and small pools; teams that may fall to a chance die.
      for (const [a, b] of [[0, 0], [0, 6], [6, 0], [5, 5], [7, 2], [2, 7], [8, 8]]) {
        for (const again of [10, 8, 'none'] as AgainRule[]) check(m, 'storytelling', { side: plainSide(a, { again }), opponent: plainSide(b, { again }) });
      }
      const team = (main: RollSide, base: number): RollSide => ({ ...main, helpers: [helperSide(main, base)] });
      check(m, 'storytelling', { side: team(plainSide(0), 1), opponent: team(plainSide(1), 0) });
      check(m, 'storytelling', { side: team(plainSide(5), 1), opponent: plainSide(0) });
      m.done();
    });

    it('matches vampire-pack contests: no difficulty subtracted unless written, then from both pools', () => {
      const m = new Mismatches();
      for (let a = 0; a <= 3; a += 1) {
        for (let b = 0; b <= 3; b += 1) {
          check(m, 'vampire-pack', { side: plainSide(a), opponent: plainSide(b) });
          // Additions (2): the first side's difficulty, both sides facing the one obstacle.
          check(m, 'vampire-pack', { side: plainSide(a + 1, { difficulty: 1, specialties: 1 }), opponent: plainSide(b + 2, { difficulty: 3 }) });
          check(m, 'vampire-pack', { side: plainSide(a + 1), opponent: plainSide(b + 1, { difficulty: 1 }) });
        }
      }
      check(m, 'vampire-pack', { side: plainSide(-1), opponent: plainSide(2) });
      m.done();
    });

    it('matches vampire-pack contests with the Attribute tie-break, 0–0 ties included, and Storyteller pools', () => {
      const m = new Mismatches();
      for (let a = 0; a <= 3; a += 1) {
        for (let b = 0; b <= 3; b += 1) {
          for (const [ta, tb] of [[3, 2], [1, 4], [2, 2], [3, undefined], [undefined, undefined]] as [number | undefined, number | undefined][]) {
            const attribute = (value: number | undefined): Partial<RollSide> => (value === undefined ? {} : { attribute: value });
            check(m, 'vampire-pack', { side: plainSide(a, attribute(ta)), opponent: plainSide(b, attribute(tb)) });
            check(m, 'vampire-pack', { side: plainSide(a + 2, { ...attribute(ta), difficulty: 2 }), opponent: plainSide(b + 2, attribute(tb)) });
          }
        }
      }
      m.done();
    });

    it('matches d20 contests by total, each side with its own edge', () => {
      const m = new Mismatches();
      for (const a of [-3, 0, 2, 8]) {
        for (const b of [-3, 0, 5]) {
          for (const [ea, eb] of [[0, 0], [1, 0], [0, -1], [2, -2], [-1, 1]]) {
            const edge = (k: number): Partial<RollSide> => (k > 0 ? { advantages: k } : { hindrances: -k });
            check(m, 'threads-of-fate', { side: plainSide(a, edge(ea)), opponent: plainSide(b, edge(eb)) });
          }
        }
      }
      check(m, 'threads-of-fate', { side: plainSide(1, { advantages: 1, hindrances: 1, difficulty: 12 }), opponent: plainSide(1, { difficulty: 30 }) });
      m.done();
    });

    it('matches «против N» in threads-of-fate: the opponent rolls d20 + N', () => {
      const m = new Mismatches();
      for (const n of [-2, 0, 3, 7, 15]) {
        check(m, 'threads-of-fate', { side: plainSide(4), opponent: plainSide(n) });
        check(m, 'threads-of-fate', { side: plainSide(2, { advantages: 2 }), opponent: plainSide(n) });
      }
      m.done();
    });
  });

  describe('unknown pools', () => {
    function byPool(id: string, side: RollSide): Record<string, PoolOdds> | undefined {
      const report = computeOdds(ruleset(id), { side });
      assert.equal(report.pool, null, `${id} ${JSON.stringify(side)}: pool should be null`);
      return isKnownPool(report) ? undefined : report.by_pool;
    }

    it('reports pools 1–10 for d10 families, each what that many dice would give', () => {
      const m = new Mismatches();
      const cases: [string, RollSide][] = [
        ['mage-revised', plainSide(null, { difficulty: 7 })],
        ['werewolf-revised', plainSide(null, { difficulty: 5, specialties: 1, willpower: true })],
        ['storytelling', plainSide(null, { again: 8 })],
        // Dice actually rolled: the specialty and Willpower are already in n.
        ['storytelling', plainSide(null, { specialties: 1, willpower: true })],
        ['vampire-pack', plainSide(null, { difficulty: 2, specialties: 1 })],
      ];
      for (const [id, side] of cases) {
        const family = FAMILY_OF[id];
        const pools = byPool(id, side);
        m.ok(`${id} ${JSON.stringify(side)}`, `by_pool keys ${Object.keys(pools ?? {}).join(',')}`, JSON.stringify(Object.keys(pools ?? {}).map(Number).sort((a, b) => a - b)) === JSON.stringify([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
        for (let n = 1; n <= 4; n += 1) {
          const got = pools?.[String(n)];
          const label = `${id} ${JSON.stringify(side)} by_pool[${n}]`;
          if (!got) m.ok(label, 'missing', false);
          else comparePoolOdds(m, label, family, got, oracleForDice(family, n, side));
        }
      }
      m.done();
    });

    it('gives unknown helpers and opponents the row’s size too: a team, a race', () => {
      const m = new Mismatches();
      const unknownTeam = (id: string, main: RollSide, known?: number): void => {
        const side = { ...main, helpers: [helperSide(main, null), ...(known === undefined ? [] : [helperSide(main, known)])] };
        const pools = byPool(id, side);
        for (let n = 1; n <= 4; n += 1) {
          const got = pools?.[String(n)];
          const row = { ...main, base: n, helpers: [helperSide(main, n), ...(known === undefined ? [] : [helperSide(main, known)])] };
          if (!got) m.ok(`${id} row ${n}`, 'missing', false);
          else comparePoolOdds(m, `${id} team by_pool[${n}]`, FAMILY_OF[id], got, oracleOdds(FAMILY_OF[id], { side: row }));
        }
      };
      unknownTeam('mage-revised', plainSide(null, { difficulty: 7 }));
      unknownTeam('werewolf-revised', plainSide(null), 2);
      unknownTeam('storytelling', plainSide(null, { again: 'none' }), 1);
      const race = computeOdds(ruleset('storytelling'), { side: plainSide(null), opponent: plainSide(2), extended: { target: 2, maxRolls: 3 } });
      assert.equal(race.pool, null);
      if (!isKnownPool(race)) {
        for (let n = 1; n <= 3; n += 1) {
          const got = race.by_pool[String(n)];
          comparePoolOdds(m, `storytelling race by_pool[${n}]`, 'storytelling', got, oracleOdds('storytelling', { side: plainSide(n), opponent: plainSide(2), extended: { target: 2, maxRolls: 3 } }));
        }
      }
      m.done();
    });

    it('reports d20 total modifiers −2…+12, each what that modifier would give', () => {
      const m = new Mismatches();
      const sides = [
        plainSide(null, { difficulty: 14 }),
        plainSide(null, { difficulty: 20, advantages: 2 }),
        plainSide(null, { difficulty: 9, hindrances: 1 }),
        plainSide(null, { difficulty: 16, isStatic: true, advantages: 1 }),
      ];
      for (const side of sides) {
        const pools = byPool('threads-of-fate', side);
        const keys = Object.keys(pools ?? {}).map(Number).sort((a, b) => a - b);
        m.ok(JSON.stringify(side), `by_pool keys ${keys.join(',')}`, JSON.stringify(keys) === JSON.stringify(Array.from({ length: 15 }, (_, i) => i - 2)));
        for (let base = -2; base <= 12; base += 1) {
          const got = pools?.[String(base)];
          const label = `threads-of-fate ${JSON.stringify(side)} by_pool[${base}] (edge ${d20Edge(side)})`;
          if (!got) m.ok(label, 'missing', false);
          else comparePoolOdds(m, label, 'd20', got, oracleOdds('d20', { side: { ...side, base } }));
        }
      }
      m.done();
    });
  });
  describe('soak and damage (classic, no botch)', () => {
    it('matches 1–4 dice at every difficulty, with a specialty, Willpower, in extended actions and contests', () => {
      const m = new Mismatches();
      for (const id of CLASSIC_IDS) {
        for (let base = 0; base <= 4; base += 1) {
          for (let difficulty = 2; difficulty <= 10; difficulty += 2) {
            for (const specialties of [0, 1]) check(m, id, { side: plainSide(base, { difficulty, specialties, noBotch: true }) });
            check(m, id, { side: plainSide(base, { difficulty, willpower: true, noBotch: true }) });
          }
          check(m, id, { side: plainSide(base, { noBotch: true }) });
          check(m, id, { side: plainSide(base, { noBotch: true, difficulty: 8 }), extended: { target: 2, maxRolls: 3 } });
          check(m, id, { side: plainSide(base, { noBotch: true }), opponent: plainSide(2, { difficulty: 7 }) });
        }
      }
      m.done();
    });
  });

  describe('initiative (1d10 + rating)', () => {
    it('matches every total for ratings −2…12 in the rulesets with an Initiative trait', () => {
      const m = new Mismatches();
      for (const id of ['storytelling', 'mage-revised', 'werewolf-revised']) {
        for (let rating = -2; rating <= 12; rating += 1) {
          check(m, id, { side: plainSide(rating), initiative: true });
          // Specialty, Willpower and a difficulty do not change the total.
          check(m, id, { side: plainSide(rating, { specialties: 1, willpower: true, difficulty: 7 }), initiative: true });
        }
      }
      m.done();
    });

    it('tabulates unknown ratings 1–10', () => {
      const m = new Mismatches();
      for (const id of ['storytelling', 'mage-revised']) {
        const report = computeOdds(ruleset(id), { side: plainSide(null), initiative: true });
        if (isKnownPool(report)) {
          m.cases += 1;
          m.ok(id, 'pool should be unknown', false);
          continue;
        }
        m.ok(id, `by_pool keys ${Object.keys(report.by_pool).join(',')}`, Object.keys(report.by_pool).join(',') === '1,2,3,4,5,6,7,8,9,10');
        for (const [key, odds] of Object.entries(report.by_pool)) comparePoolOdds(m, `${id} by_pool[${key}]`, FAMILY_OF[id], odds, oracleInitiative(Number(key)));
      }
      m.done();
    });
  });

  describe('teamwork', () => {
    const helpers = (main: RollSide, ...bases: number[]): RollSide => ({ ...main, helpers: bases.map((b) => helperSide(main, b)) });

    it('classic: the helpers’ floored nets join the main roll’s; a botch only when all is 0 and the main roll botched', () => {
      const m = new Mismatches();
      for (const id of CLASSIC_IDS) {
        for (let own = 0; own <= 3; own += 1) {
          for (const options of [{}, { difficulty: 4 }, { difficulty: 8, specialties: 1 }, { difficulty: 7, willpower: true }, { noBotch: true }] as Partial<RollSide>[]) {
            check(m, id, { side: helpers(plainSide(own, options), 2) });
            check(m, id, { side: helpers(plainSide(own, options), 1, 3) });
            check(m, id, { side: helpers(plainSide(own, options), 0, -1) });
          }
        }
      }
      m.done();
    });

    it('classic: every roll of an extended action is a team roll; a team in a contest', () => {
      const m = new Mismatches();
      for (const id of CLASSIC_IDS) {
        for (let own = 0; own <= 2; own += 1) {
          for (const target of [1, 3, 4]) {
            for (const maxRolls of [1, 2, 3]) check(m, id, { side: helpers(plainSide(own, { difficulty: 7 }), 2), extended: { target, maxRolls } });
          }
          check(m, id, { side: helpers(plainSide(own), 1, 2), opponent: plainSide(3) });
          check(m, id, { side: plainSide(2), opponent: helpers(plainSide(own, { difficulty: 5 }), 2) });
        }
      }
      m.done();
    });

    it('storytelling: successes become dice, a dramatic failure −4, all before the chance-die decision (no again)', () => {
      const m = new Mismatches();
      for (let own = -3; own <= 3; own += 1) {
        const main = plainSide(own, { again: 'none' });
        check(m, 'storytelling', { side: helpers(main, 1) });
        check(m, 'storytelling', { side: helpers(main, 2, 0) });
        check(m, 'storytelling', { side: helpers(main, -1, 3) });
        check(m, 'storytelling', { side: helpers(plainSide(own, { again: 'none', willpower: true, specialties: 1 }), 0) });
      }
      m.done();
    });

    it('storytelling with re-rolls: 10-, 9- and 8-again helpers, extended actions and contests', () => {
      const m = new Mismatches();
      // Long 8-again chains hand the main roll many dice, which the oracle lists slowly: one helper there.
      for (const again of [10, 9, 8] as AgainRule[]) {
        for (const own of [-4, 0, 2]) {
          check(m, 'storytelling', { side: helpers(plainSide(own, { again }), 1) });
          if (again === 10) check(m, 'storytelling', { side: helpers(plainSide(own, { again }), 0, 2) });
        }
      }
      for (const target of [1, 3]) check(m, 'storytelling', { side: helpers(plainSide(0), 1), extended: { target, maxRolls: 2 } });
      check(m, 'storytelling', { side: helpers(plainSide(1), 2), opponent: plainSide(2) });
      m.done();
    });

    it('threads-of-fate: each helper’s success against the difficulty − 5 is an advantage, its failure a hindrance; capped at 2', () => {
      const m = new Mismatches();
      for (const difficulty of [5, 10, 15, 20, 26]) {
        for (const [advantages, hindrances] of [[0, 0], [1, 0], [2, 0], [0, 2], [1, 1]]) {
          const main = plainSide(3, { difficulty, advantages, hindrances });
          check(m, 'threads-of-fate', { side: helpers(main, 2) });
          check(m, 'threads-of-fate', { side: helpers(main, 0, 5) });
          check(m, 'threads-of-fate', { side: helpers(main, -2, 4, 9) });
          check(m, 'threads-of-fate', { side: helpers({ ...main, isStatic: true }, 1, 1) });
        }
      }
      check(m, 'threads-of-fate', { side: helpers(plainSide(2, { difficulty: 14 }), 3), extended: { target: 2, maxRolls: 3 } });
      // A contest has no difficulty for the helpers to roll against: they change nothing.
      check(m, 'threads-of-fate', { side: helpers(plainSide(2), 3, 3), opponent: plainSide(4) });
      m.done();
    });

    it('vampire-pack has no teamwork rule: helpers change nothing', () => {
      const m = new Mismatches();
      check(m, 'vampire-pack', { side: helpers(plainSide(3, { difficulty: 1 }), 3, 3) });
      m.done();
    });
  });

  describe('races (extended contests)', () => {
    const limits = [1, 2, 4, undefined];

    it('storytelling: a dramatic failure resets that side to 0; both reaching the target in one round tie', () => {
      const m = new Mismatches();
      for (const [a, b] of [[0, 0], [0, 2], [1, 1], [2, 1], [3, 2]]) {
        for (const target of [1, 2, 3]) {
          for (const maxRolls of limits) {
            const extended = maxRolls === undefined ? { target } : { target, maxRolls };
            check(m, 'storytelling', { side: plainSide(a), opponent: plainSide(b), extended });
          }
        }
      }
      check(m, 'storytelling', { side: plainSide(2, { again: 8 }), opponent: plainSide(1, { again: 'none' }), extended: { target: 3, opponentTarget: 2 } });
      m.done();
    });

    it('classic: a botch loses at once, two botches tie, a side without dice never rolls', () => {
      const m = new Mismatches();
      for (const id of CLASSIC_IDS) {
        for (const [a, b] of [[1, 1], [2, 1], [0, 2], [0, 0], [3, 2]]) {
          for (const target of [1, 2, 3]) {
            for (const maxRolls of limits) {
              const extended = maxRolls === undefined ? { target } : { target, maxRolls };
              check(m, id, { side: plainSide(a, { difficulty: 6 }), opponent: plainSide(b, { difficulty: 8 }), extended });
            }
          }
        }
        check(m, id, { side: plainSide(2, { willpower: true }), opponent: plainSide(2, { specialties: 1, difficulty: 9 }), extended: { target: 3 } });
        check(m, id, { side: plainSide(1, { noBotch: true }), opponent: plainSide(1), extended: { target: 2, maxRolls: 3 } });
      }
      m.done();
    });

    it('vampire-pack: successes add up, a written difficulty takes dice from both, the Attribute breaks ties', () => {
      const m = new Mismatches();
      for (const [a, b] of [[1, 1], [2, 3], [3, 1]]) {
        for (const maxRolls of limits) {
          const extended = maxRolls === undefined ? { target: 2 } : { target: 2, maxRolls };
          check(m, 'vampire-pack', { side: plainSide(a), opponent: plainSide(b), extended });
          check(m, 'vampire-pack', { side: plainSide(a + 1, { difficulty: 1, attribute: 3 }), opponent: plainSide(b + 1, { attribute: 2 }), extended });
        }
      }
      m.done();
    });
  });

  describe('alternatives', () => {
    function compareAlternatives(m: Mismatches, rulesetId: string, combos: CheckSpec[]): void {
      const family = FAMILY_OF[rulesetId];
      const label = `${rulesetId} ${JSON.stringify(combos.map((c) => c.side.base))}`;
      const report = computeOdds(ruleset(rulesetId), withAlternatives(combos.map((spec, i) => ({ check: `«combination ${i}»`, spec }))));
      const want = oracleAlternatives(family, combos);
      m.ok(label, `best: engine ${report.best}, oracle ${want.best}`, report.best === want.best);
      m.ok(label, `${report.alternatives?.length} alternatives`, report.alternatives?.length === combos.length);
      report.alternatives?.forEach((alternative, i) => {
        m.ok(label, `check ${i}: ${alternative.check}`, alternative.check === `«combination ${i}»`);
        if (alternative.pool === null) m.ok(label, `alternative ${i} has an unknown pool`, false);
        else comparePoolOdds(m, `${label} alternative ${i}`, family, alternative, want.each[i]);
      });
      // The headline is the best combination, field for field.
      const { alternatives: _all, best: _best, ...headline } = report;
      const { check: _check, ...bestOne } = report.alternatives?.[report.best ?? 0] ?? { check: '' };
      m.ok(label, 'the top-level fields are the best combination’s', JSON.stringify(headline) === JSON.stringify(bestOne));
    }

    it('reports every combination and heads the report with the best one, in every family', () => {
      const m = new Mismatches();
      compareAlternatives(m, 'mage-revised', [{ side: plainSide(3, { difficulty: 6 }) }, { side: plainSide(4, { difficulty: 6 }) }, { side: plainSide(2, { difficulty: 6 }) }]);
      compareAlternatives(m, 'werewolf-revised', [{ side: plainSide(2, { difficulty: 4 }) }, { side: plainSide(2, { difficulty: 4 }) }]);
      compareAlternatives(m, 'storytelling', [{ side: plainSide(0) }, { side: plainSide(-1) }, { side: plainSide(1) }, { side: plainSide(1) }]);
      compareAlternatives(m, 'vampire-pack', [{ side: plainSide(4, { difficulty: 2 }) }, { side: plainSide(3, { difficulty: 2 }) }]);
      compareAlternatives(m, 'threads-of-fate', [{ side: plainSide(2, { difficulty: 12 }) }, { side: plainSide(5, { difficulty: 12, hindrances: 1 }) }]);
      // Contests are ranked by P(win), extended actions by a single roll's success.
      compareAlternatives(m, 'storytelling', [{ side: plainSide(2), opponent: plainSide(3) }, { side: plainSide(3), opponent: plainSide(3) }]);
      compareAlternatives(m, 'mage-revised', [{ side: plainSide(2, { difficulty: 8 }), extended: { target: 3, maxRolls: 3 } }, { side: plainSide(3, { difficulty: 8 }), extended: { target: 3, maxRolls: 3 } }]);
      m.done();
    });
  });
});
