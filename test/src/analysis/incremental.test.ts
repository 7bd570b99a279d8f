/**
 * The block-wise analysis (blocks.ts, blockAnalysis.ts, incrementalAnalysis.ts, issue 6):
 *
 * 1. Differential: an incremental analyzer fed a series of edits gives, after every edit, exactly
 *    what a fresh `analyzeDocument` gives for the same text (deep equality of the whole result).
 *    Documents are generated from realistic and awkward pieces: front matter, fences opened and
 *    closed by an edit, HTML comments and raw blocks across blank lines, lists with indented
 *    continuations, footnotes, link definitions, tables, setext headings, CRLF and CR, a BOM.
 * 2. Splitting is invisible: the same documents analysed as one block (the whole body parsed
 *    at once by remark, as before issue 6) give the same checks, diagnostics, prose checks,
 *    headings and scenes.
 * 3. Runs of blocks parsed in one call (a first analysis) and read from micromark's events give
 *    what the blocks parsed one by one through remark's tree give, and the front matter is found
 *    exactly where remark-frontmatter finds it.
 * 4. Examples: what an edit re-analyses (object identity shows reuse), scenes across blocks,
 *    definitions in another block, the front matter, and the one intended difference from a
 *    whole-document parse (micromark-extension-frontmatter#5).
 *
 * `INCREMENTAL_RUNS` sets the number of generated documents (default 80); `FUZZ_SEED` replays one.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { analyzeDocument } from '../../../server/src/analysis/analyzeDocument';
import { analyzeBlock, NO_DEFINITIONS } from '../../../server/src/analysis/document/blockAnalysis';
import { moveBlock } from '../../../server/src/analysis/document/blockRanges';
import { findFrontMatter, unclosedFrontMatter } from '../../../server/src/analysis/markdown/frontMatterBlock';
import { CLOSED } from '../../../server/src/analysis/markdown/blocks';
import { Lines } from '../../../server/src/analysis/markdown/lines';
import { runFrom } from '../../../server/src/analysis/document/blockReuse';
import { createDocumentAnalyzers, createIncrementalAnalyzer } from '../../../server/src/analysis/document/incrementalAnalysis';
import { plainHeadingScan, plainListScan, plainParagraphScan, plainQuoteScan } from '../../../server/src/analysis/markdown/plainParagraph';
import { type BlockScan, definitionsText, joinsRuns, scanBlockMarkdown, scanBlockRun, scanBlockTree, scanMarkdown } from '../../../server/src/analysis/markdown/markdownScan';
import { builtinRulesets } from '../../../server/src/analysis/project/rulesetProvider';
import { traitIndex } from '../../../server/src/analysis/resolve/traitIndex';
import type { AnalysisDiagnostic, AnalysisOptions, DocumentAnalysis } from '../../../server/src/analysis/types';

const RUNS = process.env.INCREMENTAL_RUNS === undefined ? 80 : Number(process.env.INCREMENTAL_RUNS);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const OPTIONS: AnalysisOptions = { rulesets: builtinRulesets() };

function params(runs: number): fc.Parameters<unknown> {
  return { numRuns: runs, ...(SEED === undefined ? {} : { seed: SEED }) };
}

// ---------------------------------------------------------------------------------------------
// Documents and edits

const FRONT_MATTERS = [
  '---\nruleset: vampire-pack\ncharacters:\n  Адриан: { Сила: 3, Атлетика: 2 }\n---',
  '---\nruleset: storytelling\n---',
  '---\nruleset: nope\n---',
  '---\nперсонажи:\n  Вера: { Интеллект: 4 }\n---  ',
  '---\nruleset: vampire-pack',
];

/** Lines and groups of lines, joined by a line end; `\n` inside a piece becomes the document's line end. */
const PIECES = [
  'Адриан лезет через забор: «Сила + Атлетика (сложность 2)».',
  'Нужен бросок Ловкость + Атлетика (сложность 3).',
  'Он говорит «да» и уходит, а потом «Сила + Атлетиканн».',
  'Адриан: «Адриан: Сила + Атлетика»',
  '«Сила + Атлетика (сложность',
  '# Сцена',
  '## Подвал «Сила + Драка»',
  'Заголовок «Сила + Атлетика»\n===',
  '---',
  '***',
  '',
  '',
  '',
  '  ',
  '\t',
  '- пункт «Сила + Атлетика»',
  '* пункт',
  '1. первый «Ловкость + Скрытность»',
  '  продолжение «Ловкость + Скрытность»',
  '    отступ «Сила + Атлетика»',
  '> цитата «Сила + Атлетика»',
  'ленивое продолжение «Сила + Драка»',
  '```',
  '```js',
  '~~~',
  '````',
  '  ```',
  '``` a`b',
  '<!--',
  '-->',
  '<!-- «Сила + Атлетика» -->',
  '<!-->',
  '<!--->',
  '<!---x->',
  'Текст «Сила»\n<!-- a «Сила + Атлетика»',
  'Текст «Сила»\n```\nкод «Сила + Атлетика»',
  '  <!-- x',
  '<div>',
  '</div>',
  '<script>',
  '</script>',
  '| «Сила + Атлетика» | b |\n|---|---|\n| x | «Ловкость + Атлетика» |',
  '[a]: http://example.com',
  'ссылка [a] и «Сила + Атлетика»',
  'см. [текст][b] «Сила + Атлетика»',
  '[b]: /y "t"',
  'сноска[^1] «Сила»',
  '[^1]: текст сноски «Сила + Атлетика»',
  'www.example.com «Сила + Атлетика»',
  '\ufeff',
  '1. a\n\n    текст «Сила + Атлетика»',
  '- a\n  ```\n  b\n```\nc «Сила»\n\nd «Сила»\n```',
  '<!-- a\n\nb «Сила + Атлетика» -->\n\nc «Сила»',
  'x[^1]\n\n[^1]: note\n\n    more «Сила + Атлетика»',
  '<div>\n```\n</div>\n\ntext «Сила + Атлетика»\n\n```',
  'Абзац\n```\ncode «Сила + Атлетика»\n\nmore\n```\nпосле «Сила + Атлетика»',
  '[ẞ] «Сила»\n\n[ß]: x',
  '> ```\n> a\n\n> b «Сила»',
  '- a\n\n\n  b «Сила + Атлетика»',
  '<span>\n```\n\ntext «Сила»',
  '[a]:\n```\n\ncode? «Сила»',
  '- ```\n\n  x «Сила»\n\ny «Сила»',
  '<script>\n\n«Сила + Атлетика»\n\n</script>',
  '[^note]: x\n\n\n    y «Сила + Атлетика»',
  'a\n````\n```\n\n«Сила»\n````',
  '  ~~~\n\n«Сила»\n   ~~~   ',
  '[Foo  Bar] «Сила»\n\n[foo\nbar]: /u',
  'строка с двумя пробелами в конце «Сила»  ',
  'строка с обратной чертой «Сила»\\',
  'пробелы\t \n\n  \n«Ловкость + Атлетика» после пустых строк с пробелами',
  '2) «Сила + Атлетика»',
  '+ пункт\n\n+ ещё «Сила + Атлетика»',
  '*курсив «Сила + Атлетика»*\n\n**жирный**',
  '`код «Сила»` и «Сила + Атлетика»',
  '&amp; &#1046; \\* «Сила + Атлетика»',
];

