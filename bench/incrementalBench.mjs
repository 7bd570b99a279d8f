// Incremental analysis (issue 6, "Performance at scale"), in process, on the generated scenarios
// of bench/generateScenario.mjs (seed 20241, as bench/run.mjs) of 100 KB, 1 MB and 5 MB:
//
//   - full analysis: `analyzeDocument`, a fresh analyzer, the whole text;
//   - edit: one analyzer per document; a letter typed and deleted again, alternately, at the start
//     of a line at 10 %, 50 % and 90 % of the text (a prose line, a blank line or a list item);
//   - hover: `provideHover` on the analysis after an edit (the feature's own cost);
//   - the parse of every block alone with remark-parse, with GFM tables only, and with remark-gfm,
//     to show what remark-gfm costs per block;
//
// The same edits and hovers through the built server are bench/lspBench.mjs, in `npm run bench`'s
// scale table; this is its detail (`node bench/run.mjs --details`), or on its own:
//
//   node bench/incrementalBench.mjs [--quick] [--json]
//
// It imports the compiled CommonJS from server/out, so `tsc -b` must have run.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { generateScenario } from './generateScenario.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const out = (p) => require(path.join(here, '..', 'server/out', p));

const { analyzeDocument } = out('analysis/analyzeDocument.js');
const { createIncrementalAnalyzer } = out('analysis/document/incrementalAnalysis.js');
const { builtinRulesets } = out('analysis/project/rulesetProvider.js');
const { Lines, scanBlock } = out('analysis/markdown/blocks.js');
const { provideHover } = out('features/hover.js');

const SIZES = [
  { label: '100 KB', bytes: 100 * 1024, full: 9 },
  { label: '1 MB', bytes: 1024 * 1024, full: 5 },
  { label: '5 MB', bytes: 5 * 1024 * 1024, full: 3 },
];

function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}
const ms = (x) => (x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0));

function time(work) {
  const started = process.hrtime.bigint();
  const value = work();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, value };
}

/** Offsets of line starts at about 10 %, 50 % and 90 % of the text. */
function editPoints(text) {
  return [0.1, 0.5, 0.9].map((f) => text.lastIndexOf('\n', Math.floor(text.length * f)) + 1);
}

/** The blocks of a text as the analysis splits them (the line scan; merges after a parse are rare here). */
function blockTexts(text) {
  const lines = new Lines(text);
  const blocks = [];
  let pos = lines.skipBlank(0);
  while (pos < text.length) {
    const span = scanBlock(lines, pos);
    blocks.push(text.slice(pos, span.contentEnd));
    pos = span.next;
  }
  return blocks;
}

function tablesOnlyPlugin(gfmTable, gfmTableFromMarkdown) {
  return function remarkGfmTablesOnly() {
    const data = this.data();
    (data.micromarkExtensions ??= []).push(gfmTable());
    (data.fromMarkdownExtensions ??= []).push(gfmTableFromMarkdown());
  };
}

export async function run({ quick = false, log = (...parts) => process.stderr.write(`${parts.join(' ')}\n`) } = {}) {
  const options = { locale: 'ru', rulesets: builtinRulesets() };
  const edits = quick ? 12 : 60;
  const rows = [];
  const parsers = [{ key: 'plain', processor: unified().use(remarkParse) }];
  // GFM tables alone: the two packages remark-gfm uses (transitive dependencies, so optional).
  try {
    const { gfmTable } = await import('micromark-extension-gfm-table');
    const { gfmTableFromMarkdown } = await import('mdast-util-gfm-table');
    parsers.push({ key: 'tables', processor: unified().use(remarkParse).use(tablesOnlyPlugin(gfmTable, gfmTableFromMarkdown)) });
  } catch {
    log('incremental: micromark-extension-gfm-table not importable; no tables-only column');
  }
  parsers.push({ key: 'gfm', processor: unified().use(remarkParse).use(remarkGfm) });

  // Warm-up: every path JIT-compiled before timing (and the odds cache filled, as in a session).
  const warm = generateScenario(100 * 1024, 20241);
  for (let i = 0; i < 3; i++) analyzeDocument(warm, options);

  for (const size of SIZES) {
    const text = generateScenario(size.bytes, 20241);
    log(`incremental: ${size.label}, full analysis`);
    const full = [];
    let analysis;
    for (let r = 0; r < (quick ? 1 : size.full); r++) {
      const t = time(() => analyzeDocument(text, options));
      full.push(t.ms);
      analysis = t.value;
    }

    log(`incremental: ${size.label}, edits`);
    const analyzer = createIncrementalAnalyzer();
    analyzer.analyze(text, options);
    const editTimes = [];
    for (const at of editPoints(text)) {
      const typed = `${text.slice(0, at)}ж${text.slice(at)}`;
      for (let i = 0; i < edits; i++) editTimes.push(time(() => analyzer.analyze(i % 2 === 0 ? typed : text, options)).ms);
    }
    const current = analyzer.analyze(text, options);

    log(`incremental: ${size.label}, hover`);
    const document = TextDocument.create('file:///bench.md', 'markdown', 1, text);
    const hoverTimes = [];
    const checks = current.checks.filter((c) => c.odds);
    const hovers = quick ? 10 : 60;
    for (let i = 0; i < hovers; i++) {
      const check = checks[Math.floor((i / hovers) * checks.length)];
      const position = document.positionAt(check.range.start + 2);
      hoverTimes.push(time(() => provideHover(document, current, position, 'ru', [])).ms);
    }

    log(`incremental: ${size.label}, parse per block`);
    const blocks = blockTexts(text);
    const parse = {};
    for (let r = 0; r < (quick ? 1 : 3); r++) {
      for (const { key, processor } of parsers) {
        const t = time(() => {
          for (const block of blocks) processor.parse(block);
        });
        (parse[key] ??= []).push(t.ms);
      }
    }
    rows.push({
      size: size.label,
      chars: text.length,
      blocks: blocks.length,
      checks: analysis.checks.length,
      diagnostics: analysis.diagnostics.length,
      fullMs: quantile(full, 0.5),
      editMedianMs: quantile(editTimes, 0.5),
      editP95Ms: quantile(editTimes, 0.95),
      editMaxMs: Math.max(...editTimes),
      hoverMedianMs: quantile(hoverTimes, 0.5),
      parse: Object.fromEntries(Object.entries(parse).map(([k, v]) => [k, quantile(v, 0.5)])),
    });
  }
  return rows;
}

export function format(rows) {
  const header = ['size', 'blocks', 'checks', 'full analysis ms', 'edit median ms', 'edit p95 ms', 'edit max ms', 'hover (feature) median ms', 'blocks parsed: remark-parse ms', 'GFM tables only ms', 'remark-gfm ms'];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`];
  for (const r of rows) {
    lines.push(
      `| ${[r.size, r.blocks, r.checks, ms(r.fullMs), ms(r.editMedianMs), ms(r.editP95Ms), ms(r.editMaxMs), ms(r.hoverMedianMs), ms(r.parse.plain), r.parse.tables === undefined ? '—' : ms(r.parse.tables), ms(r.parse.gfm)].join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const rows = await run({ quick: args.includes('--quick') });
  process.stdout.write(args.includes('--json') ? `${JSON.stringify(rows, null, 2)}\n` : `${format(rows)}\n`);
}
