/**
 * Paths through the adventure (analysis/paths/): a document read as scenes and ways, each scene's
 * chance of being reached against an enumeration of every outcome of every check written here
 * (small graphs, hand-made and generated), the per-check chances against the dice oracle
 * (bruteForce.ts), the bound on the enumeration, and RM016's scenes and numbers.
 */
import * as assert from 'node:assert/strict';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { type FlowGraph, MAX_OUTCOMES, reachChances, singleRollCuts } from '../../../server/out/analysis/paths/flow';
import { campaignPaths, documentPaths } from '../../../server/out/analysis/paths/campaign';
import { scenarioParty } from '../../../server/out/analysis/paths/parties';
import { sceneGraph } from '../../../server/out/analysis/paths/sceneGraph';
import { slugOf, uniqueSlugs } from '../../../server/out/analysis/paths/slug';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import { plainSide } from '../../../server/out/engine/checkSpec';
import { oracleOdds } from '../engine/bruteForce';
import { joinLines } from './util';

const TOL = 1e-12;

/** Every outcome of every check (bit i of the mask: check i succeeds), the scenes reached from the start through what each opens. */
function bruteForceReach(graph: FlowGraph, checks: number, chance: readonly number[]): number[] {
  const reach = new Array<number>(graph.size).fill(0);
  for (let mask = 0; mask < 1 << checks; mask++) {
    let weight = 1;
    for (let c = 0; c < checks; c++) weight *= mask & (1 << c) ? chance[c] : 1 - chance[c];
    const reached = new Set([graph.start]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const e of graph.edges) {
        const open = !e.when || (e.when.outcome === 'success') === Boolean(mask & (1 << e.when.check));
        if (open && reached.has(e.from) && !reached.has(e.to)) {
          reached.add(e.to);
          grew = true;
        }
      }
    }
    for (const s of reached) reach[s] += weight;
  }
  return reach;
}

/** A small generator of its own, so the graphs are the same on every run. */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function randomGraph(random: () => number, size: number, checks: number): FlowGraph {
  const edges: FlowGraph['edges'] = [];
  const count = size + Math.floor(random() * size * 2);
  for (let k = 0; k < count; k++) {
    const from = Math.floor(random() * size);
    const to = Math.floor(random() * size);
    const r = random();
    if (r < 0.3) edges.push({ from, to });
    else edges.push({ from, to, when: { check: Math.floor(random() * checks), outcome: r < 0.65 ? 'success' : 'failure' } });
  }
  return { size, start: 0, edges };
}

/** The chance that matters, as the oracle sees it (party.test.ts). */
function oracleSuccess(pool: number, difficulty: number): number {
  const odds = oracleOdds('pool-minus-difficulty', { side: plainSide(pool, { difficulty }) });
  return odds.outcomes.success ?? 0;
}

const ADVENTURE = joinLines(
  '---',
  'ruleset: vampire-pack',
  'characters:',
  '  Адриан: { Сила: 3, Атлетика: 3 }',
  '  Вера: { Сила: 1, Атлетика: 2 }',
  '---',
  '',
  '# Пролог',
  '',
  'Герои приходят в город. Дальше — [Таверна](#таверна).',
  '',
  '## Таверна',
  '',
  'Вышибала не пускает: «Сила + Атлетика (сложность 2)».',
  '',
  '- Успех: герои внутри → [Подвал](#подвал).',
  '- Провал: их выставляют, см. [Переулок](#переулок).',
  '',
  '## Переулок',
  '',
  'Улики здесь такие:',
  '',
  '- Улика: следы крови → [Логово](#логово)',
  '- 🔎 «Сила 2 + Атлетика 1 (сложность 3)» — обрывок письма, [Логово](#логово)',
  '',
  '## Подвал',
  '',
  'Дверь заперта: «Сила 3 + Атлетика 2 (сложность 3)». При успехе герои выбивают её и попадают в [Логово](#логово), если провал — шум будит стражу, см. [Финал: бегство](#финал-бегство).',
  '',
  '## Логово',
  '',
  'Отсюда одна дорога: [Финал: победа](#финал-победа). `[не ссылка](#пролог)`',
  '',
  '```',
  '[и это не ссылка](#пролог)',
  '```',
  '',
  '## Финал: победа',
  '',
  'Конец.',
  '',
  '## Финал: бегство',
  '',
  'Конец.',
);