const SNIPPETS = ['\n', '\n\n', '```', '~~~', '<!--', '-->', '- ', '> ', '    ', '«', '»', '# ', '[a]: x', '[a]', '---', 'ж', ' ', '\r\n', '\r', '[^1]: n', '\t', '===', '|', '1. ', '\n\n«Сила + Атлетика»\n\n', '```\nx\n\n'];

const document: fc.Arbitrary<string> = fc
  .record({
    bom: fc.boolean(),
    frontMatter: fc.option(fc.constantFrom(...FRONT_MATTERS), { nil: undefined }),
    pieces: fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 40 }),
    eol: fc.constantFrom('\n', '\n', '\r\n', '\r'),
  })
  .map(({ bom, frontMatter, pieces, eol }) => {
    const lines = frontMatter ? [frontMatter, ...pieces] : pieces;
    return (bom ? '\ufeff' : '') + lines.join('\n').replace(/\n/g, eol);
  });

type Edit =
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'replace'; at: number; length: number; text: string }
  | { kind: 'paste'; at: number; from: number; length: number }
  | { kind: 'revert'; to: number };

const position = fc.double({ min: 0, max: 1, noNaN: true });
const edit: fc.Arbitrary<{ kind: Edit['kind']; at: number; from: number; length: number; text: string }> = fc.record({
  kind: fc.constantFrom<Edit['kind']>('insert', 'insert', 'delete', 'replace', 'paste', 'revert'),
  at: position,
  from: position,
  length: fc.integer({ min: 0, max: 300 }),
  text: fc.constantFrom(...SNIPPETS),
});

/** Applies a generated edit; `history` holds the earlier versions (an undo brings one back). */
function apply(text: string, e: { kind: Edit['kind']; at: number; from: number; length: number; text: string }, history: readonly string[]): string {
  const at = Math.floor(e.at * text.length);
  const end = Math.min(text.length, at + e.length);
  switch (e.kind) {
    case 'insert':
      return text.slice(0, at) + e.text + text.slice(at);
    case 'delete':
      return text.slice(0, at) + text.slice(Math.min(text.length, at + (e.length % 16)));
    case 'replace':
      return text.slice(0, at) + e.text + text.slice(Math.min(text.length, at + (e.length % 8)));
    case 'paste': {
      const from = Math.floor(e.from * text.length);
      return text.slice(0, at) + text.slice(from, Math.min(text.length, from + e.length)) + text.slice(at);
    }
    case 'revert':
      return history.length > 0 ? history[Math.min(history.length - 1, Math.floor(e.from * history.length))] : text.slice(0, at) + text.slice(end);
  }
}

// ---------------------------------------------------------------------------------------------
// Comparison

