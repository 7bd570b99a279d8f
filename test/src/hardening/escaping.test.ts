/**
 * Hostile text from a scenario where Rollmark writes it (issue 19, «Escaped everywhere»): the
 * escaping functions (present/escape.ts) with exact outputs, then each target end to end — the
 * Markdown report rendered by a renderer that allows raw HTML, the HTML report and the overview,
 * JSON and SARIF, the terminal, a hover.
 */
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import MarkdownIt from 'markdown-it';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyzeDocument } from '../../../server/src/analysis/analyzeDocument';
import { builtinRulesets } from '../../../server/src/analysis/project/rulesetProvider';
import { toJson } from '../../../server/src/cli/io';
import { provideHover } from '../../../server/src/features/hover';
import { escapeMarkdown, showControls } from '../../../server/src/present/escape';
import { runCli } from '../cli/runCli';
import { markedCursor } from '../markers';

const RLO = '\u202e';
const ESC = '\u001b';

/** The characters of `text` that reorder or rewrite what a terminal or a page shows. */
function rawControls(text: string): string[] {
  return [...text].filter((c) => /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u.test(c) && c !== '\n' && c !== '\t');
}

describe('escaping (present/escape.ts)', () => {
  it('showControls: bidirectional controls, C0 and C1 controls and a lone CR as \\uXXXX; tab, LF and CRLF kept', () => {
    assert.equal(showControls(`a${RLO}b\u2066c\u2069`), 'a\\u202Eb\\u2066c\\u2069');
    assert.equal(showControls(`${ESC}[31mred${ESC}]0;title\u0007`), '\\u001B[31mred\\u001B]0;title\\u0007');
    assert.equal(showControls('x\u0085y\u007fz\u0000'), 'x\\u0085y\\u007Fz\\u0000');
    assert.equal(showControls('line\r\nnext\rback\ttab\n'), 'line\r\nnext\\u000Dback\ttab\n');
    assert.equal(showControls('Катастрофа «Сила» ⟦✓⟧ 😀 \u200d'), 'Катастрофа «Сила» ⟦✓⟧ 😀 \u200d');
  });

  it('escapeMarkdown: HTML, emphasis, links, code and | as text, on one line, controls visible', () => {
    assert.equal(escapeMarkdown('<img src=x onerror=alert(1)>'), '\\<img src=x onerror=alert(1)\\>');
    assert.equal(escapeMarkdown('a | b & c'), 'a \\| b \\& c');
    assert.equal(escapeMarkdown('*жирный* _курсив_ `код` [ссылка](x) ![img](y) ~~зачёркнуто~~ # \\'), '\\*жирный\\* \\_курсив\\_ \\`код\\` \\[ссылка\\](x) \\!\\[img\\](y) \\~\\~зачёркнуто\\~\\~ \\# \\\\');
    assert.equal(escapeMarkdown(`первая\r\nвторая\nтретья ${RLO}`), 'первая вторая третья \\\\u202E');
    assert.equal(escapeMarkdown('Сила + Атлетика (сложность 2)'), 'Сила + Атлетика (сложность 2)');
  });

  it('toJson: the same value to a parser, no raw control in the text', () => {
    const value = { name: `Ev${RLO}il`, bell: `${ESC}]0;x\u0007`, c1: '\u009b', path: 'C:\\u202E' };
    const json = toJson(value);
    assert.deepEqual(rawControls(json), []);
    assert.deepEqual(JSON.parse(json), value);
    assert.match(json, /"name": "Ev\\u202Eil"/);
    assert.match(json, /"path": "C:\\\\u202E"/);
  });
});