describe('paths through the adventure', () => {
  it('anchors as GitHub makes them, repeated titles numbered', () => {
    assert.equal(slugOf('Финал: бегство'), 'финал-бегство');
    assert.equal(slugOf('Сцена 2. Мост (ночь)!'), 'сцена-2-мост-ночь');
    assert.equal(slugOf('Ёлка_и Дом'), 'ёлка_и-дом');
    assert.deepEqual(uniqueSlugs(['Мост', 'Мост', 'Мост-1', 'Мост']), ['мост', 'мост-1', 'мост-1-1', 'мост-2']);
  });

  it('reads scenes, outcomes, clues and finales from what the author wrote', () => {
    const analysis = analyzeDocument(ADVENTURE, { rulesets: builtinRulesets() });
    const graph = sceneGraph(ADVENTURE, analysis);
    assert.deepEqual(
      graph.scenes.map((s) => [s.title, s.slug, s.ending]),
      [
        ['Пролог', 'пролог', false],
        ['Таверна', 'таверна', false],
        ['Переулок', 'переулок', false],
        ['Подвал', 'подвал', false],
        ['Логово', 'логово', false],
        ['Финал: победа', 'финал-победа', true],
        ['Финал: бегство', 'финал-бегство', true],
      ],
    );
    assert.deepEqual(
      graph.links.map((l) => [l.from, 'scene' in l.to ? l.to.scene : l.to.file, l.kind, l.when ? `${l.when.check}:${l.when.outcome}` : '']),
      [
        [0, 1, 'link', ''],
        [1, 3, 'link', '0:success'],
        [1, 2, 'link', '0:failure'],
        [2, 4, 'clue', ''],
        [2, 4, 'clue', '1:success'],
        [3, 4, 'link', '2:success'],
        [3, 6, 'link', '2:failure'],
        [4, 5, 'link', ''],
      ],
    );
  });

  it('a scene without links leads on to the next heading, a finale does not; links to other files are kept', () => {
    const text = joinLines('# А', '', 'Текст.', '', '## Б', '', 'См. [В](глава%202.md#в) и [сайт](https://example.com/a.md).', '', '## Финал', '', '## Г');
    const graph = sceneGraph(text, analyzeDocument(text, { rulesets: builtinRulesets() }));
    assert.deepEqual(
      graph.links.map((l) => [l.from, l.to, l.kind]),
      [
        [1, { file: 'глава 2.md', slug: 'в' }, 'link'],
        [0, { scene: 1 }, 'next'],
      ],
    );
  });

  it('each scene’s chance equals an enumeration of every outcome, on the adventure and with the dice oracle', () => {
    const analysis = analyzeDocument(ADVENTURE, { rulesets: builtinRulesets() });
    const doc = documentPaths('a.md', ADVENTURE, analysis, [scenarioParty()]);
    const p0 = oracleSuccess(6, 2); // Адриан, the best at it, rolls the party's check
    const p1 = oracleSuccess(3, 3);
    const p2 = oracleSuccess(5, 3);
    assert.ok(Math.abs((doc.checks.get(0)?.chances[0] ?? -1) - p0) <= TOL);
    assert.ok(Math.abs((doc.checks.get(1)?.chances[0] ?? -1) - p1) <= TOL);
    assert.ok(Math.abs((doc.checks.get(2)?.chances[0] ?? -1) - p2) <= TOL);
    const campaign = campaignPaths([doc], 1);
    const lair = 1 - p0 + p0 * p2;
    const expected = [1, 1, 1 - p0, p0, lair, lair, p0 * (1 - p2)];
    campaign.scenes.forEach((s, i) => assert.ok(Math.abs((s.reach[0] ?? -1) - expected[i]) <= TOL, `${s.title}: ${s.reach[0]} vs ${expected[i]}`));
    assert.deepEqual(
      campaign.hangs.map((h) => [campaign.scenes[h.scene].title, h.reason, h.check ?? null, h.outcome ?? null, h.clues ?? null]),
      [
        ['Переулок', 'single-check', '«Сила + Атлетика (сложность 2)»', 'failure', null],
        ['Подвал', 'single-check', '«Сила + Атлетика (сложность 2)»', 'success', null],
        ['Логово', 'few-clues', null, null, 2],
        ['Финал: бегство', 'single-check', p0 < 1 - p2 ? '«Сила + Атлетика (сложность 2)»' : '«Сила 3 + Атлетика 2 (сложность 3)»', p0 < 1 - p2 ? 'success' : 'failure', null],
      ],
    );
  });

  it('generated graphs: the chances equal the brute-force enumeration, and every cut is one', () => {
    const random = lcg(2026);
    for (let round = 0; round < 300; round++) {
      const size = 2 + Math.floor(random() * 6);
      const checks = 1 + Math.floor(random() * 5);
      const graph = randomGraph(random, size, checks);
      const chance = Array.from({ length: checks }, () => (random() < 0.1 ? Math.round(random()) : random()));
      const expected = bruteForceReach(graph, checks, chance);
      const { chances, complete } = reachChances(graph, (c) => chance[c]);
      assert.ok(complete);
      chances.forEach((p, s) => assert.ok(p !== undefined && Math.abs(p - expected[s]) <= TOL, `round ${round}, scene ${s}: ${p} vs ${expected[s]}`));
      const cuts = singleRollCuts(graph) ?? [];
      cuts.forEach((list, s) => {
        for (const cut of list) {
          // With the cut outcome impossible, the scene is never reached.
          const forced = chance.map((p, c) => (c === cut.check ? (cut.outcome === 'success' ? 0 : 1) : p));
          assert.equal(bruteForceReach(graph, checks, forced)[s], 0, `round ${round}: scene ${s} without ${cut.check}:${cut.outcome}`);
        }
      });
    }
  });

  it('a check whose chance is unknown leaves the scenes it decides unknown, the others exact', () => {
    const graph: FlowGraph = {
      size: 4,
      start: 0,
      edges: [
        { from: 0, to: 1, when: { check: 0, outcome: 'success' } },
        { from: 0, to: 2, when: { check: 0, outcome: 'failure' } },
        { from: 1, to: 3 },
        { from: 2, to: 3 },
      ],
    };
    assert.deepEqual(reachChances(graph, () => undefined).chances, [1, undefined, undefined, 1]);
  });

  it('past the bound the chances are not given, and the enumeration stops', () => {
    // A chain of checks, each also opening a dead end: 2^20 outcomes, far past the bound.
    const edges: FlowGraph['edges'] = [];
    for (let c = 0; c < 20; c++) {
      edges.push({ from: c, to: c + 1, when: { check: c, outcome: 'success' } });
      edges.push({ from: c, to: c + 1, when: { check: 100 + c, outcome: 'success' } });
    }
    const started = process.cpuUsage();
    const result = reachChances({ size: 21, start: 0, edges }, () => 0.5);
    assert.equal(result.complete, false);
    assert.ok(result.chances.every((p) => p === undefined));
    assert.ok(MAX_OUTCOMES < 2 ** 20);
    const used = process.cpuUsage(started);
    assert.ok(used.user + used.system < 5e6, 'stops near the bound');
  });

  it('RM016: the scenes that hang on one roll and the conclusion with too few clues, with the numbers', () => {
    const analysis = analyzeDocument(ADVENTURE, { rulesets: builtinRulesets() });
    const found = analysis.diagnostics.filter((d) => d.code === 'RM016');
    const p0 = oracleSuccess(6, 2);
    const p2 = oracleSuccess(5, 3);
    const at = (title: string) => {
      const start = ADVENTURE.indexOf(`# ${title}\n`) - 1;
      return { start, end: start + title.length + 3 };
    };
    const hardest = p0 < 1 - p2 ? { check: '«Сила + Атлетика (сложность 2)»', outcome: 'success', chance: p0 } : { check: '«Сила 3 + Атлетика 2 (сложность 3)»', outcome: 'failure', chance: 1 - p2 };
    assert.deepEqual(
      found.map((d) => [d.severity, d.range, d.message]),
      [
        ['info', at('Переулок'), { id: 'hangsOnOneRoll', scene: 'Переулок', check: '«Сила + Атлетика (сложность 2)»', outcome: 'failure', chance: 1 - p0 }],
        ['info', at('Подвал'), { id: 'hangsOnOneRoll', scene: 'Подвал', check: '«Сила + Атлетика (сложность 2)»', outcome: 'success', chance: p0 }],
        ['info', at('Логово'), { id: 'fewClues', scene: 'Логово', clues: 2, needed: 3 }],
        ['info', at('Финал: бегство'), { id: 'hangsOnOneRoll', scene: 'Финал: бегство', ...hardest }],
      ],
    );
  });

  it('a campaign: links between files; each file linked from the other, the start is the first given', () => {
    const first = joinLines('# Начало', '', 'Идём в [гавань](2-гавань.md#гавань).');
    const second = joinLines('---', 'ruleset: vampire-pack', '---', '# Гавань', '', '«Сила 3 + Атлетика 3 (сложность 2)»: при успехе — [Корабль](#корабль), при провале — [Берег](../кампания/1-начало.md).', '', '## Корабль', '', '## Финал');
    const docs = [
      documentPaths('кампания/2-гавань.md', second, analyzeDocument(second, { rulesets: builtinRulesets() }), [scenarioParty()]),
      documentPaths('кампания/1-начало.md', first, analyzeDocument(first, { rulesets: builtinRulesets() }), [scenarioParty()]),
    ];
    const campaign = campaignPaths(docs, 1);
    const p = oracleSuccess(6, 2);
    assert.deepEqual(
      campaign.scenes.map((s) => [s.path, s.title]),
      [
        ['кампания/2-гавань.md', 'Гавань'],
        ['кампания/2-гавань.md', 'Корабль'],
        ['кампания/2-гавань.md', 'Финал'],
        ['кампания/1-начало.md', 'Начало'],
      ],
    );
    const expected = [1, p, p, 1 - p];
    campaign.scenes.forEach((s, i) => assert.ok(Math.abs((s.reach[0] ?? -1) - expected[i]) <= TOL, `${s.title}: ${s.reach[0]}`));
  });
});
