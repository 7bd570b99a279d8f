/**
 * Large documents through a real (in-memory) LSP connection: a 10 MB generated scenario, a
 * single line of 1 MB, and 50,000 checks. Each is opened, gets its diagnostics, and answers a
 * hover, code lenses, inlay hints for the visible range, completion, the outline, document info
 * and an edit; no request may take a minute (a sanity bound against hangs, not a benchmark).
 *
 * Answers are exact. Where a fresh analysis of the whole text would double the test's cost
 * (10 MB), the expected answers come from a small document with the same lines at the same line
 * numbers (the rest blank): checks are analysed block by block against the front matter, so a
 * check's hover, lens or hint does not depend on the blocks far from it.
 *
 * The limits of README "Limits" are checked here: at most 1,000 diagnostics per document (the
 * last says how many were left out), lenses for the first 10,000 checks, an outline of scenes
 * only past 10,000 checks.
 *
 * ROLLMARK_LARGE_REPORT=1 prints the time and the process's RSS after each step.
 */
import * as assert from 'node:assert/strict';
import { type Diagnostic, DiagnosticSeverity, type DocumentSymbol, type Position, type PublishDiagnosticsParams, type Range, SymbolKind } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import type { AnalysisOptions, DocumentAnalysis } from '../../../server/out/analysis/types';
import { isKnownPool } from '../../../server/out/engine/oddsReport';
import { lensKey, MAX_CODE_LENSES, provideCodeLenses } from '../../../server/out/features/codeLens';
import { provideCompletion } from '../../../server/out/features/completion';
import { MAX_DIAGNOSTICS, provideDiagnostics } from '../../../server/out/features/diagnostics';
import { provideHover } from '../../../server/out/features/hover';
import { provideInlayHints } from '../../../server/out/features/inlayHints';
import { DEFAULT_SETTINGS, type DocumentChecksQuery, type DocumentInfo } from '../../../server/out/protocol';
import { fileUri } from '../../../server/out/workspace/folders';
import { type BenchScenarios, loadBenchScenarios } from './benchScenarios';
import { docUri, LspTestClient, WORKSPACE } from './harness';

const MB = 1024 * 1024;
/** No request may take longer: a hang, not a slow answer. */
const ANSWER_WITHIN = 60_000;
/** The analysis speaks English here, as the limit note does until the server passes its locale. */
const OPTIONS: AnalysisOptions = { rulesets: builtinRulesets(), dictionary: [], proseChecks: 'on' };
const toFileUri = (file: string) => fileUri(WORKSPACE, file);

