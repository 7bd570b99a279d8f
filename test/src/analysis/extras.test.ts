/**
 * docs/markup.md, "Механики": `+N успехов` (000 l.468, 001 l.81), `прочность N` (000 l.593, 605),
 * `маневр N` (001 l.32) and `фора N` (001 l.83), from the markup to the odds JSON. Every figure is
 * read from die faces listed one by one (forEachFaces, or the oracle's storytelling chains and
 * races in ../engine/bruteForce.ts), never from the engine; the rolls are scripted face by face.
 */
import * as assert from 'node:assert/strict';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { parseCheckExpression } from '../../../server/out/analysis/check/checkExpression';
import { formatCanonical } from '../../../server/out/analysis/check/canonicalForm';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import { getBuiltinRuleset } from '../../../server/out/engine/builtinRulesets';
import type { RandomSource } from '../../../server/out/engine/random';
import { rollCheck } from '../../../server/out/engine/roll';
import { checkHoverMarkdown } from '../../../server/out/present/hover';
import { rollLog } from '../../../server/out/present/roll';
import { voice } from '../../../server/out/present/voice';
import { forEachFaces, raceByRounds, type Step, storytellingRoll, withinByEnumeration } from '../engine/bruteForce';
import { markedRange } from '../markers';
import { scenario, wordedAnalysis } from './util';
import { oddsJson } from '../cli/runCli';

const EPS = 1e-12;

interface OddsJson {
  pool: number;
  outcomes?: Record<string, number>;
  successes?: number[];
  expected: number;
  notes: string[];
  within?: number[];
  contest?: { win: number; tie: number; lose: number };
  extra_successes?: number;
  durability?: number;
  maneuver?: { cap: number; written: number };
  head_start?: [number, number];
  replay?: boolean;
}

const odds = (ruleset: string, check: string) => oddsJson<OddsJson>(ruleset, check);

function close(actual: number | undefined, expected: number, what: string): void {
  assert.ok(actual !== undefined && Math.abs(actual - expected) <= EPS, `${what}: ${actual} ≠ ${expected}`);
}

function closeSeries(actual: readonly number[] | undefined, expected: readonly number[], what: string): void {
  assert.ok(actual, what);
  const length = Math.max(actual.length, expected.length);
  for (let k = 0; k < length; k++) close(actual[k] ?? 0, expected[k] ?? 0, `${what}[${k}]`);
}

/** A distribution over counts from 0, by weight. */
function add(into: number[], k: number, p: number): void {
  while (into.length <= k) into.push(0);
  into[k] += p;
}

/** One classic roll of `faces` at difficulty `t` (001 l.19–23): successes floored at 0, and whether it botched. */
function classicFaces(faces: readonly number[], t: number): { successes: number; botch: boolean } {
  const hits = faces.filter((f) => f >= t).length;
  const ones = faces.filter((f) => f === 1).length;
  return { successes: Math.max(0, hits - ones), botch: hits === 0 && ones > 0 };
}

/** 000 l.468: extra successes only when the roll has any; 000 l.605: only successes beyond the Durability count. */
function counted(successes: number, extra: number, durability: number): number {
  const added = successes >= 1 ? successes + extra : 0;
  return Math.max(0, added - durability);
}

function analyze(ruleset: string, lines: string[]) {
  return analyzeDocument(scenario(ruleset, lines), { rulesets: builtinRulesets(), dictionary: [] });
}

/** Faces in the order asked for. */
function faces(...list: number[]): RandomSource {
  const queue = [...list];
  return {
    int(min, max) {
      const face = queue.shift();
      assert.ok(face !== undefined && face >= min && face <= max, 'the roll asked for a face the test did not script');
      return face;
    },
  };
}

