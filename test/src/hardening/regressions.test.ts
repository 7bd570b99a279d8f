/**
 * One test per bug the hardening work found (fuzz.test.ts, hostileConfig.test.ts, large documents),
 * each on the shrunk counterexample or its plain equivalent. Workspace-file bugs are covered in
 * hostileConfig.test.ts.
 */
import * as assert from 'node:assert/strict';
import { analyzeDocument } from '../../../server/src/analysis/analyzeDocument';
import { builtinRulesets } from '../../../server/src/analysis/rulesetProvider';
import type { AnalysisDiagnostic, DocumentAnalysis, Fix, Locale } from '../../../server/src/analysis/types';
import { traitIndex } from '../../../server/src/analysis/traitIndex';
import { parseUserRuleset } from '../../../server/src/engine/rulesetLoader';
import { getBuiltinRuleset } from '../../../server/src/engine/builtinRulesets';
import { oddsFor } from '../../../server/src/analysis/blockAnalysis';
import { plainSide } from '../../../server/src/engine/checkSpec';

function analyze(text: string, locale: Locale = 'en'): DocumentAnalysis {
  return analyzeDocument(text, { locale, rulesets: builtinRulesets() });
}

function apply(text: string, fix: Fix): string {
  const edits = [...fix.edits].sort((a, b) => b.range.start - a.range.start);
  let out = text;
  for (const e of edits) out = out.slice(0, e.range.start) + e.newText + out.slice(e.range.end);
  return out;
}

function only(analysis: DocumentAnalysis, code: string, message?: RegExp): AnalysisDiagnostic {
  const found = analysis.diagnostics.filter((d) => d.code === code && (!message || message.test(d.message)));
  assert.equal(found.length, 1, `${code}: ${analysis.diagnostics.map((d) => `${d.code} ${d.message}`).join(' | ')}`);
  return found[0];
}