/** JSON, as the client receives it. */
function asSent(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

/** Times each step and notes the process's RSS after it; rejects a step that takes a minute. */
class Steps {
  readonly figures: string[] = [];

  constructor(private readonly name: string) {}

  async run<T>(label: string, work: () => Promise<T>, size?: (value: T) => string): Promise<T> {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const hang = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${this.name}: no answer to ${label} within ${ANSWER_WITHIN / 1000} s`)), ANSWER_WITHIN);
    });
    try {
      const value = await Promise.race([work(), hang]);
      const ms = performance.now() - started;
      this.figures.push(`${label}: ${Math.round(ms)} ms${size ? `, ${size(value)}` : ''}, RSS ${Math.round(process.memoryUsage().rss / MB)} MB`);
      return value;
    } finally {
      clearTimeout(timer);
    }
  }

  report(): void {
    if (process.env.ROLLMARK_LARGE_REPORT) console.log(`${this.name}\n  ${this.figures.join('\n  ')}`);
  }
}

/** `rollmark/documentInfo`, with the check asked for if any. */
function documentInfo(client: LspTestClient, uri: string, checks?: DocumentChecksQuery): Promise<DocumentInfo | null> {
  return client.request<DocumentInfo | null>('rollmark/documentInfo', { textDocument: { uri }, ...(checks ? { checks } : {}) });
}

const kb = (value: unknown) => `${Math.round(JSON.stringify(value).length / 1024)} KB`;

/** Opens without the harness's 5 s wait: the first diagnostics of a large document take longer. */
function openLarge(client: LspTestClient, uri: string, text: string): Promise<PublishDiagnosticsParams> {
  return client.openWhole(uri, text, ANSWER_WITHIN);
}

/** The text's front matter, through its closing `---` line and newline. */
function frontMatterOf(text: string): string {
  return text.slice(0, text.indexOf('\n---\n', 4) + '\n---\n'.length);
}

/**
 * The front matter and lines [from, to) of `lines`, every other line blank: the same line
 * numbers, so the same positions. `from` and `to` must be blank lines (block boundaries).
 */
function excerpt(lines: readonly string[], frontMatterLines: number, from: number, to = lines.length): string {
  assert.equal(lines[from], '', `line ${from} is not blank`);
  if (to < lines.length) assert.equal(lines[to], '', `line ${to} is not blank`);
  return [...lines.slice(0, frontMatterLines), ...Array<string>(from - frontMatterLines).fill(''), ...lines.slice(from, to)].join('\n');
}

function blankAtOrBefore(lines: readonly string[], line: number): number {
  let at = line;
  while (lines[at] !== '') at--;
  return at;
}

function flatten(symbols: readonly DocumentSymbol[]): DocumentSymbol[] {
  return symbols.flatMap((s) => [s, ...flatten(s.children ?? [])]);
}

/** Headings outside code fences, as `provideDocumentSymbols` names them. */
function headingTitles(lines: readonly string[]): string[] {
  const titles: string[] = [];
  let fenced = false;
  for (const line of lines) {
    if (line.startsWith('```')) fenced = !fenced;
    else if (!fenced && /^#{1,6} /.test(line)) titles.push(line.replace(/^#+ /, ''));
  }
  return titles;
}

/** The note after the 999 diagnostics shown, numbers as English writes them («5,500»). */
function limitNote(total: string, hidden: string): Diagnostic {
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: DiagnosticSeverity.Information,
    source: 'rollmark',
    message: `Too many problems: showing 999 of ${total}, the most severe first; ${hidden} more as these are fixed`,
  };
}

describe('large documents through a real connection', function () {
  // Each test takes 5–15 s on a 2-core machine; the bound is for slow CI machines.
  this.timeout(240_000);

  let client: LspTestClient | undefined;
  let generate: BenchScenarios['generateScenario'];
  before(async () => {
    ({ generateScenario: generate } = await loadBenchScenarios());
  });
  afterEach(async () => {
    await client?.stop();
    client = undefined;
  });

  it('a 10 MB scenario: diagnostics capped at 1,000, lenses for the first 10,000 checks, an outline of scenes, exact answers near its end', async () => {
    const steps = new Steps('10 MB scenario');
    const text = generate(10 * MB, 1);
    assert.ok(Buffer.byteLength(text) >= 10 * MB);
    const lines = text.split('\n');
    const frontMatterLines = frontMatterOf(text).split('\n').length - 1;
    const uri = docUri('book.md');
    const server = (client = await LspTestClient.start({ locale: 'en-US' }));

    const published = await steps.run('open → diagnostics', () => openLarge(server, uri, text), (p) => `${p.diagnostics.length} diagnostics, ${kb(p)}`);
    // 1,446 prose checks (RM012 hints) in this text: 999 are published, then the note.
    assert.equal(published.diagnostics.length, MAX_DIAGNOSTICS);
    assert.deepEqual(published.diagnostics[MAX_DIAGNOSTICS - 1], limitNote('1,446', '447'));
    const kept = published.diagnostics.slice(0, -1);
    assert.ok(kept.every((d) => d.code === 'RM012' && d.severity === DiagnosticSeverity.Hint));
    assert.ok(kept.every((d, i) => i === 0 || d.range.start.line >= kept[i - 1].range.start.line), 'kept diagnostics are in document order');
    // All hints, so the first 999 of the document: the same as those of its first part alone.
    const lastKeptLine = kept[kept.length - 1].range.start.line;
    const head = excerpt(lines, frontMatterLines, frontMatterLines, blankAtOrBefore(lines, lastKeptLine + 50));
    const headDocument = TextDocument.create(uri, 'markdown', 1, head);
    const headAnalysis = analyzeDocument(head, OPTIONS);
    assert.deepEqual(kept, asSent(provideDiagnostics(headDocument, headAnalysis, DEFAULT_SETTINGS, toFileUri).slice(0, MAX_DIAGNOSTICS - 1)));

    // Near the end: the last 200 lines alone give the expected answers.
    const from = blankAtOrBefore(lines, lines.length - 200);
    const tail = excerpt(lines, frontMatterLines, from);
    const tailDocument = TextDocument.create(uri, 'markdown', 1, tail);
    const tailAnalysis: DocumentAnalysis = analyzeDocument(tail, OPTIONS);
    const lastCheck = tailAnalysis.checks[tailAnalysis.checks.length - 1];
    const onLastCheck: Position = tailDocument.positionAt(lastCheck.range.start + 2);
    const hover = await steps.run('hover on the last check', () => server.hover(uri, onLastCheck));
    assert.deepEqual(hover, asSent(provideHover(tailDocument, tailAnalysis, onLastCheck, 'en')));
    assert.notEqual(hover, null);

    const visible: Range = { start: { line: onLastCheck.line - 30, character: 0 }, end: { line: onLastCheck.line + 30, character: 0 } };
    assert.ok(visible.start.line > from);
    const hints = await steps.run('inlay hints, 60 visible lines', () => server.inlayHints(uri, visible), (h) => `${h?.length} hints`);
    assert.deepEqual(hints, asSent(provideInlayHints(tailDocument, tailAnalysis, visible, 'en')));
    assert.ok((hints?.length ?? 0) > 0);

    const afterGuillemet: Position = tailDocument.positionAt(lastCheck.range.start + 1);
    const completion = await steps.run('completion in the last check', () => server.completion(uri, afterGuillemet), (c) => `${c?.items.length} items`);
    assert.deepEqual(completion, asSent(provideCompletion(tailDocument, tailAnalysis, afterGuillemet, OPTIONS.rulesets, [], 'en')));

    // Lenses: the first 10,000 rollable checks, the first ones exactly as the first part gives them.
    const lenses = (await steps.run('code lenses', () => server.codeLenses(uri), (l) => `${l?.length} lenses, ${kb(l)}`)) ?? [];
    assert.equal(lenses.length, MAX_CODE_LENSES);
    const headLenses = asSent(provideCodeLenses(headDocument, headAnalysis, 'roll'));
    assert.ok(Array.isArray(headLenses) && headLenses.length > 100);
    assert.deepEqual(lenses.slice(0, headLenses.length), headLenses);
    const starts = lenses.map((l) => l.range.start);
    assert.ok(starts.every((start, i) => i === 0 || start.line > starts[i - 1].line || (start.line === starts[i - 1].line && start.character > starts[i - 1].character)), 'lenses follow the checks in order');
    assert.ok(lenses[lenses.length - 1].range.start.line < from, 'no lens past the 10,000th check');

    // More checks than the outline lists: scenes only, every heading of the text.
    const symbols = (await steps.run('document symbols', () => server.documentSymbols(uri), (s) => kb(s))) ?? [];
    const all = flatten(symbols);
    assert.ok(all.every((s) => s.kind === SymbolKind.Namespace));
    assert.deepEqual(
      all.map((s) => s.name),
      headingTitles(lines),
    );

    // Document info as the status bar asks for it after every edit pause: the ruleset, no checks.
    const info = await steps.run('document info', () => documentInfo(server, uri), (i) => kb(i));
    assert.equal(info?.ruleset, tailAnalysis.ruleset.id);
    assert.deepEqual(info?.checks, []);
    assert.ok(JSON.stringify(info).length < 2048, 'a few hundred bytes, whatever the size of the document');
    // The one check a roll asks about: the last one, by position, then by position and text.
    const atLast = await steps.run('document info, the check at a position', () => documentInfo(server, uri, { position: onLastCheck }), (i) => kb(i));
    assert.deepEqual(atLast?.checks, [
      {
        range: { start: tailDocument.positionAt(lastCheck.range.start), end: tailDocument.positionAt(lastCheck.range.end) },
        text: lastCheck.text,
        rollable: lastCheck.spec !== undefined,
        poolKnown: lastCheck.odds !== undefined && isKnownPool(lastCheck.odds),
      },
    ]);
    assert.deepEqual((await documentInfo(server, uri, { position: onLastCheck, text: lastCheck.text }))?.checks, atLast?.checks);

    // A letter typed on a blank line near the end: a new paragraph, the same diagnostics.
    const blank = blankAtOrBefore(lines, lines.length - 100);
    const edited = await steps.run('edit → diagnostics', async () => {
      const next = server.nextDiagnostics(uri, 2, ANSWER_WITHIN);
      await server.change(uri, 2, [{ range: { start: { line: blank, character: 0 }, end: { line: blank, character: 0 } }, text: 'ж' }]);
      return next;
    });
    assert.deepEqual(edited.diagnostics, published.diagnostics);
    assert.deepEqual(await steps.run('hover after the edit', () => server.hover(uri, onLastCheck)), hover);
    steps.report();
  });

  it('a single line of 1 MB: every answer equals a fresh analysis, before and after an edit in its middle', async () => {
    const steps = new Steps('1 MB line');
    // Prose paragraphs of the generator (no lists, quotes, tables, fences or headings) joined into one line.
    const generated = generate(3 * MB, 2);
    const frontMatter = frontMatterOf(generated);
    const prose = generated
      .slice(frontMatter.length)
      .split('\n')
      .filter((line) => line !== '' && !/^([-#>|`]|\d+\.)/.test(line))
      .join(' ')
      .slice(0, MB);
    const line = prose.slice(0, prose.lastIndexOf('. ') + 1);
    assert.ok(line.length > MB - 1000 && !line.includes('\n'));
    const text = `${frontMatter}${line}\n`;
    const lineNumber = frontMatter.split('\n').length - 1;
    const uri = docUri('one-line.md');
    const server = (client = await LspTestClient.start({ locale: 'en-US' }));

    const published = await steps.run('open → diagnostics', () => openLarge(server, uri, text), (p) => `${p.diagnostics.length} diagnostics, ${kb(p)}`);
    let document = TextDocument.create(uri, 'markdown', 1, text);
    let analysis = await steps.run('fresh analysis (test side)', async () => analyzeDocument(text, OPTIONS), (a) => `${a.checks.length} checks`);
    assert.ok(analysis.checks.length > 2000 && analysis.diagnostics.length < MAX_DIAGNOSTICS);
    assert.deepEqual(published.diagnostics, asSent(provideDiagnostics(document, analysis, DEFAULT_SETTINGS, toFileUri)));

    const lastCheck = analysis.checks[analysis.checks.length - 1];
    const onLastCheck = document.positionAt(lastCheck.range.start + 2);
    assert.ok(onLastCheck.character > MB - 2000);
    const hover = await steps.run('hover at character ~1,000,000', () => server.hover(uri, onLastCheck));
    assert.notEqual(hover, null);
    assert.deepEqual(hover, asSent(provideHover(document, analysis, onLastCheck, 'en')));

    const lenses = await steps.run('code lenses', () => server.codeLenses(uri), (l) => `${l?.length} lenses, ${kb(l)}`);
    assert.deepEqual(lenses, asSent(provideCodeLenses(document, analysis, 'roll')));
    // The visible lines hold the whole line: every hint of it. Then a window of 2,000 characters.
    const visible: Range = { start: { line: 0, character: 0 }, end: { line: lineNumber + 1, character: 0 } };
    const hints = await steps.run('inlay hints, the visible lines', () => server.inlayHints(uri, visible), (h) => `${h?.length} hints`);
    assert.deepEqual(hints, asSent(provideInlayHints(document, analysis, visible, 'en')));
    const window: Range = { start: { line: lineNumber, character: 500_000 }, end: { line: lineNumber, character: 502_000 } };
    const windowHints = await steps.run('inlay hints, 2,000 characters', () => server.inlayHints(uri, window), (h) => `${h?.length} hints`);
    assert.deepEqual(windowHints, asSent(provideInlayHints(document, analysis, window, 'en')));
    assert.ok((windowHints?.length ?? 0) > 0);
    await steps.run('document symbols', () => server.documentSymbols(uri), (s) => kb(s));

    // A letter typed in the middle of the line, between two words of prose.
    const middle = text.indexOf(' ', frontMatter.length + MB / 2);
    const at = document.positionAt(middle);
    const edited = await steps.run('edit in the middle → diagnostics', async () => {
      const next = server.nextDiagnostics(uri, 2, ANSWER_WITHIN);
      await server.change(uri, 2, [{ range: { start: at, end: at }, text: ' ж' }]);
      return next;
    });
    document = TextDocument.create(uri, 'markdown', 2, `${text.slice(0, middle)} ж${text.slice(middle)}`);
    analysis = analyzeDocument(document.getText(), OPTIONS);
    assert.deepEqual(edited.diagnostics, asSent(provideDiagnostics(document, analysis, DEFAULT_SETTINGS, toFileUri)));
    const shifted = { line: onLastCheck.line, character: onLastCheck.character + 2 };
    assert.deepEqual(await steps.run('hover after the edit', () => server.hover(uri, shifted)), asSent(provideHover(document, analysis, shifted, 'en')));
    steps.report();
  });

  it('50,000 checks: the 999 most severe diagnostics and a note, 10,000 lenses, an outline of 1,000 scenes', async () => {
    const steps = new Steps('50,000 checks');
    // 1,000 scenes of 10 paragraphs of 5 checks. The third check of a paragraph is an unknown trait
    // (RM001, error) in every 20th paragraph, a letter-case slip (RM010, warning) in every odd one.
    const frontMatter = frontMatterOf(generate(1, 1));
    const parts: string[] = [frontMatter.slice(0, -1)];
    for (let paragraph = 0; paragraph < 10_000; paragraph++) {
      if (paragraph % 10 === 0) parts.push('', `## Сцена ${paragraph / 10 + 1}`);
      const third = paragraph % 20 === 0 ? '«Сила + Атлетка»' : paragraph % 2 === 1 ? '«Сила 2 + атлетика 2»' : '«Ловкость + Скрытность»';
      const checks = ['«Сила 3 + Атлетика 2»', '«Адриан: Сила + Атлетика»', third, '«Интеллект 2 + Медицина 1 (снова-9)»', `«Ловкость ${(paragraph % 5) + 1} + Кража 1»`];
      parts.push('', `Абзац ${paragraph + 1}: ${checks.map((c) => `бросок ${c}`).join(', ')}.`);
    }
    const text = `${parts.join('\n')}\n`;
    const lines = text.split('\n');
    const uri = docUri('fifty-thousand.md');
    const server = (client = await LspTestClient.start({ locale: 'en-US' }));

    const published = await steps.run('open → diagnostics', () => openLarge(server, uri, text), (p) => `${p.diagnostics.length} diagnostics, ${kb(p)}`);
    // 500 errors and 5,000 warnings: the 500 errors and the first 499 warnings, in document order.
    assert.equal(published.diagnostics.length, MAX_DIAGNOSTICS);
    assert.deepEqual(published.diagnostics[MAX_DIAGNOSTICS - 1], limitNote('5,500', '4,501'));
    const kept = published.diagnostics.slice(0, -1);
    const expectedKept: [string, number, number][] = [];
    for (let paragraph = 0, warnings = 0; paragraph < 10_000; paragraph++) {
      if (paragraph % 20 === 0) expectedKept.push(['RM001', DiagnosticSeverity.Error, paragraph]);
      else if (paragraph % 2 === 1 && warnings < 499) {
        expectedKept.push(['RM010', DiagnosticSeverity.Warning, paragraph]);
        warnings++;
      }
    }
    const lineOf = new Map(lines.map((l, i): [string, number] => [l.slice(0, l.indexOf(':') + 1), i]));
    assert.deepEqual(
      kept.map((d) => [d.code, d.severity, d.range.start.line]),
      expectedKept.map(([code, severity, paragraph]) => [code, severity, lineOf.get(`Абзац ${paragraph + 1}:`)]),
    );
    const first = lineOf.get('Абзац 1:') ?? -1;
    const unknownAt = lines[first].indexOf('Атлетка');
    assert.deepEqual(kept[0], {
      range: { start: { line: first, character: unknownAt }, end: { line: first, character: unknownAt + 'Атлетка'.length } },
      severity: DiagnosticSeverity.Error,
      code: 'RM001',
      source: 'rollmark',
      message: 'Unknown trait "Атлетка". Did you mean: Атлетика',
    });

    // The last paragraphs alone give the expected hover, hints and completion.
    const lastLine = lines.length - 2;
    const tail = excerpt(lines, frontMatter.split('\n').length - 1, blankAtOrBefore(lines, lastLine - 70));
    const tailDocument = TextDocument.create(uri, 'markdown', 1, tail);
    const tailAnalysis = analyzeDocument(tail, OPTIONS);
    const lastCheck = tailAnalysis.checks[tailAnalysis.checks.length - 1];
    const onLastCheck = tailDocument.positionAt(lastCheck.range.start + 2);
    const hover = await steps.run('hover on the last check', () => server.hover(uri, onLastCheck));
    assert.notEqual(hover, null);
    assert.deepEqual(hover, asSent(provideHover(tailDocument, tailAnalysis, onLastCheck, 'en')));
    const visible: Range = { start: { line: lastLine - 60, character: 0 }, end: { line: lastLine + 1, character: 0 } };
    const hints = await steps.run('inlay hints, 60 visible lines', () => server.inlayHints(uri, visible), (h) => `${h?.length} hints`);
    assert.deepEqual(hints, asSent(provideInlayHints(tailDocument, tailAnalysis, visible, 'en')));
    assert.ok((hints?.length ?? 0) > 100);
    const afterGuillemet = tailDocument.positionAt(lastCheck.range.start + 1);
    const completion = await steps.run('completion', () => server.completion(uri, afterGuillemet), (c) => `${c?.items.length} items`);
    assert.deepEqual(completion, asSent(provideCompletion(tailDocument, tailAnalysis, afterGuillemet, OPTIONS.rulesets, [], 'en')));

    // Five checks a paragraph: one lens each, on its first check, that offers the five (GROUP_AT); the last of 10,000 on paragraph 10,000.
    const lenses = (await steps.run('code lenses', () => server.codeLenses(uri), (l) => `${l?.length} lenses, ${kb(l)}`)) ?? [];
    assert.equal(lenses.length, MAX_CODE_LENSES);
    const line10000 = lineOf.get('Абзац 10000:') ?? -1;
    const last = lines[line10000];
    const firstStart = last.indexOf('«');
    const lastRange = { start: { line: line10000, character: firstStart }, end: { line: line10000, character: last.indexOf('»') + 1 } };
    assert.deepEqual(lenses[lenses.length - 1], { range: lastRange, data: lensKey(uri) });
    const resolved = await steps.run('resolving the last lens', () => server.resolveCodeLens(lenses[lenses.length - 1]));
    const choices = resolved.command?.arguments?.[0] as { title: string; args: { line: number; character: number; text: string } }[];
    assert.deepEqual([resolved.range, resolved.command?.title, resolved.command?.command, choices.length], [lastRange, '🎲 ▾ 5 checks', 'rollmark.chooseCheckToRoll', 5]);
    const lastStart = last.lastIndexOf('«');
    assert.deepEqual(choices[4].args, { uri, line: line10000, character: lastStart, text: last.slice(lastStart, last.lastIndexOf('»') + 1), poolUnknown: false });

    // 50,000 checks: the outline has the 1,000 scenes, without their checks.
    const symbols = (await steps.run('document symbols', () => server.documentSymbols(uri), (s) => kb(s))) ?? [];
    assert.deepEqual(
      symbols.map((s) => [s.name, s.kind, s.children]),
      Array.from({ length: 1000 }, (_, i) => [`Сцена ${i + 1}`, SymbolKind.Namespace, []]),
    );
    // Document info: no checks unless asked; the 50,000th check by its text, from the document's start.
    const info = await steps.run('document info', () => documentInfo(server, uri), (i) => kb(i));
    assert.deepEqual(info?.checks, []);
    const lastParagraph = lineOf.get('Абзац 10000:') ?? -1;
    const lastText = lines[lastParagraph];
    const lastCheckText = lastText.slice(lastText.lastIndexOf('«'), lastText.lastIndexOf('»') + 1);
    const byText = await steps.run('document info, the last check by its text', () => documentInfo(server, uri, { position: { line: lastParagraph, character: lastText.lastIndexOf('«') }, text: lastCheckText }), (i) => kb(i));
    assert.deepEqual(byText?.checks, [
      {
        // «Ловкость 5 + Кража 1»
        range: { start: { line: lastParagraph, character: lastText.lastIndexOf('«') }, end: { line: lastParagraph, character: lastText.lastIndexOf('»') + 1 } },
        text: lastCheckText,
        rollable: true,
        poolKnown: true,
      },
    ]);

    // Fixing the first error: one fewer in the note, and the next warning takes its place.
    const firstError = kept[0].range;
    const edited = await steps.run('edit → diagnostics', async () => {
      const next = server.nextDiagnostics(uri, 2, ANSWER_WITHIN);
      await server.change(uri, 2, [{ range: firstError, text: 'Атлетика' }]);
      return next;
    });
    assert.deepEqual(edited.diagnostics[MAX_DIAGNOSTICS - 1], limitNote('5,499', '4,500'));
    assert.deepEqual(
      edited.diagnostics.slice(0, -1).map((d) => d.range.start.line),
      [...kept.slice(1).map((d) => d.range.start.line), lineOf.get('Абзац 1000:')].sort((a, b) => (a ?? 0) - (b ?? 0)),
    );
    steps.report();
  });

  it('words the limit note in the server’s locale', () => {
    const text = `${'«Сила + Атлетка» '.repeat(MAX_DIAGNOSTICS + 1)}\n`;
    const document = TextDocument.create(docUri('note.md'), 'markdown', 1, text);
    const diagnostics = provideDiagnostics(document, analyzeDocument(text, OPTIONS), DEFAULT_SETTINGS, toFileUri, 'ru');
    assert.equal(diagnostics.length, MAX_DIAGNOSTICS);
    assert.equal(diagnostics[MAX_DIAGNOSTICS - 1].message, 'Слишком много проблем: показаны 999 из 1001, сначала самые серьёзные; ещё 2 — по мере исправления');
  });
});
