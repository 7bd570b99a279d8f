/**
 * Source ranges (offsets into the text as given) and LSP positions (UTF-16 code units) with
 * CRLF line ends, tabs, non-breaking spaces, astral characters and a 5,000-character line;
 * and the odds attached to checks (MARKUP §5).
 */
import * as assert from 'node:assert/strict';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { LineIndex } from '../../../server/out/analysis/markdown/lineIndex';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import { getBuiltinRuleset } from '../../../server/out/engine/builtinRulesets';
import { computeOdds } from '../../../server/out/engine/odds';
import type { Ruleset } from '../../../server/out/engine/ruleset';
import type { DocumentAnalysis } from '../../../server/out/analysis/types';
import { markedRange, parseMarkers } from '../markers';
import { joinCrlf, joinLines, scenario } from './util';

function analyze(text: string): DocumentAnalysis {
  return analyzeDocument(text, { rulesets: builtinRulesets() });
}

function ruleset(id: string): Ruleset {
  const r = getBuiltinRuleset(id);
  assert.ok(r, id);
  return r;
}

describe('ranges', () => {
  // Line 6: a tab, an NBSP and an emoji (two UTF-16 code units) before two checks.
  const line6 = 'Текст\tс табом,\u00a0NBSP и 😀: ⟦«Сила+Атлетика (сложность 2)»⟧ и ⟦«Сила + Атлетиканн (сложность 2)»⟧.';
  const long = `${'я'.repeat(5000)} ⟦«Сила + Атлетика (сложность 2)»⟧`;

  it('with CRLF, a tab, an NBSP and an emoji, check and diagnostic ranges are exact offsets and exact UTF-16 positions', () => {
    const source = joinCrlf('---', 'ruleset: vampire-pack', '---', '', '# Сцена', '', line6, long);
    const { text, ranges } = parseMarkers(source);
    // ranges: check 1, check 2, the long line's check.
    const analysis = analyze(text);
    assert.deepEqual(
      analysis.checks.map((c) => c.range),
      ranges,
    );
    const content = { start: ranges[0].start + 1, end: ranges[0].end - 1 };
    assert.deepEqual(analysis.checks[0].contentRange, content);
    const rm001 = text.indexOf('Атлетиканн');
    assert.deepEqual(
      analysis.diagnostics.map((d) => [d.code, d.range]),
      [
        ['RM010', content],
        ['RM001', { start: rm001, end: rm001 + 'Атлетиканн'.length }],
      ],
    );
    const lines = new LineIndex(text);
    // «Текст\tс табом,\u00a0NBSP и 😀: » is 26 UTF-16 code units (the emoji counts two).
    assert.deepEqual(lines.positionAt(ranges[0].start), { line: 6, character: 26 });
    assert.deepEqual(lines.positionAt(ranges[0].end), { line: 6, character: 55 });
    assert.deepEqual(lines.positionAt(rm001), { line: 6, character: 66 });
    assert.deepEqual(lines.positionAt(ranges[2].start), { line: 7, character: 5001 });
    assert.deepEqual(lines.positionAt(ranges[2].end), { line: 7, character: 5032 });
    assert.equal(lines.offsetAt({ line: 7, character: 5001 }), ranges[2].start);
    assert.equal(analysis.checks[2].text, '«Сила + Атлетика (сложность 2)»');
    assert.equal(analysis.checks[2].scene?.title, 'Сцена');
  });

  it('with LF line ends the same document gives the same positions', () => {
    const { text, ranges } = parseMarkers(joinLines('---', 'ruleset: vampire-pack', '---', '', '# Сцена', '', line6, long));
    const analysis = analyze(text);
    const lines = new LineIndex(text);
    assert.deepEqual(
      analysis.checks.map((c) => [lines.positionAt(c.range.start), lines.positionAt(c.range.end)]),
      [
        [{ line: 6, character: 26 }, { line: 6, character: 55 }],
        [{ line: 6, character: 58 }, { line: 6, character: 91 }],
        [{ line: 7, character: 5001 }, { line: 7, character: 5032 }],
      ],
    );
    assert.deepEqual(analysis.checks[1].range, ranges[1]);
  });

  it('a check at the very end of a 5,000-character line without a final line break keeps its range', () => {
    const { text, range } = markedRange(`${'я'.repeat(5000)} ⟦«Сила + Атлетика»⟧`);
    const analysis = analyze(text);
    assert.deepEqual(analysis.checks.map((c) => c.range), [range]);
    assert.deepEqual(new LineIndex(text).positionAt(range.end), { line: 0, character: 5018 });
  });

  it('a BOM before a check in the middle of a line keeps exact offsets (the BOM counts one code unit)', () => {
    const { text, range } = markedRange('\uFEFFТекст ⟦«Сила + Атлетика»⟧ и всё.\n');
    const analysis = analyze(text);
    assert.deepEqual(analysis.checks.map((c) => c.range), [range]);
    assert.deepEqual(new LineIndex(text).positionAt(range.start), { line: 0, character: 7 });
  });

  it('LineIndex counts LF, CRLF and a lone CR as line ends and clamps past the end of a line', () => {
    const lines = new LineIndex('a\r\nб😀\rв\nг');
    assert.equal(lines.lineCount, 4);
    // a \r \n б 😀(2) \r в \n г: line 1 starts at 3, line 2 at 7, line 3 at 9.
    assert.deepEqual(lines.positionAt(7), { line: 2, character: 0 });
    assert.deepEqual(lines.positionAt(5), { line: 1, character: 2 });
    assert.deepEqual(lines.positionAt(9), { line: 3, character: 0 });
    assert.equal(lines.offsetAt({ line: 1, character: 99 }), 6);
    assert.equal(lines.offsetAt({ line: 9, character: 0 }), 10);
    assert.equal(lines.lineEnd(0), 1);
  });
});