describe('docs/markup.md «Механики»: extra successes, Durability, Maneuver, head start', () => {
  describe('parsing and the canonical form', () => {
    it('reads «+4 успеха», «прочность 3», «маневр 5», «фора 2» and prints them back', () => {
      const ast = parseCheckExpression('Сила 3 + Оружие 2 (+4 успеха, Прочность 3, манёвр 5, фора 2)');
      assert.deepEqual(ast.errors, []);
      assert.deepEqual(
        ast.sides[0].params.map((p) => [p.kind, 'value' in p ? p.value : undefined]),
        [
          ['extraSuccesses', 4],
          ['durability', 3],
          ['maneuver', 5],
          ['headStart', 2],
        ],
      );
      assert.equal(formatCanonical(ast, (t) => t.name), 'Сила 3 + Оружие 2 (+4 успеха, прочность 3, маневр 5, фора 2)');
      assert.equal(formatCanonical(parseCheckExpression('Сила Воли 5 (+1 успех)'), (t) => t.name), 'Сила Воли 5 (+1 успех)');
    });

    it('«N успехов» without the plus stays an extended action’s goal', () => {
      assert.equal(parseCheckExpression('Сила 3 (4 успеха)').sides[0].params[0].kind, 'successesNeeded');
    });

    it('a negative or missing number is a syntax error', () => {
      assert.deepEqual(
        parseCheckExpression('Сила 3 (прочность -1)').errors.map((e) => e.code),
        ['bad-number'],
      );
      assert.deepEqual(
        parseCheckExpression('Сила 3 (маневр)').errors.map((e) => e.code),
        ['missing-number'],
      );
    });
  });

  describe('the texts’ own examples give no diagnostic', () => {
    const examples: { ruleset: string; line: string }[] = [
      { ruleset: 'storytelling', line: 'Оружие массового поражения (000 l.468): «Сила 3 + Драка 2 (+4 успеха)».' },
      { ruleset: 'storytelling', line: 'Бита против двери (000 l.605): «Сила 3 + Холодное оружие 2 + 2 (прочность 3)».' },
      { ruleset: 'mage-revised', line: 'Подъём вдвоём (001 l.81): «Сила Воли 5 (сложность 6, +7 успехов)».' },
      { ruleset: 'mage-revised', line: 'Погоня на машине (001 l.32): «Ловкость 4 + Вождение 3 (сложность 6, маневр 5)».' },
      { ruleset: 'mage-revised', line: 'Погоня (001 l.83): «Ловкость 3 + Атлетизм 2 (10 успехов) против Ловкость 3 + Атлетизм 3 (фора 4)».' },
    ];
    for (const { ruleset, line } of examples) {
      it(`${ruleset}: ${line}`, () => {
        const analysis = analyze(ruleset, [line]);
        assert.deepEqual(analysis.diagnostics.map((d) => `${d.code} ${JSON.stringify(d.message)}`), []);
        assert.ok(analysis.checks[0].spec);
      });
    }
  });

  describe('RM005 where the ruleset lacks it, RM003 for values that cannot work', () => {
    const hits: { ruleset: string; doc: string; code: string; en: string }[] = [
      { ruleset: 'threads-of-fate', doc: '«Сила + Атлетика (сложность 12, ⟦+2 успеха⟧)»', code: 'RM005', en: 'The parameter "успеха" is not used by threads-of-fate' },
      { ruleset: 'vampire-pack', doc: '«Сила + Атлетика (⟦+2 успеха⟧)»', code: 'RM005', en: 'The parameter "успеха" is not used by vampire-pack' },
      { ruleset: 'mage-revised', doc: '«Сила 3 + Атлетизм 2 (сложность 6, ⟦прочность 2⟧)»', code: 'RM005', en: 'The parameter "прочность" is not used by mage-revised' },
      { ruleset: 'werewolf-revised', doc: '«Ловкость 3 + Вождение 2 (сложность 6, ⟦маневр 2⟧)»', code: 'RM005', en: 'The parameter "маневр" is not used by werewolf-revised' },
      { ruleset: 'storytelling', doc: '«Сила 3 + Атлетика 2 (⟦маневр 2⟧)»', code: 'RM005', en: 'The parameter "маневр" is not used by storytelling' },
      {
        ruleset: 'storytelling',
        doc: '«Сила 3 + Атлетика 2 (⟦прочность 2⟧) против Сила 3»',
        code: 'RM005',
        en: '"прочность" (Durability) is an object’s, against one roll; a contest compares successes with the opponent’s',
      },
      {
        ruleset: 'storytelling',
        doc: '«Ловкость 3 + Атлетика 2 (⟦фора 2⟧)»',
        code: 'RM005',
        en: '"фора" (head start) is successes at a race’s start: it needs a contest with a goal, e.g. "против Ловкость + Атлетизм (10 успехов)"',
      },
      { ruleset: 'storytelling', doc: '«Сила 3 + Атлетика 2 (⟦+0 успехов⟧)»', code: 'RM003', en: '"+0 успехов" (+0 successes) adds nothing: remove it or give a number' },
      { ruleset: 'mage-revised', doc: '«Ловкость 3 + Вождение 2 (сложность 6, ⟦маневр 0⟧)»', code: 'RM003', en: '"маневр 0" (Maneuver 0): a vehicle with Maneuver 0 leaves no die to roll' },
      {
        ruleset: 'mage-revised',
        doc: '«Ловкость 3 + Атлетизм 2 (4 успеха) против Ловкость 3 + Атлетизм 3 (⟦фора 4⟧)»',
        code: 'RM003',
        en: 'A head start of 4 is not below the race’s goal (4): the race would end before the first roll',
      },
    ];
    for (const hit of hits) {
      it(`${hit.code} ${hit.ruleset}: ${hit.doc}`, () => {
        const { text, range } = markedRange(scenario(hit.ruleset, [hit.doc]));
        const found = wordedAnalysis(analyzeDocument(text, { rulesets: builtinRulesets(), dictionary: [] }), 'en').diagnostics.filter((d) => d.code === hit.code);
        assert.equal(found.length, 1, JSON.stringify(found));
        assert.deepEqual(found[0].range, range);
        assert.equal(found[0].message, hit.en);
      });
    }

    it('an initiative roll takes none of them (RM005 each)', () => {
      const analysis = wordedAnalysis(analyze('storytelling', ['«Ловкость 3 + Самообладание 2 (инициатива, +2 успеха, прочность 1)»']), 'en');
      assert.deepEqual(
        analysis.diagnostics.map((d) => d.code),
        ['RM005', 'RM005'],
      );
    });
  });

  describe('`+N успехов`: added only to a roll with at least one success', () => {
    it('storytelling, 000 l.468: 3 dice without 10-again, +4 (every face); any success is exceptional (5 or more)', async () => {
      const json = await odds('storytelling', 'Сила 2 + Драка 1 (без снова-10, +4 успеха)');
      const dist: number[] = [];
      forEachFaces(3, 10, (f) => add(dist, counted(f.filter((x) => x >= 8).length, 4, 0), 1e-3));
      closeSeries(json.successes, dist, 'successes');
      close(json.outcomes?.failure, dist[0], 'failure');
      close(json.outcomes?.dramatic_failure, 0, 'dramatic failure');
      close(json.outcomes?.success, 0, 'success below 5');
      close(json.outcomes?.exceptional_success, 1 - dist[0], 'exceptional');
      close(json.expected, dist.reduce((sum, p, k) => sum + p * k, 0), 'expected');
      assert.equal(json.extra_successes, 4);
      assert.deepEqual(json.notes, ['extra_successes']);
    });

    it('storytelling with 10-again (the oracle’s chains): +1 moves 4 successes to an exceptional 5', async () => {
      const json = await odds('storytelling', 'Сила 2 + Драка 1 (+1 успех)');
      const dist: number[] = [];
      for (const r of storytellingRoll(3, 10).results) add(dist, counted(r.successes, 1, 0), r.p);
      closeSeries(json.successes?.slice(0, 8), dist.slice(0, 8), 'successes');
      close(json.outcomes?.success, dist[2] + dist[3] + dist[4], 'success 2–4');
      close(json.outcomes?.exceptional_success, 1 - dist[0] - dist[2] - dist[3] - dist[4], 'exceptional 5+');
    });

    it('the chance die: a dramatic failure stays one, a 10 gets the extra successes', async () => {
      const json = await odds('storytelling', 'Сила 1 − 1 (+2 успеха)');
      close(json.outcomes?.dramatic_failure, 0.1, 'dramatic failure (a 1)');
      close(json.outcomes?.failure, 0.8, 'failure (2–9)');
      // A 10 is one success and re-rolls: 1 + 2 = 3, and each further 10 one more.
      close(json.successes?.[3], 0.1 * 0.9, '3 successes');
      close(json.successes?.[4], 0.01 * 0.9, '4 successes');
    });

    it('mage-revised, 001 l.81: «все или ничего», a botch and a failure stay, any success gets +7 (3 dice, every face)', async () => {
      const json = await odds('mage-revised', 'Сила Воли 3 (сложность 6, +7 успехов)');
      const dist: number[] = [];
      let botch = 0;
      forEachFaces(3, 10, (f) => {
        const r = classicFaces(f, 6);
        if (r.botch) botch += 1e-3;
        add(dist, counted(r.successes, 7, 0), 1e-3);
      });
      closeSeries(json.successes, dist, 'successes');
      close(json.outcomes?.botch, botch, 'botch');
      close(json.outcomes?.failure, dist[0] - botch, 'failure');
      close(json.outcomes?.success, 1 - dist[0], 'success');
      assert.equal(dist[1], 0);
      assert.ok(dist[8] > 0);
    });

    it('classic teamwork: the team’s total gets the extra successes when it has any (2 + 2 dice, every face)', async () => {
      const text = scenario('mage-revised', ['«Сила 1 + Атлетизм 1 (сложность 6, +3 успеха, помощь: 1)»']);
      const analysis = analyzeDocument(text, { rulesets: builtinRulesets(), dictionary: [] });
      const report = analysis.checks[0].odds as unknown as OddsJson;
      const dist: number[] = [];
      let botch = 0;
      forEachFaces(4, 10, (f) => {
        const main = classicFaces(f.slice(0, 2), 6);
        const helper = classicFaces(f.slice(2), 6);
        const team = main.successes + helper.successes;
        if (team === 0 && main.botch) botch += 1e-4;
        add(dist, counted(team, 3, 0), 1e-4);
      });
      closeSeries(report.successes, dist, 'successes');
      close(report.outcomes?.botch, botch, 'botch');
      close(report.outcomes?.success, 1 - dist[0], 'success');
    });

    it('in a contest the roller’s score gets them (storytelling, 2 against 2 dice without 10-again, every face)', async () => {
      const json = await odds('storytelling', 'Сила 1 + Драка 1 (без снова-10, +2 успеха) против Ловкость 1 + Уклонение 1 (без снова-10)');
      const contest = { win: 0, tie: 0, lose: 0 };
      forEachFaces(4, 10, (f) => {
        const a = counted(f.slice(0, 2).filter((x) => x >= 8).length, 2, 0);
        const b = f.slice(2).filter((x) => x >= 8).length;
        contest[a > b ? 'win' : a === b ? 'tie' : 'lose'] += 1e-4;
      });
      close(json.contest?.win, contest.win, 'win');
      close(json.contest?.tie, contest.tie, 'tie');
      close(json.contest?.lose, contest.lose, 'lose');
      assert.equal(json.extra_successes, 2);
    });
  });

  describe('`прочность N`: only successes beyond the Durability count', () => {
    it('storytelling, 000 l.605: 4 dice without 10-again, Durability 2 (every face): a success needs 3 or more', async () => {
      const json = await odds('storytelling', 'Сила 2 + Холодное оружие 2 (без снова-10, прочность 2)');
      const dist: number[] = [];
      forEachFaces(4, 10, (f) => add(dist, counted(f.filter((x) => x >= 8).length, 0, 2), 1e-4));
      closeSeries(json.successes, dist, 'successes');
      close(json.outcomes?.failure, dist[0], 'failure');
      close(json.outcomes?.success, 1 - dist[0], 'success');
      close(json.outcomes?.exceptional_success, 0, 'exceptional');
      assert.equal(json.durability, 2);
      assert.deepEqual(json.notes, ['durability']);
    });

    it('with extra successes: added first, then the Durability taken away (+2, Durability 3, 3 dice)', async () => {
      const json = await odds('storytelling', 'Сила 2 + Драка 1 (без снова-10, +2 успеха, прочность 3)');
      const dist: number[] = [];
      forEachFaces(3, 10, (f) => add(dist, counted(f.filter((x) => x >= 8).length, 2, 3), 1e-3));
      closeSeries(json.successes, dist, 'successes');
      assert.deepEqual(json.notes, ['extra_successes', 'durability']);
    });

    it('an extended action adds each roll’s successes beyond the Durability (000 l.593: Structure 3, 3 rolls)', async () => {
      const json = await odds('storytelling', 'Сила 1 + Выносливость 1 (без снова-10, прочность 1, 3 успеха, 3 броска)');
      const steps = new Map<number, number>();
      forEachFaces(2, 10, (f) => {
        const gain = counted(f.filter((x) => x >= 8).length, 0, 1);
        steps.set(gain, (steps.get(gain) ?? 0) + 1e-2);
      });
      const list: Step[] = [...steps].map(([gain, p]) => ({ gain, p, abort: false }));
      closeSeries(json.within, withinByEnumeration(list, 3, 3), 'within');
    });
  });

  describe('`маневр N`: the pool is at most the vehicle’s Maneuver (001 l.32)', () => {
    it('7 dice capped at 5 (every face of 5 dice), "maneuver" says 5 of 7', async () => {
      const json = await odds('mage-revised', 'Ловкость 4 + Вождение 3 (сложность 6, маневр 5)');
      const dist: number[] = [];
      let botch = 0;
      forEachFaces(5, 10, (f) => {
        const r = classicFaces(f, 6);
        if (r.botch) botch += 1e-5;
        add(dist, r.successes, 1e-5);
      });
      assert.equal(json.pool, 5);
      assert.deepEqual(json.maneuver, { cap: 5, written: 7 });
      closeSeries(json.successes, dist, 'successes');
      close(json.outcomes?.botch, botch, 'botch');
      assert.deepEqual(json.notes, ['maneuver']);
    });

    it('a Maneuver above the pool changes nothing and says nothing', async () => {
      const json = await odds('mage-revised', 'Ловкость 2 + Вождение 1 (сложность 6, маневр 5)');
      assert.equal(json.pool, 3);
      assert.equal(json.maneuver, undefined);
      assert.deepEqual(json.notes, []);
    });

    it('the hover says how far the pool was capped', () => {
      const analysis = analyze('mage-revised', ['«Ловкость 4 + Вождение 3 (сложность 6, маневр 5)»']);
      assert.ok(checkHoverMarkdown(analysis.checks[0], analysis.ruleset, voice('ru')).includes('_Пул ограничен Маневром: 5 из 7._'));
      assert.ok(checkHoverMarkdown(analysis.checks[0], analysis.ruleset, voice('en')).includes('_The pool is capped by the vehicle’s Maneuver: 5 of 7._'));
    });
  });

  describe('`фора N`: a race side starts with N successes (001 l.83)', () => {
    it('mage-revised, 3 against 3 dice at 6, goal 4, the opponent 2 ahead (every face, every round)', async () => {
      const json = await odds('mage-revised', 'Ловкость 2 + Атлетизм 1 (4 успеха, 6 бросков) против Ловкость 2 + Атлетизм 1 (фора 2)');
      const steps = new Map<string, Step>();
      forEachFaces(3, 10, (f) => {
        const r = classicFaces(f, 6);
        const key = `${r.successes}|${r.botch}`;
        const s = steps.get(key) ?? { gain: r.successes, abort: r.botch, p: 0 };
        s.p += 1e-3;
        steps.set(key, s);
      });
      const list = [...steps.values()];
      const race = raceByRounds('classic', list, list, [4, 4], 6, [0, 2]);
      close(json.contest?.win, race.contest.win, 'win');
      close(json.contest?.tie, race.contest.tie, 'tie');
      close(json.contest?.lose, race.contest.lose, 'lose');
      closeSeries(json.within, race.within, 'within');
      assert.deepEqual(json.head_start, [0, 2]);
      assert.deepEqual(json.notes, ['head_start']);
    });
  });

  describe('rolls count as the odds do', () => {
    const storytelling = getBuiltinRuleset('storytelling')!;
    const mage = getBuiltinRuleset('mage-revised')!;
    const specOf = (ruleset: string, line: string) => {
      const spec = analyze(ruleset, [line]).checks[0].spec;
      assert.ok(spec);
      return spec;
    };

    it('+4: one success rolled, five counted, an exceptional success; the log says both', () => {
      const spec = specOf('storytelling', '«Сила 2 + Драка 1 (+4 успеха)»');
      const report = rollCheck(storytelling, spec, { random: faces(8, 3, 2) });
      assert.equal(report.successes, 5);
      assert.equal(report.successes_rolled, 1);
      assert.equal(report.outcome, 'exceptional_success');
      assert.deepEqual(rollLog('«Сила 2 + Драка 1 (+4 успеха)»', report, storytelling, voice('ru')), [
        '🎲 «Сила 2 + Драка 1 (+4 успеха)»: [8, 3, 2] → выпало 1 успех, засчитано 5 успехов: исключительный успех',
      ]);
    });

    it('+7: a botch stays a botch with 0 successes', () => {
      const spec = specOf('mage-revised', '«Сила Воли 3 (сложность 6, +7 успехов)»');
      const report = rollCheck(mage, spec, { random: faces(1, 3, 2) });
      assert.equal(report.outcome, 'botch');
      assert.equal(report.successes, 0);
    });

    it('Durability 2: three successes rolled, one counted, a success; two rolled, a failure', () => {
      const spec = specOf('storytelling', '«Сила 2 + Драка 1 (без снова-10, прочность 2)»');
      const three = rollCheck(storytelling, spec, { random: faces(8, 9, 10) });
      assert.deepEqual([three.successes_rolled, three.successes, three.outcome], [3, 1, 'success']);
      const two = rollCheck(storytelling, spec, { random: faces(8, 9, 3) });
      assert.deepEqual([two.successes_rolled, two.successes, two.outcome], [2, 0, 'failure']);
    });

    it('Maneuver 2 rolls 2 dice of 5', () => {
      const spec = specOf('mage-revised', '«Ловкость 3 + Вождение 2 (сложность 6, маневр 2)»');
      const report = rollCheck(mage, spec, { random: faces(7, 8) });
      assert.deepEqual(report.dice, [7, 8]);
      assert.equal(report.pool, 2);
    });

    it('a head start: the opponent’s total starts at it, and the JSON says so', () => {
      const spec = specOf('mage-revised', '«Ловкость 1 (3 успеха) против Ловкость 1 (фора 2)»');
      const report = rollCheck(mage, spec, { random: faces(3, 7) });
      assert.deepEqual(report.race?.rounds[0].totals, [0, 3]);
      assert.deepEqual(report.race?.head_start, [0, 2]);
      assert.equal(report.contest, 'lose');
    });
  });

  describe('a named helper without the check’s Skill rolls by the text’s rule (000 l.89, 001 l.12)', () => {
    const sheets = (ruleset: string, adam: string, vera: string, line: string) =>
      analyzeDocument(scenario(ruleset, [line], ['characters:', `  Адам: { ${adam} }`, `  Вера: { ${vera} }`]), { rulesets: builtinRulesets(), dictionary: [] });

    /** P(success) of a storytelling team, one helper, from the oracle's lists of each roll. */
    function storytellingTeam(mainDice: number, helperDice: number): number {
      let success = 0;
      for (const h of storytellingRoll(helperDice, 'none').results) {
        const extra = h.kind === 'dramatic_failure' ? -4 : h.successes;
        for (const r of storytellingRoll(mainDice + extra, 'none').results) if (r.kind === 'success' || r.kind === 'exceptional_success') success += h.p * r.p;
      }
      return success;
    }

    it('storytelling, a Physical Skill: the helper rolls Strength − 1 (2 dice), the check keeps its odds', () => {
      const analysis = sheets('storytelling', 'Сила: 1, Атлетика: 1', 'Сила: 3', '«Адам: Сила + Атлетика (без снова-10; помощь: Вера)»');
      const en = wordedAnalysis(analysis, 'en').diagnostics;
      assert.deepEqual(
        en.map((d) => [d.code, d.message]),
        [['RM008', 'Helper "Вера" has no skill "Атлетика": the helper rolls the Attribute at −1']],
      );
      const report = analysis.checks[0].odds as unknown as OddsJson;
      assert.equal(report.pool, 2);
      close((report.outcomes?.success ?? 0) + (report.outcomes?.exceptional_success ?? 0), storytellingTeam(2, 2), 'success');
    });

    it('storytelling, a Mental Skill: −3 leaves the helper a chance die, whose dramatic failure costs 4 dice', () => {
      const analysis = sheets('storytelling', 'Интеллект: 2, Медицина: 2', 'Интеллект: 2', '«Адам: Интеллект + Медицина (без снова-10; помощь: Вера)»');
      assert.deepEqual(
        wordedAnalysis(analysis, 'ru').diagnostics.map((d) => d.message),
        ['У помощника «Вера» нет навыка «Медицина»: помощник бросает Атрибут со штрафом −3'],
      );
      const report = analysis.checks[0].odds as unknown as OddsJson;
      close((report.outcomes?.success ?? 0) + (report.outcomes?.exceptional_success ?? 0), storytellingTeam(4, -1), 'success');
    });

    /** P(success), P(botch) of a classic team: main dice at 6, helper dice at `helperT` (every face). */
    function classicTeam(mainDice: number, helperDice: number, helperT: number): { success: number; botch: number } {
      let success = 0;
      let botch = 0;
      const weight = Math.pow(10, -(mainDice + helperDice));
      forEachFaces(mainDice + helperDice, 10, (f) => {
        const main = classicFaces(f.slice(0, mainDice), 6);
        const team = main.successes + (helperDice > 0 ? classicFaces(f.slice(mainDice), helperT).successes : 0);
        if (team >= 1) success += weight;
        else if (main.botch) botch += weight;
      });
      return { success, botch };
    }

    const mage: { name: string; adam: string; vera: string; line: string; message: string; helperDice: number; helperT: number }[] = [
      {
        name: 'a Skill: the helper’s difficulty is 1 higher (7)',
        adam: 'Ловкость: 1, Вождение: 1',
        vera: 'Ловкость: 2',
        line: '«Адам: Ловкость + Вождение (сложность 6; помощь: Вера)»',
        message: 'Helper "Вера" has no Skill "Вождение": their roll\'s difficulty is +1',
        helperDice: 2,
        helperT: 7,
      },
      {
        name: 'a Talent: the helper rolls the Attribute alone',
        adam: 'Сила: 1, Драка: 1',
        vera: 'Сила: 2',
        line: '«Адам: Сила + Драка (сложность 6; помощь: Вера)»',
        message: 'Helper "Вера" has no Talent "Драка": the helper rolls the Attribute alone',
        helperDice: 2,
        helperT: 6,
      },
      {
        name: 'a Knowledge: no roll, the helper does not help',
        adam: 'Интеллект: 1, Оккультизм: 1',
        vera: 'Интеллект: 3',
        line: '«Адам: Интеллект + Оккультизм (сложность 6; помощь: Вера)»',
        message: 'Helper "Вера" has no Knowledge "Оккультизм": without it there is no roll, the helper does not help',
        helperDice: 0,
        helperT: 6,
      },
    ];
    for (const c of mage) {
      it(`mage-revised, ${c.name} (every face)`, () => {
        const analysis = sheets('mage-revised', c.adam, c.vera, c.line);
        assert.deepEqual(
          wordedAnalysis(analysis, 'en').diagnostics.map((d) => [d.code, d.message]),
          [['RM008', c.message]],
        );
        const report = analysis.checks[0].odds as unknown as OddsJson;
        const expected = classicTeam(2, c.helperDice, c.helperT);
        close(report.outcomes?.success, expected.success, 'success');
        close(report.outcomes?.botch, expected.botch, 'botch');
      });
    }

    it('werewolf-revised has no such rule: the check stays per pool size', () => {
      const analysis = sheets('werewolf-revised', 'Ловкость: 1, Вождение: 1', 'Ловкость: 2', '«Адам: Ловкость + Вождение (сложность 6; помощь: Вера)»');
      assert.equal(analysis.checks[0].odds?.pool, null);
    });
  });

  describe('threads-of-fate: a helper checks their own Characteristic or Skill, named after them (002 l.65)', () => {
    const front = ['characters:', '  Эш: { Скрытность: 3, Доблесть: 1 }', '  Рэй: { Скрытность: 0, Доблесть: 4 }'];

    it('«помощь: Рэй (Доблесть)» parses, prints back, and gives no diagnostic', () => {
      const ast = parseCheckExpression('Скрытность (сложность 14; помощь: Рэй (Доблесть), Эш)');
      assert.deepEqual(ast.errors, []);
      assert.equal(formatCanonical(ast, (t) => t.name), 'Скрытность (сложность 14; помощь: Рэй (Доблесть), Эш)');
      const analysis = analyzeDocument(scenario('threads-of-fate', ['«Эш: Скрытность (сложность 14; помощь: Рэй (Доблесть))»'], front), { rulesets: builtinRulesets(), dictionary: [] });
      assert.deepEqual(analysis.diagnostics.map((d) => d.code), []);
    });

    it('the helper rolls d20 + their own trait against 14 − 5: a success is an Advantage, a failure a Hindrance (every face)', () => {
      const analysis = analyzeDocument(scenario('threads-of-fate', ['«Эш: Скрытность (сложность 14; помощь: Рэй (Доблесть))»'], front), { rulesets: builtinRulesets(), dictionary: [] });
      let success = 0;
      forEachFaces(3, 20, (f) => {
        const helped = f[0] + 4 >= 9;
        const kept = helped ? Math.max(f[1], f[2]) : Math.min(f[1], f[2]);
        if (kept + 3 >= 14) success += 1 / 8000;
      });
      close(analysis.checks[0].odds?.pool === null ? undefined : (analysis.checks[0].odds as unknown as OddsJson).outcomes?.success, success, 'success');
      // Without the trait named, Рэй rolls the check's own trait (Скрытность 0): a success only from 9.
      const same = analyzeDocument(scenario('threads-of-fate', ['«Эш: Скрытность (сложность 14; помощь: Рэй)»'], front), { rulesets: builtinRulesets(), dictionary: [] });
      let plain = 0;
      forEachFaces(3, 20, (f) => {
        const kept = f[0] >= 9 ? Math.max(f[1], f[2]) : Math.min(f[1], f[2]);
        if (kept + 3 >= 14) plain += 1 / 8000;
      });
      close((same.checks[0].odds as unknown as OddsJson).outcomes?.success, plain, 'success with the check’s trait');
    });

    it('a trait the helper’s sheet lacks is RM008 at the trait, per pool size', () => {
      const { text, range } = markedRange(scenario('threads-of-fate', ['«Эш: Скрытность (сложность 14; помощь: Рэй (⟦Меткость⟧))»'], front));
      const analysis = analyzeDocument(text, { rulesets: builtinRulesets(), dictionary: [] });
      const rm008 = wordedAnalysis(analysis, 'en').diagnostics.filter((d) => d.code === 'RM008');
      assert.equal(rm008.length, 1);
      assert.deepEqual(rm008[0].range, range);
      assert.equal(analysis.checks[0].odds?.pool, null);
    });

    it('elsewhere helpers roll the check’s traits: RM005 at the trait', () => {
      const { text, range } = markedRange(scenario('storytelling', ['«Адам: Сила + Атлетика (помощь: Вера (⟦Ловкость⟧))»'], ['characters:', '  Адам: { Сила: 2, Атлетика: 1 }', '  Вера: { Сила: 2, Атлетика: 1, Ловкость: 3 }']));
      const found = wordedAnalysis(analyzeDocument(text, { rulesets: builtinRulesets(), dictionary: [] }), 'en').diagnostics;
      assert.deepEqual(
        found.map((d) => [d.code, d.message]),
        [['RM005', 'In storytelling a helper rolls the check’s own traits: the trait in parentheses after "Вера" is not used']],
      );
      assert.deepEqual(found[0].range, range);
    });
  });

  describe('`воспроизведение`: every failed die of the pool is rolled once more (000 l.474)', () => {
    it('3 dice without 10-again, each die listed with its second face (every face)', async () => {
      const json = await odds('storytelling', 'Интеллект 2 + Ремесло 1 (без снова-10, воспроизведение)');
      const dist: number[] = [];
      forEachFaces(6, 10, (f) => {
        let successes = 0;
        for (let die = 0; die < 3; die++) {
          const first = f[2 * die];
          const second = f[2 * die + 1];
          if (first >= 8 || second >= 8) successes += 1;
        }
        add(dist, successes, 1);
      });
      // Counted in integers, divided once: a million additions of 1e-6 would drift past 1e-12.
      for (let k = 0; k < dist.length; k++) dist[k] /= 1e6;
      closeSeries(json.successes, dist, 'successes');
      close(json.outcomes?.failure, dist[0], 'failure');
      assert.equal(json.replay, true);
      assert.deepEqual(json.notes, ['replay']);
    });

    it('with 10-again the second roll re-rolls its 10 like any die (the oracle’s one-die chain, 3 dice)', async () => {
      const json = await odds('storytelling', 'Интеллект 2 + Ремесло 1 (воспроизведение)');
      // One die: its chain when the first face succeeds (k ≥ 1), else a whole new chain.
      const chain: number[] = [];
      for (const r of storytellingRoll(1, 10).results) add(chain, r.successes, r.p);
      const die = chain.map((q, k) => (k === 0 ? 0 : q) + chain[0] * q);
      const dist: number[] = [];
      die.forEach((a, i) => die.forEach((b, j) => die.forEach((c, k) => add(dist, i + j + k, a * b * c))));
      closeSeries(json.successes?.slice(0, 10), dist.slice(0, 10), 'successes');
      close(json.outcomes?.exceptional_success, dist.slice(5).reduce((sum, p) => sum + p, 0), 'exceptional');
    });

    it('a chance die is not a pool: no replication, no note', async () => {
      const json = await odds('storytelling', 'Интеллект 1 − 1 (воспроизведение)');
      close(json.outcomes?.dramatic_failure, 0.1, 'dramatic failure');
      assert.deepEqual(json.notes, ['chance_die']);
    });

    it('RM005 outside storytelling', () => {
      const { text, range } = markedRange(scenario('mage-revised', ['«Интеллект 3 + Ремесло 2 (сложность 6, ⟦воспроизведение⟧)»']));
      const found = wordedAnalysis(analyzeDocument(text, { rulesets: builtinRulesets(), dictionary: [] }), 'en').diagnostics;
      assert.deepEqual(
        found.map((d) => [d.code, d.message]),
        [['RM005', 'The parameter "воспроизведение" is not used by mage-revised']],
      );
      assert.deepEqual(found[0].range, range);
    });

    it('a roll: the failed dice once more, then the 10s; the log names them', () => {
      const storytelling = getBuiltinRuleset('storytelling')!;
      const spec = analyze('storytelling', ['«Интеллект 2 + Ремесло 1 (воспроизведение)»']).checks[0].spec;
      assert.ok(spec);
      // Pool 9, 3, 10 → 3 fails and is rolled again (10) → the two 10s re-roll (4, 8).
      const report = rollCheck(storytelling, spec, { random: faces(9, 3, 10, 10, 4, 8) });
      assert.deepEqual([report.dice, report.replayed, report.rerolled, report.successes], [[9, 3, 10], [10], [4, 8], 4]);
      assert.deepEqual(rollLog('«Интеллект 2 + Ремесло 1 (воспроизведение)»', report, storytelling, voice('ru')), [
        '🎲 «Интеллект 2 + Ремесло 1 (воспроизведение)»: [9, 3, 10] + воспроизведение [10] + переброс [4, 8] → 4 успеха: успех',
      ]);
    });
  });

  it('party odds: each character’s chance is their own check’s, with the mechanics kept', () => {
    const front = ['characters:', '  Адам: { Ловкость: 4, Вождение: 3 }', '  Вера: { Ловкость: 2, Вождение: 2 }'];
    const party = analyzeDocument(scenario('mage-revised', ['«Ловкость + Вождение (сложность 6, маневр 5, +1 успех)»'], front), { rulesets: builtinRulesets(), dictionary: [] });
    const own = (name: string) => {
      const a = analyzeDocument(scenario('mage-revised', [`«${name}: Ловкость + Вождение (сложность 6, маневр 5, +1 успех)»`], front), { rulesets: builtinRulesets(), dictionary: [] });
      return (a.checks[0].odds as unknown as OddsJson).outcomes?.success;
    };
    const members = party.checks[0].party?.members.map((m) => [m.character, m.success]);
    assert.deepEqual(members, [
      ['Адам', own('Адам')],
      ['Вера', own('Вера')],
    ]);
    // Адам's 7 dice are cut to 5 by the Maneuver: every face of 5 dice at 6.
    let success = 0;
    forEachFaces(5, 10, (f) => {
      if (classicFaces(f, 6).successes >= 1) success += 1;
    });
    close(own('Адам'), success / 1e5, 'Адам');
  });
});
