/**
 * The map of scenes (report/sceneGraph.ts) on a small fixed graph: one box per scene with its
 * chance per party, one arrow per way (a repeated link and a way to itself drawn once, never),
 * success, failure and clue told apart, the scenes hanging on one roll marked, the layers' places
 * exactly, a hostile title escaped, and a note instead of a map past the limit.
 */
import * as assert from 'node:assert/strict';
import { voice } from '../../../server/src/present/voice';
import type { ReportPaths } from '../../../server/src/report/paths';
import { MAX_DRAWN_SCENES, pathsHtml, sceneGraphHtml, sceneGraphSvg } from '../../../server/src/report/sceneGraph';

const v = voice('ru');
const NBSP = '\u00a0';

const PATHS: ReportPaths = {
  parties: ['Прегены', 'Группа <Ани>'],
  scenes: [
    { title: 'Пристань', path: 'a.md', line: 4, ending: false, reach: { Прегены: 1, 'Группа <Ани>': 1 } },
    { title: 'Склад <script> & «Ко»', path: 'a.md', line: 12, ending: false, reach: { Прегены: 0.75, 'Группа <Ани>': 0.9375 } },
    { title: 'Засада', path: 'a.md', line: 20, ending: false, reach: { Прегены: 0.25, 'Группа <Ани>': null } },
    { title: 'Финал: очень длинное название последней сцены', path: 'b.md', line: 0, ending: true, reach: { Прегены: 1, 'Группа <Ани>': 1 } },
  ],
  ways: [
    { from: 0, to: 1, outcome: 'success', clue: false },
    { from: 0, to: 2, outcome: 'failure', clue: false },
    { from: 0, to: 1, outcome: 'success', clue: false },
    { from: 1, to: 2, clue: true },
    { from: 1, to: 3, clue: false },
    { from: 2, to: 3, clue: false },
    { from: 2, to: 2, clue: false },
  ],
  hangs: [{ title: 'Склад <script> & «Ко»', path: 'a.md', line: 12, check: '«Скрытность (сложность 15)»', reason: 'single-check', outcome: 'success', chance: { Прегены: 0.75, 'Группа <Ани>': 0.9375 } }],
  complete: true,
};

const all = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]);