describe('odds wiring', () => {
  it('a known vampire-pack pool gets the engine’s exact odds: Сила 3 + Атлетика 3 − 2 = 4 dice, success 1 − 0.7⁴', () => {
    const analysis = analyze(scenario('vampire-pack', ['«Сила 3 + Атлетика 3 (сложность 2)»']));
    const check = analysis.checks[0];
    assert.deepEqual(check.odds, computeOdds(ruleset('vampire-pack'), check.spec!));
    assert.equal(check.odds?.pool, 4);
    const outcomes = check.odds && check.odds.pool !== null ? check.odds.outcomes : undefined;
    assert.ok(Math.abs((outcomes?.success ?? -1) - (1 - 0.7 ** 4)) < 1e-12);
    assert.ok(Math.abs((outcomes?.failure ?? -1) - 0.6 ** 4) < 1e-12);
    assert.ok(Math.abs((outcomes?.painful_failure ?? -1) - (0.7 ** 4 - 0.6 ** 4)) < 1e-12);
    assert.deepEqual(check.sides[0].terms.map((t) => [t.written, t.value, t.valueSource]), [
      ['Сила', 3, 'inline'],
      ['Атлетика', 3, 'inline'],
    ]);
  });

  it('an actor’s sheet supplies the values, and the odds equal the inline-rated check’s', () => {
    const analysis = analyze(scenario('vampire-pack', ['«Адриан: Сила + Атлетика (сложность 2)» «Сила 3 + Атлетика 3 (сложность 2)»'], ['characters:', '  Адриан: { Сила: 3, Атлетика: 3 }']));
    const [fromSheet, inline] = analysis.checks;
    assert.equal(fromSheet.actor, 'Адриан');
    assert.deepEqual(fromSheet.sides[0].terms.map((t) => [t.value, t.valueSource]), [
      [3, 'sheet'],
      [3, 'sheet'],
    ]);
    assert.deepEqual(fromSheet.odds, inline.odds);
  });

  it('an inline rating wins over the sheet', () => {
    const analysis = analyze(scenario('storytelling', ['«Адриан: Сила 1 + Атлетика»'], ['characters:', '  Адриан: { Сила: 3, Атлетика: 3 }']));
    assert.deepEqual(analysis.checks[0].sides[0].terms.map((t) => [t.value, t.valueSource]), [
      [1, 'inline'],
      [3, 'sheet'],
    ]);
    assert.equal(analysis.checks[0].odds?.pool, 4);
  });

  it('unknown values give pool null with odds by pool size 1–10 (d20: −2…12)', () => {
    const d10 = analyze(scenario('vampire-pack', ['«Сила + Атлетика (сложность 2)»'])).checks[0].odds;
    assert.ok(d10 && d10.pool === null);
    assert.deepEqual(Object.keys(d10.by_pool), ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    const d20 = analyze(scenario('threads-of-fate', ['«Доблесть (сложность 15)»'])).checks[0].odds;
    assert.ok(d20 && d20.pool === null);
    assert.deepEqual(Object.keys(d20.by_pool).map(Number).sort((a, b) => a - b), [-2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('the by-pool entry for 4 dice equals the known 4-dice odds', () => {
    const unknown = analyze(scenario('vampire-pack', ['«Сила + Атлетика (сложность 2)»'])).checks[0].odds;
    const known = analyze(scenario('vampire-pack', ['«Сила 3 + Атлетика 3 (сложность 2)»'])).checks[0].odds;
    assert.ok(unknown && unknown.pool === null && known && known.pool !== null);
    const { ruleset: _id, ...knownOdds } = known;
    assert.deepEqual(unknown.by_pool['4'], knownOdds);
  });
});
