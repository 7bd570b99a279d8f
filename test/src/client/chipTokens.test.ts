/**
 * The Markdown preview's chips (client/src/chipTokens.ts) on a real markdown-it, with the chips
 * the server computes for the same text (report/chips.ts): every check wrapped where it is, also
 * across a line break, among other inline tokens and inside emphasis; a check in a code span or
 * one the parse changed is left alone; and the client's markup is the report's, byte for byte.
 */
import * as assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import { LineIndex } from '../../../server/out/analysis/markdown/lineIndex';
import { voice } from '../../../server/out/present/voice';
import { type CheckChip, chipMarkup, escapeHtml } from '../../../server/out/protocol';
import { chipHtml, documentChips } from '../../../server/out/report/chips';
import { decoratedTokens, type MarkdownToken } from '../../../client/out/chipTokens';

/** What the server would send for this text: `rollmark/checkChips`' chips, ranges as lines. */
function chipsOf(text: string): CheckChip[] {
  const analysis = analyzeDocument(text, { rulesets: builtinRulesets() });
  const lines = new LineIndex(text);
  return documentChips(analysis, voice('en')).map((c) => ({
    text: c.text,
    range: { start: lines.positionAt(c.range.start), end: lines.positionAt(c.range.end) },
    chance: c.chance,
    label: c.label,
    title: c.title,
    band: c.band,
    ...(c.severity ? { severity: c.severity } : {}),
  }));
}

/** The preview's rendering of the text with these chips: parsed once, rendered with the chips wrapped. */
function render(text: string, chips: CheckChip[]): string {
  const md = new MarkdownIt();
  const tokens = md.parse(text, {});
  const html = md.renderer.render(decoratedTokens(tokens as unknown as MarkdownToken[], chips) as unknown as typeof tokens, md.options, {});
  // The parsed tokens are the preview's cache: rendering them again without chips gives plain Markdown.
  assert.equal(md.renderer.render(tokens, md.options, {}), md.render(text));
  return html;
}

const FRONT = '---\nruleset: vampire-pack\ncharacters:\n  Адриан: { Сила: 3, Атлетика: 3 }\n  Катастрофа: { Сила: 2, Атлетика: 2 }\n---\n';

describe('preview chips on markdown-it', () => {
  it('wraps each check where it is: across a line break, beside a link, inside emphasis', () => {
    const text = `${FRONT}\nПрыжок: «Адриан: Сила + Атлетика\n(сложность 2)» и [ссылка](x.md).\n\n*Дверь: «Сила + Атлетика (сложность 2)».*\n`;
    const chips = chipsOf(text);
    assert.equal(chips.length, 2);
    const html = render(text, chips);
    const [first, second] = chips.map(chipMarkup);
    assert.ok(html.includes(`<p>Прыжок: ${first.open}«Адриан: Сила + Атлетика\n(сложность 2)»${first.close} и <a href="x.md">ссылка</a>.</p>`), html);
    assert.ok(html.includes(`<p><em>Дверь: ${second.open}«Сила + Атлетика (сложность 2)»${second.close}.</em></p>`), html);
    assert.ok(first.close.includes('>76%</span>'));
    assert.ok(second.open.startsWith('<span class="rm-chip rm-chip--medium" title="party: Адриан 76%, Катастрофа 51% · at least one 88% · all 39%">'));
  });

  it('the same check twice in a paragraph: each gets its own chip, in order', () => {
    const text = `${FRONT}\n«Адриан: Сила + Атлетика (сложность 2)», затем снова «Адриан: Сила + Атлетика (сложность 2)».\n`;
    const html = render(text, chipsOf(text));
    assert.equal(html.match(/class="rm-chip /g)?.length, 2);
  });

  it('leaves a code span alone, and a check the parse changed, and a quotation', () => {
    const text = `${FRONT}\nКод: \`«Адриан: Сила + Атлетика (сложность 2)»\`. Цитата: «Беги, если увидишь Ищеек».\n`;
    const chips = chipsOf(text);
    assert.equal(chips.length, 0, 'code is not prose, a quotation is not a check');
    // Chips for a text the parse did not keep as it is (an escaped star) match nothing: plain text.
    const escaped = `${FRONT}\n«Адриан: Сила + Атлетика \\* (сложность 2)»\n`;
    const made: CheckChip = { text: '«Адриан: Сила + Атлетика \\* (сложность 2)»', range: { start: { line: 7, character: 0 }, end: { line: 7, character: 40 } }, chance: 0.5, label: '50%', title: 't', band: 'medium' };
    assert.doesNotMatch(render(escaped, [made]), /rm-chip/);
  });

  it('a book of many paragraphs: each paragraph gets exactly its own chips, in order', () => {
    const paragraphs: string[] = [];
    /** Each paragraph's expected HTML, with `@` where the next chip goes. */
    const expected: string[] = [];
    for (let i = 0; i < 1500; i++) {
      const difficulty = 1 + (i % 5);
      if (i % 3 === 0) {
        paragraphs.push(`Шаг ${i}: «Адриан: Сила + Атлетика (сложность ${difficulty})».`);
        expected.push(`<p>Шаг ${i}: @«Адриан: Сила + Атлетика (сложность ${difficulty})»@.</p>`);
      } else if (i % 3 === 1) {
        paragraphs.push(`Просто текст ${i}.`);
        expected.push(`<p>Просто текст ${i}.</p>`);
      } else {
        paragraphs.push(`Шаг ${i}: «Катастрофа: Сила + Атлетика (сложность ${difficulty})»\nи «Сила + Атлетика (сложность ${difficulty})».`);
        expected.push(`<p>Шаг ${i}: @«Катастрофа: Сила + Атлетика (сложность ${difficulty})»@\nи @«Сила + Атлетика (сложность ${difficulty})»@.</p>`);
      }
    }
    const text = `${FRONT}\n${paragraphs.join('\n\n')}\n`;
    const chips = chipsOf(text);
    assert.equal(chips.length, 1500);
    const markups = chips.map(chipMarkup);
    let next = 0;
    const html = expected.map((p) => p.replace(/@/g, () => (next % 2 === 0 ? markups[next++ / 2].open : markups[(next++ - 1) / 2].close))).join('\n');
    assert.equal(next, 3000);
    // The front matter is Markdown to markdown-it (a rule and a heading), with no chip.
    assert.equal(render(text, chips), `${new MarkdownIt().render(FRONT)}${html}\n`);
  });

  it('draws the chip the report draws', () => {
    for (const chip of chipsOf(`${FRONT}\nОшибка: «Адриан: Силла + Атлетика (сложность 2)» и «Сила + Атлетика (сложность 2)».\n`)) {
      const { open, close } = chipMarkup(chip);
      assert.equal(open + escapeHtml(chip.text) + close, chipHtml(chip));
    }
  });
});
