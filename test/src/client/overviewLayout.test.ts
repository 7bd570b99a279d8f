/**
 * «Обзор сценария» in VS Code's side panel (issue 23): at 300 px every column of its tables stays
 * in sight (the rows become cards whose cells say their column), and each character's curve joins
 * only the checks he rolls. Asserted on the markup, the stylesheet and the curve's data, which
 * decide it; the real-VS-Code test (test/vscode/ui.test.mjs) takes the screenshots.
 */
import * as assert from 'node:assert/strict';
import { voice } from '../../../server/src/present/voice';
import { curvePoints, reportCharts } from '../../../server/src/report/charts';
import { reportBody } from '../../../server/src/report/html';
import type { CheckRow, ScenarioReport } from '../../../server/src/report/model';
import { STANDALONE_CSS, WEBVIEW_CSS } from '../../../server/src/report/styles';

const v = voice('ru');
const none = { errors: 0, warnings: 0, infos: 0, hints: 0 };

function row(index: number, chances: CheckRow['chances'], party?: CheckRow['party']): CheckRow {
  return {
    index,
    text: `«Проверка ${index}»`,
    path: 'сцена.scenario.md',
    line: index * 2,
    character: 0,
    chances,
    ...(party ? { party } : {}),
    detail: '',
    label: '50 %',
    band: 'medium',
    problems: index === 2 ? 1 : 0,
    ...(index === 2 ? { severity: 'warning' as const } : {}),
  };
}

/** Вера and Мирон roll checks 1 and 3 as a party; check 2 is Вера's alone, check 4 Мирон's alone. */
const REPORT: ScenarioReport = {
  files: [
    {
      path: 'сцена.scenario.md',
      ruleset: { id: 'storytelling', title: 'Storytelling' },
      characters: ['Вера', 'Мирон'],
      scenes: [
        {
          title: 'Мост',
          line: 0,
          checks: [
            row(1, [{ character: 'Вера', chance: 0.75 }, { character: 'Мирон', chance: 0.5 }], { any: 0.875, all: 0.375 }),
            row(2, [{ character: 'Вера', chance: 0.25 }]),
            row(3, [{ character: 'Вера', chance: 0.5 }, { character: 'Мирон', chance: 0.5 }], { any: 0.75, all: 0.25 }),
            row(4, [{ character: 'Мирон', chance: 0.125 }]),
          ],
          problems: { ...none, warnings: 1 },
        },
      ],
      problems: { ...none, warnings: 1 },
      checks: 4,
    },
  ],
  characters: ['Вера', 'Мирон'],
  checks: 4,
  problems: { ...none, warnings: 1 },
  hardest: [],
  easiest: [],
};

/** The rules outside any at-rule, and those inside `@container rm-report (max-width: <width>)`. */
function rulesOf(css: string): { plain: string; narrow: Map<string, string> } {
  const narrow = new Map<string, string>();
  let plain = '';
  let rest = css;
  for (;;) {
    const at = rest.indexOf('@container');
    if (at < 0) break;
    plain += rest.slice(0, at);
    const open = rest.indexOf('{', at);
    let depth = 1;
    let end = open + 1;
    for (; depth > 0; end++) depth += rest[end] === '{' ? 1 : rest[end] === '}' ? -1 : 0;
    narrow.set(rest.slice(at, open).trim(), rest.slice(open + 1, end - 1));
    rest = rest.slice(end);
  }
  return { plain: plain + rest, narrow };
}