describe('the map of scenes (report/sceneGraph.ts)', () => {
  const svg = sceneGraphSvg(PATHS, { uriOf: (path) => `file:///w/${path}` }, v);

  it('a box per scene with its title and its chance per party, in the parties’ order', () => {
    assert.equal((svg.match(/<g class="rm-graph__scene/g) ?? []).length, 4);
    assert.deepEqual(all(svg, /<text class="rm-graph__title"[^>]*>([^<]*)<\/text>/g), ['Пристань', '⚠ Склад &lt;script&gt; &amp; «Ко»', 'Засада', 'Финал: очень длинное назв…']);
    assert.deepEqual(all(svg, /<text class="rm-graph__chance"[^>]*>([^<]*)<\/text>/g), [`100${NBSP}% / 100${NBSP}%`, `75${NBSP}% / 94${NBSP}%`, `25${NBSP}% / —`, `100${NBSP}% / 100${NBSP}%`]);
    // The tooltip has the whole title, each party's chance and why the scene hangs.
    assert.ok(svg.includes(`<title>Склад &lt;script&gt; &amp; «Ко»\nПрегены — 75${NBSP}%\nГруппа &lt;Ани&gt; — 94${NBSP}%\nвисит на одном броске: «Скрытность (сложность 15)»</title>`));
    assert.doesNotMatch(svg, /<script|<Ани>/);
  });

  it('marks the ending and the scene hanging on one roll; a box says where its heading is', () => {
    assert.deepEqual(all(svg, /<g class="(rm-graph__scene[^"]*)"/g), ['rm-graph__scene', 'rm-graph__scene rm-graph__scene--hangs', 'rm-graph__scene', 'rm-graph__scene rm-graph__scene--ending']);
    assert.match(svg, /<g class="rm-graph__scene rm-graph__scene--hangs" data-uri="file:\/\/\/w\/a\.md" data-line="12" data-character="0">/);
  });

  it('an arrow per way, once: success solid, failure dashed, a clue dotted; none from a scene to itself', () => {
    assert.deepEqual(all(svg, /<g class="(rm-graph__way[^"]*)"/g), ['rm-graph__way rm-graph__way--success', 'rm-graph__way rm-graph__way--failure', 'rm-graph__way rm-graph__way--clue', 'rm-graph__way', 'rm-graph__way']);
    assert.equal((svg.match(/<path class="rm-graph__head"/g) ?? []).length, 5);
    assert.doesNotMatch(svg, /url\(|id="/);
  });

  it('lays the scenes out by layers, two boxes a row, each row centred; a way within a row bends', () => {
    assert.match(svg, /viewBox="0 0 456 242" width="456" height="242"/);
    assert.deepEqual(all(svg, /<rect (x="[\d.]+" y="[\d.]+")/g), ['x="128" y="8"', 'x="8" y="98"', 'x="248" y="98"', 'x="128" y="188"']);
    // Пристань → Склад: from (197.3, 54) on the first box's bottom to (138.7, 98) on the second's top, a 3-4-5 slope; the head 9 long, 8 wide.
    assert.deepEqual(all(svg, /<path class="rm-graph__line" d="([^"]*)"/g), ['M197.3,54L145.9,92.6', 'M258.7,54L310.1,92.6', 'M170.7,144Q228,165 276.8,147.1', 'M138.7,144L190.1,182.6', 'M317.3,144L265.9,182.6']);
    assert.equal(all(svg, /<path class="rm-graph__head" d="([^"]*)"/g)[0], 'M138.7,98L143.5,89.4L148.3,95.8z');
  });

  it('the same paths, the same drawing', () => {
    assert.equal(sceneGraphSvg(PATHS, { uriOf: (path) => `file:///w/${path}` }, v), svg);
  });

  it('no map for paths that do not branch, a note past the limit', () => {
    const straight: ReportPaths = { ...PATHS, ways: [{ from: 0, to: 1, clue: false }], hangs: [] };
    assert.equal(sceneGraphHtml(straight, {}, v), '');
    const many: ReportPaths = {
      ...PATHS,
      scenes: Array.from({ length: MAX_DRAWN_SCENES + 1 }, (_, i) => ({ title: `Сцена ${i}`, path: 'a.md', line: i, ending: false, reach: {} })),
      ways: [{ from: 0, to: 1, outcome: 'success', clue: false }],
      hangs: [],
    };
    assert.equal(sceneGraphSvg(many, {}, v), '');
    assert.equal(
      sceneGraphHtml(many, {}, v),
      '<figure class="rm-graph-figure"><figcaption>Карта сцен: шанс дойти до каждой (Прегены / Группа &lt;Ани&gt;)</figcaption>\n<p class="rm-muted">Сцен 61 — больше 60: карта не нарисована.</p>\n</figure>',
    );
  });

  it('the report’s part on paths: the map, then the parties side by side', () => {
    const html = pathsHtml({ ...PATHS, contrasts: [] }, {}, v);
    assert.ok(html.indexOf('<figure class="rm-graph-figure">') < html.indexOf('<section class="rm-parties">'));
    assert.equal((html.match(/<svg/g) ?? []).length, 1);
    const own = pathsHtml({ ...PATHS, parties: ['front-matter'], scenes: PATHS.scenes.map((s) => ({ ...s, reach: { 'front-matter': s.reach['Прегены'] } })) }, {}, v);
    assert.match(own, /<figcaption>Карта сцен: шанс дойти до каждой<\/figcaption>/);
    assert.doesNotMatch(own, /rm-parties/);
  });
});