/** The analysis as plain data: the ruleset by id, character sheets' maps as entries. */
function plain(analysis: DocumentAnalysis): unknown {
  return JSON.parse(JSON.stringify(analysis, (key, value: unknown) => (key === 'ruleset' && typeof value === 'object' && value !== null && 'id' in value ? value.id : value instanceof Map ? [...value] : value)));
}

function assertSameAnalysis(actual: DocumentAnalysis, expected: DocumentAnalysis, text: string, what: string): void {
  assert.deepStrictEqual(plain(actual), plain(expected), `${what} differs for ${JSON.stringify(text)}`);
}

/** The body (after a BOM and front matter) analysed as one block: one remark parse, as before blocks. */
function asOneBlock(text: string, analysis: DocumentAnalysis): { checks: unknown[]; diagnostics: unknown[]; proseChecks: unknown[]; headings: unknown[] } {
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const bodyStart = findFrontMatter(text, bom)?.end ?? bom;
  const characters = analysis.frontMatter?.characters ?? [];
  const block = analyzeBlock(text.slice(bodyStart), {
    ruleset: analysis.ruleset,
    index: traitIndex(analysis.ruleset, []),
    characters,
    proseChecks: true,
    fixedRanges: new Set(characters.map((c) => c.range)),
    definitions: NO_DEFINITIONS,
  });
  moveBlock(block, bodyStart);
  const headings = block.headings;
  const checks = block.checks.map((check) => {
    const scene = headings.filter((h) => h.range.start < check.range.start).pop();
    return { ...check, ...(scene ? { scene } : {}) };
  });
  return { checks, diagnostics: block.diagnostics, proseChecks: block.proseChecks, headings };
}

function bodyOf(text: string, analysis: DocumentAnalysis): { checks: unknown[]; diagnostics: unknown[]; proseChecks: unknown[]; headings: unknown[] } {
  const bodyFrom = analysis.frontMatter ? analysis.frontMatter.range.end : 0;
  // An unclosed front matter's note is the head's, on the first line, not the body's.
  const unclosed = unclosedFrontMatter(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  const isHeads = (d: AnalysisDiagnostic) => (analysis.frontMatter ? d.range.start <= bodyFrom : d.code === 'RM011' && d.range.start === unclosed?.start);
  return {
    checks: analysis.checks,
    diagnostics: analysis.diagnostics.filter((d) => !isHeads(d)),
    proseChecks: analysis.proseChecks,
    headings: analysis.headings,
  };
}

function plainData(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === 'odds' ? undefined : v)));
}

// ---------------------------------------------------------------------------------------------

/**
 * Holds a scan that reads blocks without a parser to remark's tree on `runs` generated texts: where
 * it reads a text (else it leaves it to the parser), it must read what the tree does. The texts it
 * read, for the test to require enough of them.
 */
function readAsTheTree(scan: (text: string) => BlockScan | undefined, texts: fc.Arbitrary<string>, runs: number): string[] {
  const read: string[] = [];
  fc.assert(
    fc.property(texts, (t) => {
      const plain = scan(t);
      if (!plain) return;
      read.push(t);
      assert.deepStrictEqual(plain, scanBlockTree(t), JSON.stringify(t));
    }),
    params(runs),
  );
  return read;
}