describe('client: the overview at 300 px', () => {
  it('repeats each cell’s column header on it, but for the check, which is the card’s title', () => {
    const body = reportBody(REPORT, undefined, {}, v);
    const head = /<thead><tr>(.*?)<\/tr><\/thead>/.exec(body)?.[1] ?? '';
    assert.deepEqual(
      [...head.matchAll(/<th[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]),
      ['Проверка', 'Вера', 'Мирон', 'Хотя бы один', 'Все', 'Проблемы', 'Где'],
    );
    const rows = [...body.matchAll(/<tr>(<td.*?)<\/tr>/g)].map((m) => [...m[1].matchAll(/<td([^>]*)>/g)].map((c) => /data-label="([^"]*)"/.exec(c[1])?.[1] ?? null));
    assert.equal(rows.length, 4);
    for (const labels of rows) assert.deepEqual(labels, [null, 'Вера', 'Мирон', 'Хотя бы один', 'Все', 'Проблемы', 'Где']);
    // An empty cell says its column too: «—» under «Мирон» for Вера's own check.
    assert.ok(body.includes('<td class="rm-num rm-muted" data-label="Мирон">—</td>'), body);
    assert.ok(body.includes('<td class="rm-num rm-problems--warning" data-label="Проблемы">1</td>'), body);
  });

  it('escapes the header it repeats: a character named with a quote stays one attribute', () => {
    const named = structuredClone(REPORT);
    named.files[0].characters = ['Вера "Ведьма"'];
    named.files[0].scenes[0].checks = [row(1, [{ character: 'Вера "Ведьма"', chance: 0.5 }])];
    assert.ok(reportBody(named, undefined, {}, v).includes('<td class="rm-num rm-band--medium" data-label="Вера &quot;Ведьма&quot;">'));
  });

  for (const [name, css] of [
    ['webview', WEBVIEW_CSS],
    ['standalone file', STANDALONE_CSS],
  ] as const) {
    it(`${name}: below 36rem a row is a card whose cells show their label; below 48rem places wrap; no column has a fixed width there`, () => {
      const { plain, narrow } = rulesOf(css);
      assert.match(plain, /\.rm-report \{ container: rm-report \/ inline-size;/);
      assert.deepEqual([...narrow.keys()], ['@container rm-report (max-width: 48rem)', '@container rm-report (max-width: 36rem)']);
      // Headers wrap at any width: «Хотя бы один» over three lines rather than a scrolled table.
      assert.doesNotMatch(/\.rm-report th \{[^}]*\}/.exec(plain)?.[0] ?? '', /nowrap/);
      // The wide table's first column keeps room for the chip; in the panel that room is given back.
      assert.match(plain, /\.rm-report td:first-child \{ min-width: 16rem; \}/);
      const mid = narrow.get('@container rm-report (max-width: 48rem)') ?? '';
      assert.match(mid, /\.rm-where \{ white-space: normal; overflow-wrap: anywhere; \}/);
      assert.match(mid, /\.rm-report td:first-child \{ min-width: 10rem; \}/);
      const cards = narrow.get('@container rm-report (max-width: 36rem)') ?? '';
      assert.match(cards, /\.rm-report table, \.rm-report tbody, \.rm-report tr, \.rm-report td \{ display: block; \}/);
      assert.match(cards, /\.rm-report td, \.rm-report td:first-child \{ min-width: 0;/);
      assert.match(cards, /\.rm-report td\[data-label\]::before \{ content: attr\(data-label\);/);
      assert.match(cards, /\.rm-table \{ overflow-x: visible; \}/);
      // A file's path in its heading has no space to wrap at.
      assert.match(cards, /\.rm-report h1, \.rm-report h2, \.rm-report h3 \{ overflow-wrap: anywhere; \}/);
      // The header row stays for screen readers, out of sight.
      assert.match(cards, /\.rm-report thead \{ position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset\(50%\); \}/);
    });
  }
});

describe('client: the overview’s per-character curve', () => {
  const point = (n: number, who: string, p: number) => ({ n, who, p });

  it('joins a character’s checks only where they follow each other; a lone check is a dot', () => {
    const data = [point(1, 'Вера', 0.75), point(1, 'Мирон', 0.5), point(2, 'Вера', 0.25), point(3, 'Вера', 0.5), point(3, 'Мирон', 0.5), point(4, 'Мирон', 0.125)];
    assert.deepEqual(curvePoints(data), [
      { n: 1, who: 'Вера', p: 0.75, run: 0, alone: false },
      { n: 1, who: 'Мирон', p: 0.5, run: 1, alone: true },
      { n: 2, who: 'Вера', p: 0.25, run: 0, alone: false },
      { n: 3, who: 'Вера', p: 0.5, run: 0, alone: false },
      // Мирон does not roll check 2: his line stops at 1 and starts again at 3.
      { n: 3, who: 'Мирон', p: 0.5, run: 2, alone: false },
      { n: 4, who: 'Мирон', p: 0.125, run: 2, alone: false },
    ]);
  });

  it('numbers stretches per roller over hundreds of checks: one for a character in every check, one each for every other check', () => {
    // Вера rolls every check 1…121, Мирон the odd ones: 121 + 61 points.
    const data = Array.from({ length: 121 }, (_, i) => [point(i + 1, 'Вера', 0.5), ...(i % 2 === 0 ? [point(i + 1, 'Мирон', 0.25)] : [])]).flat();
    const curve = curvePoints(data);
    assert.equal(new Set(curve.filter((d) => d.who === 'Вера').map((d) => d.run)).size, 1);
    assert.equal(new Set(curve.filter((d) => d.who === 'Мирон').map((d) => d.run)).size, 61);
    assert.deepEqual(
      curve.filter((d) => d.alone).map((d) => `${d.who} ${d.n}`),
      Array.from({ length: 61 }, (_, i) => `Мирон ${2 * i + 1}`),
    );
  });

  it('draws a line per stretch of two or more checks, and the dots', async () => {
    const charts = await reportCharts(REPORT, v);
    const curve = charts?.curve ?? '';
    // Вера 1–3 and Мирон 3–4, each named by who it is; Мирон's check 1 alone is a dot, not a line to check 3.
    const lines = [...curve.matchAll(/<path aria-label="([^"]*)" role="graphics-symbol" aria-roledescription="line mark" d="([^"]*)"/g)].map((m) => [m[1], m[2]]);
    assert.deepEqual(lines, [
      ['Вера', 'M0,55L213.333,165L426.667,110'],
      ['Мирон', 'M426.667,110L640,192.5'],
    ]);
    assert.equal((curve.match(/aria-roledescription="point"/g) ?? []).length, 6);
  });

  it('past 120 points draws the dots of lone checks only, which no line shows', async () => {
    // Вера rolls every check 1…121, Мирон the odd ones: 182 points, 61 of them lone.
    const many = structuredClone(REPORT);
    many.files[0].scenes[0].checks = Array.from({ length: 121 }, (_, i) => row(i + 1, [{ character: 'Вера', chance: 0.5 }, ...(i % 2 === 0 ? [{ character: 'Мирон', chance: 0.25 }] : [])]));
    const curve = (await reportCharts(many, v))?.curve ?? '';
    assert.equal((curve.match(/aria-roledescription="line mark"/g) ?? []).length, 1);
    assert.equal((curve.match(/aria-roledescription="point"/g) ?? []).length, 61);
  });
});
