/**
 * The excerpts of the rules texts (test/fixtures/seeds/NNN.md, seedTexts.ts) against the full
 * texts, where these are beside the checkout: each quoted sentence is the text's own, on its line;
 * the excerpts quote every sentence the seed tests read (a labelled span, a check the analysis finds
 * in the full text, the trait names a row of seedRows.ts transcribes), so that the prose checks
 * found in an excerpt are exactly those of the full text on the same lines; and the files are what
 * the texts give now. ROLLMARK_UPDATE_EXCERPTS=1 rewrites them (then read the diff).
 */
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import { lineStarts, loadLabels } from './seedLabels';
import { ROWS, rowStems, textKey } from './seedRows';
import { documentOf, EXCERPTS_DIR, excerptTexts, formatExcerpt, FULL_TEXTS_ABSENT, fullTextFiles, fullTexts, OMISSION, parseExcerpt, type SeedId, type SeedText } from './seedTexts';

const UPDATE = process.env.ROLLMARK_UPDATE_EXCERPTS === '1';

interface Span {
  line: number;
  /** Columns on the line. */
  start: number;
  end: number;
}

/** Where each sentence of a line starts and ends: after «.», «!», «?» or «…» and a space, before a capital, a digit or an opening mark. */
function sentences(line: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let start = 0;
  for (const m of line.matchAll(/(?<=[.!?…])\s+(?=[«"„([]?[A-ZА-ЯЁ0-9])/g)) {
    out.push({ start, end: m.index });
    start = m.index + m[0].length;
  }
  out.push({ start, end: line.length });
  return out;
}

function proseChecksOf(seed: SeedText) {
  const analysis = analyzeDocument(seed.text, { rulesets: builtinRulesets(), defaultRuleset: seed.ruleset, proseChecks: 'on' });
  const starts = lineStarts(seed.text);
  return analysis.proseChecks.map((check) => {
    let line = 0;
    while (line + 1 < starts.length && starts[line + 1] <= check.range.start) line++;
    const fix = analysis.diagnostics.find((d) => d.code === 'RM012' && d.range.start === check.range.start)?.fixes[0]?.title ?? '';
    return { line: line + 1, start: check.range.start - starts[line], end: check.range.end - starts[line], text: seed.text.slice(check.range.start, check.range.end), markup: check.markup, fix };
  });
}

/** The sentences of each needed line that the seed tests read, joined as a quotation. */
function excerptOf(seed: SeedText, spans: readonly Span[], stems: ReadonlyMap<number, readonly string[]>): Map<number, string> {
  const lines = seed.text.split('\n');
  const needed = new Set([...spans.map((s) => s.line), ...stems.keys()]);
  const excerpt = new Map<number, string>();
  for (const number of [...needed].sort((a, b) => a - b)) {
    const line = lines[number - 1];
    const parts = sentences(line);
    const kept = new Set(parts.flatMap((p, i) => (spans.some((s) => s.line === number && s.start < p.end && p.start < s.end) ? [i] : [])));
    for (const stem of stems.get(number) ?? []) {
      const said = [...kept].some((i) => textKey(line.slice(parts[i].start, parts[i].end)).includes(stem));
      const first = parts.findIndex((p) => textKey(line.slice(p.start, p.end)).includes(stem));
      if (!said && first >= 0) kept.add(first);
    }
    const order = [...kept].sort((a, b) => a - b);
    // A row whose every trait is added says nothing of its line.
    if (order.length === 0) continue;
    let quoted = order[0] > 0 ? OMISSION.trimStart() : '';
    order.forEach((i, k) => {
      if (k > 0) quoted += order[k - 1] === i - 1 ? line.slice(parts[i - 1].end, parts[i].start) : OMISSION;
      quoted += line.slice(parts[i].start, parts[i].end);
    });
    if (order[order.length - 1] < parts.length - 1) quoted += OMISSION.trimEnd();
    excerpt.set(number, quoted);
  }
  return excerpt;
}

describe('the excerpts of the rules texts, against the full texts', function () {
  this.timeout(120_000);
  const full = fullTexts();
  if (!full) {
    it(FULL_TEXTS_ABSENT);
    return;
  }
  const files = fullTextFiles()!;
  const labels = loadLabels(full);

  for (const seed of full) {
    const starts = lineStarts(seed.text);
    const found = proseChecksOf(seed);
    const file = path.join(EXCERPTS_DIR, `${seed.id}.md`);

    it(`${seed.id}: the excerpt is what the full text gives now (ROLLMARK_UPDATE_EXCERPTS=1 rewrites it)`, () => {
      const spans: Span[] = [
        ...found,
        ...labels.filter((l) => l.seed === seed.id).map((l) => ({ line: l.line, start: l.range.start - starts[l.line - 1], end: l.range.end - starts[l.line - 1] })),
      ];
      const stems = new Map<number, string[]>();
      for (const row of ROWS.filter(([id]) => id === seed.id)) stems.set(row[1], [...(stems.get(row[1]) ?? []), ...rowStems(row).map((s) => s.stem)]);
      const expected = formatExcerpt(seed.id as SeedId, path.basename(files.get(seed.id)!), excerptOf(seed, spans, stems));
      if (UPDATE) writeFileSync(file, expected);
      else assert.equal(readFileSync(file, 'utf8'), expected);
    });

    it(`${seed.id}: each quoted part is the full text's own, on its line`, () => {
      const lines = seed.text.split('\n');
      const foreign = [...parseExcerpt(readFileSync(file, 'utf8'))].flatMap(([number, quoted]) =>
        quoted
          .split(OMISSION.trim())
          .map((part) => part.trim())
          .filter((part) => part !== '' && !lines[number - 1].includes(part))
          .map((part) => `${seed.id}:${number} ${part}`),
      );
      assert.deepEqual(foreign, []);
    });

    it(`${seed.id}: the excerpt's prose checks are the full text's, line by line, with their markup and fixes`, () => {
      const excerpt = excerptTexts().find((e) => e.id === seed.id)!;
      const key = ({ line, text, markup, fix }: ReturnType<typeof proseChecksOf>[number]) => `${line} ${text} → ${markup} (${fix})`;
      assert.deepEqual(proseChecksOf(excerpt).map(key), found.map(key));
      assert.equal(documentOf(parseExcerpt(readFileSync(file, 'utf8'))), excerpt.text);
    });
  }
});