describe('incremental analysis', () => {
  it('after every edit, equals a fresh analysis of the same text (generated documents and edits)', () => {
    fc.assert(
      fc.property(document, fc.array(edit, { minLength: 1, maxLength: 10 }), (start, edits) => {
        const analyzer = createIncrementalAnalyzer();
        const history: string[] = [];
        let text = start;
        assertSameAnalysis(analyzer.analyze(text, OPTIONS), analyzeDocument(text, OPTIONS), text, 'first analysis');
        for (const e of edits) {
          history.push(text);
          text = apply(text, e, history);
          assertSameAnalysis(analyzer.analyze(text, OPTIONS), analyzeDocument(text, OPTIONS), text, `after ${e.kind}`);
        }
      }),
      params(RUNS),
    );
  });

  it('a closed document’s blocks serve the next document of the same context: reopened, renamed or edited, it equals a fresh analysis', () => {
    fc.assert(
      fc.property(document, fc.array(edit, { maxLength: 3 }), (start, edits) => {
        const analyzers = createDocumentAnalyzers();
        analyzers.analyze(start, OPTIONS, 'a');
        analyzers.forget('a');
        let text = start;
        for (const e of edits) text = apply(text, e, [start]);
        assertSameAnalysis(analyzers.analyze(text, OPTIONS, 'b'), analyzeDocument(text, OPTIONS), text, 'opened after a close');
      }),
      params(RUNS),
    );
    // Reopened as it was: every check is the closed document's own object, not analysed again.
    const text = ['---', 'ruleset: storytelling', '---', '', '# Сцена', '', 'Бросок «Сила + Атлетика».', '', 'И «Ловкость 2 + Скрытность 1».'].join('\n');
    const analyzers = createDocumentAnalyzers();
    const before = [...analyzers.analyze(text, OPTIONS, 'a').checks];
    analyzers.forget('a');
    const again = analyzers.analyze(text, OPTIONS, 'b');
    assert.equal(again.checks.length, 2);
    assert.ok(again.checks.every((check, k) => check === before[k]));
  });

  it('splitting into blocks is invisible: the body parsed as one block gives the same results', () => {
    fc.assert(
      fc.property(document, (text) => {
        const analysis = analyzeDocument(text, OPTIONS);
        assert.deepStrictEqual(plainData(bodyOf(text, analysis)), plainData(asOneBlock(text, analysis)), JSON.stringify(text));
      }),
      params(RUNS * 2),
    );
  });

  it('a first analysis, which parses runs of plain blocks in one call, equals the blocks parsed one by one', () => {
    fc.assert(
      fc.property(document, (text) => {
        // After another text, every block of this one is new: placed and parsed one by one.
        const analyzer = createIncrementalAnalyzer();
        analyzer.analyze('ж', OPTIONS);
        assertSameAnalysis(analyzer.analyze(text, OPTIONS), analyzeDocument(text, OPTIONS), text, 'runs of blocks');
      }),
      params(RUNS * 2),
    );
  });

  it('a run read from micromark’s events gives each block what remark’s tree gives it (prose, headings, definitions, tail)', () => {
    // Inline markup of every kind: links, images, autolinks, references, escapes, entities, code, breaks, headings.
    const piece = fc.constantFrom('*', '_', '**', '`', '#', '## ', '> ', '- ', '1.', ' ', '  ', '\n', '\n\n', '\t', '    ', '<span>', '<!--', '-->', '```', '[', ']', '[a]', '[a]: /b', '[a]: <x y> "t"', '[b](c)', '[b](<c d> "e")', '![d *x*](e)', '[a][]', '[*a*](a)', '[x.y](http://x.y)', '[b.c](a&#46;b.c)', '<x:y>', '\\', '\\*', '\\\n', '&amp;', '&#1046;', '&#x41;', '&nope;', '===', '---', ' «Сила + Атлетика [Погони]»', 'text', '\r\n', 'Заголовок\n===', '# T *e* `c` [l](u) ![i](j) &amp;', '# x #', '`a\nb`');
    const text = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (t) => {
        fc.pre(t.length > 0 && joinsRuns(t));
        const blocks = [{ start: 0, end: t.length }];
        const [run] = scanBlockRun(t, blocks);
        fc.pre(run !== undefined);
        const alone = scanBlockTree(t);
        assert.deepStrictEqual(run, { prose: alone.prose, headings: alone.headings, tail: alone.tail, definitions: alone.definitions }, JSON.stringify(t));
      }),
      params(RUNS * 10),
    );
  });

  it('a block parsed alone, after the definitions of the others, is read from micromark’s events (with GFM tables) as remark’s tree reads it', () => {
    const piece = fc.constantFrom('*', '_', '**', '`', '#', '## ', '> ', '- ', '1.', ' ', '  ', '\n', '\n\n', '\t', '    ', '<span>', '<!--', '-->', '```', '[', ']', '[a]', '[b]', '[a]: /b', '[a][]', '[b][a]', '[*a*](a)', '[x.y](u)', '<x:y>', '\\', '&amp;', '===', '---', ' «Сила + Атлетика [Погони]»', 'text', '\r\n', 'Заголовок\n===', '# T [a] `c`', '\ufeff', '|', ' | ', '| a | b |', '|---|---|', '|:-:|', '-|-', '\n| x | «Сила + Атлетика» |', '`a|b`', '\\|', '| [a] |');
    const text = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));
    const definitions = fc.subarray(['[a', '[b', '^c']).map((keys) => definitionsText(keys));
    fc.assert(
      fc.property(text, definitions, (t, defs) => {
        assert.deepStrictEqual(scanBlockMarkdown(t, defs), scanBlockTree(t, defs), JSON.stringify([t, defs]));
      }),
      params(RUNS * 10),
    );
  });

  it('a plain paragraph, read without a parser, is what remark’s tree reads (and most prose is one)', () => {
    const piece = fc.constantFrom('Сила', 'Ловкость', ' ', '  ', '   ', '    ', '\t', '\n', '\r\n', '\r', '\n\n', '«Сила + Атлетика (сложность 2)»', '—', '.', ',', '!', '?', ':', '(x)', '1', '2.', '3)', '-', '+', '=', '#', '>', '*', '_', '`', '[', ']', '<', '&', '\\', '|', '~', '@', 'www', 'http', '\u00a0', '\u0000', '\ufeff', '"', "'", '%', '^', '{', '}');
    const text = fc.array(piece, { maxLength: 30 }).map((parts) => parts.join(''));
    const read = readAsTheTree(plainParagraphScan, text, RUNS * 20).length;
    assert.ok(read >= RUNS, `${read} of ${RUNS * 20} read without the parser`);
    const wrapped = 'Лора смотрит на дверь.  Замок старый, но  крепкий:\n  «Лора: Ловкость + Воровство (сложность 2)» — или\r\nвыбить её: «Сила + Атлетика − 1»!  ';
    assert.deepStrictEqual(plainParagraphScan(wrapped)?.prose, [{ start: 0, end: wrapped.length - 2 }]);
  });

  it('a paragraph with emphasis by asterisks, read without a parser, is what remark’s tree reads', () => {
    const piece = fc.constantFrom('Сила', 'а', 'x', ' ', '  ', '\t', '\n', '\r\n', '\r', '*', '*', '**', '***', '****', '«', '»', '.', ',', '—', '(', ')', '!', '1', '«Сила + Атлетика»', '\u00a0', '🎲');
    const text = fc.array(piece, { maxLength: 24 }).map((parts) => parts.join(''));
    const read = readAsTheTree(plainParagraphScan, text, RUNS * 25);
    const emphasis = read.filter((t) => (plainParagraphScan(t)?.prose.length ?? 0) > 1).length;
    assert.ok(read.length >= RUNS * 5 && emphasis >= RUNS, `${read.length} of ${RUNS * 25} read without the parser, ${emphasis} with emphasis`);
    const text1 = '**Вера** лезет *быстро* и ловко: «Вера: *Сила* + Атлетика».\nА потом ***прыгает*** * вниз**.';
    const nodes = plainParagraphScan(text1)?.prose.map((range) => text1.slice(range.start, range.end));
    assert.deepStrictEqual(nodes, ['Вера', ' лезет ', 'быстро', ' и ловко: «Вера: ', 'Сила', ' + Атлетика».\nА потом ', 'прыгает', ' * вниз**.']);
  });

  it('a paragraph with brackets that make no link, read without a parser when the document has no definitions, is what remark’s tree reads', () => {
    const piece = fc.constantFrom('Сила', 'Погони', ' ', '\n', '\r\n', '  ', '[', ']', '[', ']', '](', '![', '[^', '(x)', ')', '(', '*', '**', '!', ':', '«Сила + Атлетика [Погони]»', 'http', '\t');
    const text = fc.array(piece, { maxLength: 20 }).map((parts) => parts.join(''));
    const read = readAsTheTree(plainParagraphScan, text, RUNS * 25);
    const bracketed = read.filter((t) => /[[\]]/u.test(t));
    assert.ok(bracketed.length >= RUNS * 2, `${read.length} of ${RUNS * 25} read without the parser, ${bracketed.length} with brackets`);
    // With definitions in the document, brackets go to the parser.
    assert.deepEqual(bracketed.filter((t) => plainParagraphScan(t, true) !== undefined), []);
  });

  it('an ATX heading of plain words, read without a parser, is what remark’s tree reads', () => {
    const heading = fc
      .record({
        indent: fc.constantFrom('', ' ', '   ', '    ', '\t'),
        hashes: fc.integer({ min: 0, max: 8 }),
        gap: fc.constantFrom('', ' ', '  ', '\t'),
        words: fc.array(fc.constantFrom('Сцена', '3', ' ', '  ', '#', '##', '—', 'x#', '\t', '«Сила»', '.'), { maxLength: 6 }),
        closing: fc.constantFrom('', ' #', ' ##', '#', ' # ', '\t###\t', ' \\#'),
        trailing: fc.constantFrom('', ' ', '\t', '  '),
      })
      .map(({ indent, hashes, gap, words, closing, trailing }) => `${indent}${'#'.repeat(hashes)}${gap}${words.join('')}${closing}${trailing}`);
    const read = readAsTheTree(plainHeadingScan, heading, RUNS * 25).length;
    assert.ok(read >= RUNS * 5, `${read} of ${RUNS * 25} read without the parser`);
    assert.deepStrictEqual(plainHeadingScan('## Сцена 3: таверна ##'), { prose: [{ start: 3, end: 19 }], headings: [{ title: 'Сцена 3: таверна', range: { start: 0, end: 22 }, depth: 2 }], tail: CLOSED, definitions: [] });
  });

  it('a list of plain items, read without a parser, is what remark’s tree reads', () => {
    // Mostly lists of one kind, now and then a line that makes the text something else.
    const marker = (kind: string, n: number) => (kind === '.' || kind === ')' ? `${n}${kind}` : kind);
    const words = fc.array(
      fc.oneof(
        { arbitrary: fc.constantFrom('Вера', ' ', '  ', '*', '**', 'x', '«Сила + Атлетика [Погони]»', '[', ']', '.', '—', '1'), weight: 8 },
        { arbitrary: fc.constantFrom('](', '#', '2.', '- ', '>', '=', '\t', '***'), weight: 1 },
      ),
      { maxLength: 6 },
    );
    const line = fc.record({
      item: fc.boolean(),
      number: fc.constantFrom(1, 2, 10, 1234567890),
      gap: fc.oneof({ arbitrary: fc.constantFrom(' ', '  '), weight: 8 }, { arbitrary: fc.constantFrom('', '     ', ' - ', '\t'), weight: 1 }),
      indent: fc.constantFrom('', '  ', '   ', '    ', ' '),
      words,
    });
    const text = fc
      .record({ kind: fc.constantFrom('-', '*', '+', '.', ')'), other: fc.constantFrom('-', '*', '.'), lines: fc.array(line, { minLength: 1, maxLength: 6 }), eol: fc.constantFrom('\n', '\r\n', '\r'), mixed: fc.integer({ min: 0, max: 9 }) })
      .map(({ kind, other, lines, eol, mixed }) =>
        lines.map((l, k) => (k === 0 || l.item ? `${marker(k === mixed ? other : kind, l.number)}${l.gap}` : l.indent) + l.words.join('')).join(eol),
      );
    const read = readAsTheTree(plainListScan, text, RUNS * 25).length;
    assert.ok(read >= RUNS * 2, `${read} of ${RUNS * 25} read without the parser`);
    const list = '- Вера лезет: «Сила + Атлетика».\n  Потом *прыгает*.\n- Или «Ловкость + Скрытность [Тени]».';
    assert.deepStrictEqual(plainListScan(list)?.prose.map((range) => list.slice(range.start, range.end)), ['Вера лезет: «Сила + Атлетика».\n  Потом ', 'прыгает', '.', 'Или «Ловкость + Скрытность [Тени]».']);
  });

  it('a block quote of one plain paragraph, read without a parser, is what remark’s tree reads', () => {
    const words = fc.array(
      fc.oneof(
        { arbitrary: fc.constantFrom('Вера', ' ', '  ', '*', '**', 'x', '«Сила + Атлетика [Погони]»', '.', '—', '!'), weight: 8 },
        { arbitrary: fc.constantFrom('](', '#', '2.', '- ', '>', '=', '[', '\t', '***', '    '), weight: 1 },
      ),
      { maxLength: 6 },
    );
    const line = fc.record({
      marker: fc.oneof({ arbitrary: fc.constantFrom('> ', '>', '  > ', '>  '), weight: 6 }, { arbitrary: fc.constantFrom('', '   ', '    > ', '>     ', '> > '), weight: 2 }),
      words,
    });
    const text = fc
      .record({ lines: fc.array(line, { minLength: 1, maxLength: 5 }), eol: fc.constantFrom('\n', '\r\n', '\r') })
      .map(({ lines, eol }) => lines.map((l) => l.marker + l.words.join('')).join(eol));
    const read = readAsTheTree(plainQuoteScan, text, RUNS * 25).length;
    assert.ok(read >= RUNS * 2, `${read} of ${RUNS * 25} read without the parser`);
    const quote = '> Вера говорит: *тихо*.\n>«Сила + Атлетика»\nи уходит.';
    assert.deepStrictEqual(plainQuoteScan(quote)?.prose.map((range) => quote.slice(range.start, range.end)), ['Вера говорит: ', 'тихо', '.\n>«Сила + Атлетика»\nи уходит.']);
  });

  it('finds the front matter exactly where remark-frontmatter does, and also closed by «...»', () => {
    const line = fc.constantFrom('---', '--- ', '---\t', '----', ' ---', 'a: 1', '', '--- x', '...', '```', '- a');
    const text = fc.record({ bom: fc.boolean(), lines: fc.array(line, { maxLength: 8 }), eol: fc.constantFrom('\n', '\r\n', '\r'), end: fc.boolean() }).map(({ bom, lines, eol, end }) => `${bom ? '\ufeff' : ''}---${eol}${lines.join(eol)}${end ? eol : ''}`);
    fc.assert(
      fc.property(text, (t) => {
        const mine = findFrontMatter(t, t.charCodeAt(0) === 0xfeff ? 1 : 0);
        // remark-frontmatter closes with `---` only; a `...` line (same length) closes ours just the same.
        const remark = scanMarkdown(t.replace(/^\.\.\.(?=[ \t]*$)/gm, '---')).frontMatter;
        assert.deepStrictEqual(mine ? { range: mine.range, content: mine.content } : undefined, remark, JSON.stringify(t));
      }),
      params(RUNS * 4),
    );
  });

  it('parses a block that GFM cannot change (no | ~ @ www http [^ [ ] [x]) without remark-gfm, to the same result', () => {
    // Markdown's own syntax, links and brackets, prose and «…», but none of what GFM needs.
    const piece = fc.constantFrom('*', '_', '`', '#', '>', '-', '+', '1.', '2)', ' ', '\n', '\n\n', '\t', '    ', '<', '!', '<div>', '<!--', '-->', '```', '[', ']', '[a]', '[a]: /b', '[b](c)', '![d](e)', '[a][a]', '[y]', '[^', '[ ]', '[x]', '- [', '(x)', '\\', '=', 'Сила', ' «Сила + Атлетика [Погони]»', 'a:b', 'x.y', 'text');
    const text = fc.array(piece, { maxLength: 30 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (t) => {
        fc.pre(!t.startsWith('---'));
        const whole = scanMarkdown(t);
        const block = scanBlockMarkdown(t);
        assert.deepStrictEqual({ prose: block.prose, headings: block.headings }, { prose: whole.prose, headings: whole.headings }, JSON.stringify(t));
      }),
      params(RUNS * 4),
    );
  });

  describe('examples', () => {
    const scenes = Array.from({ length: 40 }, (_, i) => `## Сцена ${i}\n\nАдриан лезет (${i}): «Сила + Атлетика (сложность ${i % 4})».\n\n- Или «Ловкость + Скрытность» (${i}).\n`).join('\n');

    it('an edit in one paragraph re-analyses that paragraph only: the other checks are the same objects, moved', () => {
      const analyzer = createIncrementalAnalyzer();
      const before = analyzer.analyze(scenes, OPTIONS);
      const at = scenes.indexOf('Адриан лезет', scenes.indexOf('## Сцена 20'));
      const text = `${scenes.slice(0, at)}Ночью ${scenes.slice(at)}`;
      const beforeChecks = [...before.checks];
      const beforeStarts = beforeChecks.map((c) => c.range.start);
      const after = analyzer.analyze(text, OPTIONS);
      assertSameAnalysis(after, analyzeDocument(text, OPTIONS), text, 'after the edit');
      const edited = after.checks.findIndex((c) => c.range.start > at);
      assert.equal(after.checks.length, beforeChecks.length);
      after.checks.forEach((check, i) => {
        if (i === edited) assert.notEqual(check, beforeChecks[i], 'the edited paragraph is analysed again');
        else assert.equal(check, beforeChecks[i], `check ${i} is reused`);
      });
      // Reused checks after the edit moved with the text.
      assert.equal(after.checks[edited + 1].range.start, beforeStarts[edited + 1] + 'Ночью '.length);
    });

    it('a first analysis in steps stopped halfway leaves the blocks it did to the next analysis of the document', () => {
      const book = scenes.repeat(8);
      const analyzers = createDocumentAnalyzers();
      const steps = analyzers.analyzeInSteps(book, OPTIONS, 'a');
      let step = steps.next();
      while (!step.done && step.value.through < book.length / 2) step = steps.next();
      assert.ok(!step.done, 'the analysis yields before its end');
      const done = [...step.value.analysis().checks];
      assert.ok(done.length >= 0.4 * 8 * 80 && done.length < 8 * 80, `${done.length} checks done`);
      const stop = new Error('no longer wanted');
      assert.throws(() => steps.throw(stop), (error) => error === stop);
      // The document edited meanwhile, at its end: the next analysis takes the blocks done as they are.
      const edited = `${book}\nЕщё «Сила + Атлетика».\n`;
      const after = analyzers.analyze(edited, OPTIONS, 'a');
      assertSameAnalysis(after, analyzeDocument(edited, OPTIONS), edited, 'after the stop');
      done.forEach((check, k) => assert.equal(after.checks[k], check, `check ${k} is the one analysed before the stop`));
    });

    it('opening a fence makes the rest code, closing it brings the blocks back', () => {
      const analyzer = createIncrementalAnalyzer();
      const first = analyzer.analyze(scenes, OPTIONS);
      const at = scenes.indexOf('## Сцена 10');
      const open = `${scenes.slice(0, at)}\`\`\`\n${scenes.slice(at)}`;
      const opened = analyzer.analyze(open, OPTIONS);
      assertSameAnalysis(opened, analyzeDocument(open, OPTIONS), open, 'with an open fence');
      assert.equal(opened.checks.length, 20);
      const close = `${open.slice(0, at + 4)}код «Сила + Атлетика»\n\`\`\`\n${open.slice(at + 4)}`;
      const closed = analyzer.analyze(close, OPTIONS);
      assertSameAnalysis(closed, analyzeDocument(close, OPTIONS), close, 'with the fence closed');
      assert.equal(closed.checks.length, first.checks.length);
      // The blocks after the fence come back from the spares, not from a new parse (each block's text is unique here).
      assert.equal(closed.checks[closed.checks.length - 1], first.checks[first.checks.length - 1]);
    });

    it('a check keeps the scene of the nearest heading above it, across blocks and after edits above it', () => {
      const analyzer = createIncrementalAnalyzer();
      let text = '# Пролог\n\nТекст.\n\nАдриан: «Сила + Атлетика»\n';
      assert.equal(analyzer.analyze(text, OPTIONS).checks[0].scene?.title, 'Пролог');
      text = text.replace('Текст.', '## Вокзал\n\nТекст.');
      assert.equal(analyzer.analyze(text, OPTIONS).checks[0].scene?.title, 'Вокзал');
      text = text.replace('## Вокзал', '## Вокзал ночью');
      const analysis = analyzer.analyze(text, OPTIONS);
      assert.equal(analysis.checks[0].scene?.title, 'Вокзал ночью');
      assert.equal(analysis.checks[0].scene, analysis.headings[1]);
      text = text.replace('# Пролог\n\n', '').replace('## Вокзал ночью\n\n', '');
      assert.equal(analyzer.analyze(text, OPTIONS).checks[0].scene, undefined);
      assertSameAnalysis(analyzer.analyze(text, OPTIONS), analyzeDocument(text, OPTIONS), text, 'without headings');
    });

    it('a link definition in another block resolves a reference, and removing it does not', () => {
      const analyzer = createIncrementalAnalyzer();
      const text = '# См. [Правила]\n\nТекст «Сила + Атлетика».\n\n[правила]: https://example.com\n';
      assert.equal(analyzer.analyze(text, OPTIONS).headings[0].title, 'См. Правила');
      const without = text.replace('[правила]: https://example.com\n', 'нет определения\n');
      assert.equal(analyzer.analyze(without, OPTIONS).headings[0].title, 'См. [Правила]');
      assertSameAnalysis(analyzer.analyze(text, OPTIONS), analyzeDocument(text, OPTIONS), text, 'with the definition again');
    });

    it('an edit in the front matter re-validates every block (ruleset and characters)', () => {
      const analyzer = createIncrementalAnalyzer();
      const body = '\n# Сцена\n\nАдриан: «Адриан: Сила + Атлетика (сложность 2)»\n';
      const vampire = analyzer.analyze(`---\nruleset: vampire-pack\ncharacters:\n  Адриан: { Сила: 3, Атлетика: 2 }\n---${body}`, OPTIONS);
      assert.equal(vampire.ruleset.id, 'vampire-pack');
      assert.deepEqual(vampire.checks[0].spec?.side.base, 5);
      const text = `---\nruleset: storytelling\ncharacters:\n  Адриан: { Сила: 1, Атлетика: 2 }\n---${body}`;
      const storytelling = analyzer.analyze(text, OPTIONS);
      assert.equal(storytelling.ruleset.id, 'storytelling');
      assert.equal(storytelling.checks[0].spec?.side.base, 3);
      assertSameAnalysis(storytelling, analyzeDocument(text, OPTIONS), text, 'after the front matter edit');
    });

    it('CRLF and CR documents split and move like LF ones', () => {
      for (const eol of ['\r\n', '\r']) {
        const analyzer = createIncrementalAnalyzer();
        const text = scenes.replace(/\n/g, eol);
        analyzer.analyze(text, OPTIONS);
        const at = text.indexOf(`${eol}${eol}`, text.length >> 1);
        const edited = `${text.slice(0, at)}${eol}${eol}Вставка «Ловкость + Атлетика»${text.slice(at)}`;
        assertSameAnalysis(analyzer.analyze(edited, OPTIONS), analyzeDocument(edited, OPTIONS), edited, `with ${JSON.stringify(eol)}`);
      }
    });

    it('after `---` that opens no front matter, block quotes and lists stay what they are (unlike remark-frontmatter)', () => {
      // micromark-extension-frontmatter#5: a failed front matter attempt turns every later block
      // quote and list of the document into paragraphs. Blocks are parsed without that extension
      // (the front matter is found by findFrontMatter), so the rest of the document is read as
      // CommonMark reads it.
      const text = '---\nruleset: vampire-pack\n\n> Цитата «Сила + Атлетика»\n';
      assert.equal(scanMarkdown(text).prose[1].start, text.indexOf('> Цитата'), 'remark-frontmatter reads the quote marker as text');
      const analysis = analyzeDocument(text, OPTIONS);
      assert.equal(analysis.checks.length, 1);
      assert.equal(analysis.frontMatter, undefined);
    });

    it('a run of blocks ends with a block where a list may open, so that a loose list is not parsed again and again', () => {
      // micromark reads `- a⏎⏎- b` as one list: in a run its first item would go on past its
      // block, the run fail there, and the next run start one block later (a parse per item of
      // up to RUN_CHARS).
      const text = 'Вступление «Сила + Атлетика».\n\nЕщё абзац.\n\n- Первый «Ловкость + Скрытность»\n\n- Второй\n\n1. Третий\n\nАбзац\n- внутри «Сила + Драка»\n\n* Пятый\n\nКонец.';
      const lines = new Lines(text);
      const runs: string[][] = [];
      for (let pos = 0; pos < text.length; ) {
        const run = runFrom(lines, pos);
        runs.push(run.map((block) => block.text));
        pos = run[run.length - 1].span.next;
      }
      assert.deepStrictEqual(runs, [
        ['Вступление «Сила + Атлетика».', 'Ещё абзац.', '- Первый «Ловкость + Скрытность»'],
        ['- Второй'],
        ['1. Третий'],
        ['Абзац\n- внутри «Сила + Драка»'],
        ['* Пятый'],
        ['Конец.'],
      ]);
      const items = Array.from({ length: 30 }, (_, i) => `- Пункт ${i}: «Сила + Атлетика»`).join('\n\n');
      for (const list of [text, `Абзац.\n\n${items}\n\nКонец.`]) {
        const analyzer = createIncrementalAnalyzer();
        analyzer.analyze('ж', OPTIONS);
        const analysis = analyzeDocument(list, OPTIONS);
        assertSameAnalysis(analysis, analyzer.analyze(list, OPTIONS), list, 'a loose list in runs');
        assert.equal(analysis.checks.length, list === text ? 3 : 30);
      }
    });
  });
});