describe('escaping: each target end to end', () => {
  const HOSTILE = [
    '---',
    'ruleset: vampire-pack',
    'characters:',
    '  "<img src=x onerror=alert(1)>": { Сила: 3, Атлетика: 2 }',
    `  "Ev${RLO}il & | co": { Сила: 2, Атлетика: 2 }`,
    '---',
    '',
    `# Сцена *первая* | ${ESC}[2J`,
    '',
    '«Сила + Атлетика (сложность 2)»',
    '',
  ].join('\n');
  let tmp = '';
  const cwd = process.cwd();
  beforeEach(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'rollmark-escaping-'));
    writeFileSync(path.join(tmp, 'evil.md'), HOSTILE);
    process.chdir(tmp);
  });
  afterEach(() => {
    process.chdir(cwd);
    rmSync(tmp, { recursive: true, force: true });
  });

  it('the Markdown report: a renderer that allows HTML shows the names as text, every table keeps its columns', async () => {
    const r = await runCli(['report', '--format', 'md', 'evil.md']);
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(rawControls(r.out), []);
    const lines = r.out.split('\n');
    assert.equal(lines[lines.indexOf('### Сцена первая \\| \\\\u001B\\[2J') + 2], '| Check | \\<img src=x onerror=alert(1)\\> | Ev\\\\u202Eil \\& \\| co | At least one | All | Problems | Where |');
    const html = new MarkdownIt({ html: true }).render(r.out);
    assert.doesNotMatch(html, /<img/);
    assert.match(html, /<th style="text-align:right">&lt;img src=x onerror=alert\(1\)&gt;<\/th>/);
    assert.match(html, /<th style="text-align:right">Ev\\u202Eil &amp; \| co<\/th>/);
    assert.match(html, /<h3>Сцена первая \| \\u001B\[2J<\/h3>/);
    for (const table of html.split('<table>').slice(1)) {
      const rows = table.slice(0, table.indexOf('</table>')).split('<tr>').slice(1);
      const widths = rows.map((row) => (row.match(/<t[hd][ >]/g) ?? []).length);
      assert.ok(widths.every((w) => w === widths[0]), `a table with rows of ${widths.join(', ')} cells`);
    }
  });

  it('the HTML report (the overview’s markup too): names escaped, the override shown, in the tables and the charts', async () => {
    const r = await runCli(['report', '-o', 'report.html', 'evil.md']);
    assert.equal(r.code, 0, r.err);
    const page = readFileSync('report.html', 'utf8');
    assert.deepEqual(rawControls(page), []);
    assert.doesNotMatch(page, /<img/);
    assert.match(page, /<th class="rm-num">Ev\\u202Eil &amp; \| co<\/th>/);
    // The charts' legend and labels (Vega's SVG).
    assert.match(page, /<svg[\s\S]*Ev\\u202Eil &amp; \| co[\s\S]*<\/svg>/);
  });

  it('JSON and SARIF: the same names to a parser, no raw control', async () => {
    const json = await runCli(['report', '--format', 'json', 'evil.md']);
    assert.deepEqual(rawControls(json.out), []);
    assert.deepEqual((JSON.parse(json.out) as { characters: string[] }).characters, ['<img src=x onerror=alert(1)>', `Ev${RLO}il & | co`]);
    const sarif = await runCli(['check', '--format', 'sarif', 'evil.md']);
    assert.deepEqual(rawControls(sarif.out), []);
    assert.ok(JSON.parse(sarif.out));
  });

  it('the terminal: a check’s line and its messages with the override and ESC shown, never obeyed', async () => {
    writeFileSync('evil.md', `${HOSTILE}«Сила + Атл${ESC}[31mетика» и «${RLO}Сила»\n`);
    const r = await runCli(['check', '--checks', 'evil.md']);
    assert.deepEqual(rawControls(r.out + r.err), []);
    assert.match(r.out, /party: <img src=x onerror=alert\(1\)> 66%, Ev\\u202Eil & \| co 51%/);
    assert.match(r.out, /Атл\\u001B\[31mетика/);
    assert.match(r.out, /\\u202EСила/);
  });
});

describe('escaping: a hover', () => {
  it('shows a name’s override as an escape', () => {
    const { text, offset } = markedCursor(`---\nruleset: vampire-pack\ncharacters:\n  "Ev${RLO}il": { Сила: 2, Атлетика: 2 }\n  Вера: { Сила: 1, Атлетика: 1 }\n---\n«Си⟦⟧ла + Атлетика (сложность 2)»\n`);
    const document = TextDocument.create('file:///evil.md', 'markdown', 1, text);
    const analysis = analyzeDocument(text, { rulesets: builtinRulesets() });
    const hover = provideHover(document, analysis, document.positionAt(offset), 'en');
    const value = (hover?.contents as { value: string }).value;
    assert.deepEqual(rawControls(value), []);
    assert.match(value, /Ev\\u202Eil/);
  });
});