function errors(analysis: DocumentAnalysis): string[] {
  return analysis.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.message}`);
}

describe('hardening regressions', () => {
  describe('front matter with CRLF line ends (frontMatter.ts)', () => {
    it('the last value before the closing fence is read without the CR: «Сила: 3\\r» is 3', () => {
      // Shrunk: "---\r\ncharacters:\r\n  Анна:\r\n    интеллект: 0\r\n---" gave RM011 «must be a whole number».
      const text = '---\r\nruleset: vampire-pack\r\ncharacters:\r\n  Анна:\r\n    Сила: 3\r\n---\r\n\r\n«Анна: Сила + Атлетика 2 (сложность 2)»\r\n';
      const analysis = analyze(text);
      assert.deepEqual(errors(analysis), []);
      assert.deepEqual(analysis.checks[0].sides[0].terms.map((t) => [t.value, t.valueSource]), [
        [3, 'sheet'],
        [2, 'inline'],
      ]);
    });

    it('an empty ruleset value reads the same with CRLF as with LF', () => {
      const lf = analyze('---\nruleset: \n---\n').diagnostics.map((d) => d.message);
      const crlf = analyze('---\r\nruleset: \r\n---\r\n').diagnostics.map((d) => d.message);
      assert.deepEqual(crlf, lf);
      assert.match(lf[0], /the ruleset is a string/);
    });

    it('«use the … ruleset» on a block value («ruleset: |») keeps the line break after it', () => {
      // Shrunk (100,000-run fuzz): "---\nruleset: |\ncharacters:\n  Анна:\n---\n…" — the fix wrote
      // «ruleset: storytellingcharacters:», and the characters were gone (RM007 on «Анна»).
      const text = '---\nruleset: |\ncharacters:\n  Анна: { Сила: 2 }\n---\n«Анна: Сила + Атлетика»\n';
      const d = only(analyze(text), 'RM011', /Unknown ruleset/);
      const fixed = apply(text, d.fixes[0]);
      assert.equal(fixed, '---\nruleset: storytelling\ncharacters:\n  Анна: { Сила: 2 }\n---\n«Анна: Сила + Атлетика»\n');
      assert.deepEqual(errors(analyze(fixed)), []);
    });

    it('a YAML error underlines its line without the CR', () => {
      const text = '---\r\na: [1, 2\r\n---\r\n';
      const d = analyze(text).diagnostics[0];
      assert.equal(text.slice(d.range.start, d.range.end), 'a: [1, 2');
    });
  });

  describe('RM009 messages (parseErrorMessages.ts)', () => {
    it('quote the offending text on one line, whatever the line ends', () => {
      // Shrunk: «интеллект ( «интеллект 0+ интеллект\r\n0» quoted the CRLF in its message.
      const lf = only(analyze('«Сила (злость 2,\nярость 3)»'), 'RM009', /злость/).message;
      const crlf = only(analyze('«Сила (злость 2,\r\nярость 3)»'), 'RM009', /злость/).message;
      assert.equal(crlf, lf);
      assert.doesNotMatch(lf, /[\r\n]/);
    });

    it('quote at most 60 characters of a long text', () => {
      const d = only(analyze(`«Сила (${'злость '.repeat(50)})»`), 'RM009', /Unknown parameter/);
      const quoted = /«(.*)»/u.exec(d.message)?.[1] ?? '';
      assert.equal(Array.from(quoted).length, 60);
      assert.ok(quoted.endsWith('…'));
    });
  });

  describe('«close the parenthesis» (resolveCheck.ts)', () => {
    it('closes the group it is for, where the parser ended it, not at the end of the check', () => {
      // Shrunk: «интеллект ( против  (» — the fix for the first «(» closed the second one, twice.
      const text = '«Сила (сложность 2 против Ловкость (сложность 3»';
      const first = analyze(text).diagnostics.find((d) => d.code === 'RM009' && d.range.start === text.indexOf('('));
      assert.ok(first?.fixes[0]);
      assert.equal(apply(text, first.fixes[0]), '«Сила (сложность 2) против Ловкость (сложность 3»');
    });

    it('is not offered for an empty group: «()» would be another error', () => {
      const d = only(analyze('«Сила + Атлетика (»'), 'RM009', /Unclosed "\("/);
      assert.deepEqual(d.fixes, []);
    });

    it('after a specialty, adds a space so that «[…](…)» does not become a Markdown link', () => {
      // Shrunk: «интеллект против сила 0 + интеллект[Цифровые медиа]( «» — the «)» made a link.
      const text = '«Сила + Атлетика[Ножи](сложность 2»';
      const fixed = apply(text, only(analyze(text), 'RM009').fixes[0]);
      assert.equal(fixed, '«Сила + Атлетика[Ножи] (сложность 2)»');
      const after = analyze(fixed);
      assert.equal(after.checks.length, 1);
      assert.deepEqual(errors(after), []);
    });

    it('after a number that begins a line, writes « )» so that the line does not become a list item «2)»', () => {
      // Shrunk: "> «0 против 0 (\n«интеллект\n0 против интеллект»" — «0)» started an ordered list.
      const text = '---\nruleset: mage-revised\n---\n«Сила + Атлетика (сложность\n6»\n';
      const fixed = apply(text, only(analyze(text), 'RM009').fixes[0]);
      assert.equal(fixed, '---\nruleset: mage-revised\n---\n«Сила + Атлетика (сложность\n6 )»\n');
      const after = analyze(fixed);
      assert.equal(after.checks.length, 1);
      assert.deepEqual(errors(after), []);
    });
  });

  describe('«remove the parameter» (resolveCheck.ts)', () => {
    it('is not offered in a malformed group, where it could delete other text', () => {
      // Shrunk: «интеллект«( (сложность 0» — the fix deleted «« (» and was offered again.
      const d = only(analyze('«Интеллект«( (сложность 2»'), 'RM005');
      assert.deepEqual(d.fixes, []);
      const threads = only(analyze('---\nruleset: threads-of-fate\n---\n«Скрытность (снова-9, сложность два)»\n'), 'RM005');
      assert.deepEqual(threads.fixes, []);
    });

    it('keeps a space when the group is followed by a word', () => {
      // Shrunk: «сила (статичная)против сила + интеллект» became «силапротив сила + интеллект».
      const text = '«Сила (статичная)против Ловкость»';
      const fixed = apply(text, only(analyze(text), 'RM005').fixes[0]);
      assert.equal(fixed, '«Сила против Ловкость»');
      const glued = '«Сила(статичная)против Ловкость»';
      assert.equal(apply(glued, only(analyze(glued), 'RM005').fixes[0]), '«Сила против Ловкость»');
    });
  });

  describe('prose checks after an unpaired « (proseChecks.ts)', () => {
    it('are not reported in a paragraph where an earlier « is still open: the fix\'s » would close it', () => {
      // Shrunk: "«интеллект 0+\nинтеллект 0 против интеллект[Цифровые медиа] - ИНТЕЛЛЕКТ(сложность 0)(" —
      // the fix wrote «Интеллект (сложность 0)», whose » closed the « two lines up.
      const open = 'Она сказала: «Беги\nи бросок Ловкость + Атлетика (сложность 4) не поможет.\n';
      assert.equal(analyze(open).proseChecks.length, 0);
      const closed = 'Она сказала: «Беги»\nи бросок Ловкость + Атлетика (сложность 4) не поможет.\n';
      assert.equal(analyze(closed).proseChecks.length, 1);
      const nextParagraph = 'Она сказала: «Беги\n\nИ бросок Ловкость + Атлетика (сложность 4) не поможет.\n';
      assert.equal(analyze(nextParagraph).proseChecks.length, 1);
    });
  });

  describe('pools too large to compute (resolveCheck.ts, frontMatter.ts)', () => {
    it('a sheet value beyond ±1000 is an error on the sheet, not a pool of 10^38 dice', () => {
      // Found by timing: a sheet value of 392457592969601792432031070765790593635 made
      // analyzeDocument run for hours (a convolution per die).
      const text = '---\ncharacters:\n  Анна: { Сила: 392457592969601792432031070765790593635 }\n---\n«Анна: Сила + Атлетика»\n';
      const started = performance.now();
      const analysis = analyze(text);
      assert.ok(performance.now() - started < 10_000);
      assert.match(only(analysis, 'RM011').message, /must be from −1000 to 1000/);
    });

    it('a pool over 1000 dice gets RM006 and no odds', () => {
      const text = '---\nruleset: vampire-pack\n---\n«Сила 1000 + Атлетика 1000 + 1000 (сложность 2)»\n';
      const started = performance.now();
      const analysis = analyze(text);
      assert.ok(performance.now() - started < 10_000);
      const d = only(analysis, 'RM006');
      assert.equal(d.severity, 'warning');
      assert.match(d.message, /Pool of 2998: over 1000/); // vampire-pack: the difficulty is subtracted
      assert.equal(analysis.checks[0].odds, undefined);
      assert.equal(analysis.checks[0].spec, undefined);
      // 1000 dice still get odds.
      assert.ok(analyze('---\nruleset: vampire-pack\n---\n«Сила 1000 (сложность 2)»\n').checks[0].odds);
    });
  });

  describe('trait indexes (traitIndex.ts)', () => {
    it('are kept for a few dictionaries per ruleset, not one more for every dictionary ever seen', () => {
      // Found by the 100,000-run fuzz: its resident memory grew to 2.5 GB, an index per random dictionary.
      const ruleset = getBuiltinRuleset('storytelling');
      assert.ok(ruleset);
      const first = traitIndex(ruleset, ['Термин 0']);
      assert.equal(traitIndex(ruleset, ['Термин 0']), first, 'reused while recent');
      for (let i = 1; i <= 20; i++) traitIndex(ruleset, [`Термин ${i}`]);
      const recent = traitIndex(ruleset, ['Термин 20']);
      assert.equal(traitIndex(ruleset, ['Термин 20']), recent);
      assert.notEqual(traitIndex(ruleset, ['Термин 0']), first, 'the oldest was dropped');
      assert.ok(traitIndex(ruleset, ['Термин 0']).lookup('Термин 0'), 'and is rebuilt when needed');
    });
  });

  describe('ruleset files (rulesetLoader.ts)', () => {
    it('a mapping used as a key is an error, not a process warning on stderr', () => {
      const warnings: string[] = [];
      const listener = (w: Error) => warnings.push(w.message);
      process.on('warning', listener);
      try {
        const result = parseUserRuleset('id: x\nextends: storytelling\n{ a: 1 }: 2\n', 'x.yaml', (id) => getBuiltinRuleset(id));
        assert.equal(result.ruleset, undefined);
        assert.ok(result.errors.length > 0);
      } finally {
        process.off('warning', listener);
      }
      assert.deepEqual(warnings, []);
    });
  });
});

describe('hardening regressions: deep nesting and runs of «', () => {
  it('analyses a check inside block quotes nested 5,000 deep without overflowing the stack', () => {
    const text = '> '.repeat(5000) + '«Сила + Атлетика»';
    assert.deepEqual(
      analyze(text).checks.map((c) => [c.text, c.range.start]),
      [['«Сила + Атлетика»', 10000]],
    );
  });

  it('reports one unclosed « per line, not one per « inside it', () => {
    const text = '«Сила + Атлетика (сложность 2) и «Ловкость + Атлетика\n';
    assert.deepEqual(
      analyze(text).diagnostics.filter((d) => d.message.startsWith('Unclosed «')).map((d) => d.range),
      [{ start: 0, end: 1 }],
    );
  });
});

describe('hardening regressions: odds cache', () => {
  it('keeps odds apart for two rulesets that share an id (user rulesets in two workspaces)', () => {
    const base = getBuiltinRuleset('vampire-pack')!;
    const easier = structuredClone(base);
    if (easier.family !== 'pool-minus-difficulty') throw new Error('vampire-pack is pool minus difficulty');
    easier.params.target = 6;
    const spec = { side: plainSide(1) };
    const success = (report: ReturnType<typeof oddsFor>) => (report.pool === null ? undefined : report.outcomes?.success);
    // One die: 8+ succeeds with 0.3, 6+ with 0.5; the second must not get the first's cached odds.
    assert.ok(Math.abs(success(oddsFor(base, spec))! - 0.3) < 1e-12);
    assert.ok(Math.abs(success(oddsFor(easier, spec))! - 0.5) < 1e-12);
  });
});
