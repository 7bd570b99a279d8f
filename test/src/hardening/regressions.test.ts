/**
 * One test per bug the hardening work found (fuzz.test.ts, hostileConfig.test.ts, large documents),
 * each on the shrunk counterexample or its plain equivalent. Workspace-file bugs are covered in
 * hostileConfig.test.ts.
 */
import * as assert from 'node:assert/strict';
import { analyzeDocument } from '../../../server/src/analysis/analyzeDocument';
import { builtinRulesets } from '../../../server/src/analysis/project/rulesetProvider';
import type { DocumentAnalysis, TextEdit } from '../../../server/src/analysis/types';
import { type WordedDiagnostic, wordedDiagnostic } from '../../../server/src/present/messages';
import { voice } from '../../../server/src/present/voice';
import { traitIndex } from '../../../server/src/analysis/resolve/traitIndex';
import { parseUserRuleset } from '../../../server/src/engine/rulesetLoader';
import { getBuiltinRuleset } from '../../../server/src/engine/builtinRulesets';
import { oddsFor } from '../../../server/src/analysis/document/blockAnalysis';
import { plainSide } from '../../../server/src/engine/checkSpec';
import { createIncrementalAnalyzer } from '../../../server/src/analysis/document/incrementalAnalysis';
import { exceedsParseLimits } from '../../../server/src/analysis/markdown/plainTextScan';
import { markedRange, parseMarkers } from '../markers';

type WordedAnalysis = Omit<DocumentAnalysis, 'diagnostics'> & { diagnostics: WordedDiagnostic[] };

/** The analysis with its diagnostics in English words. */
function analyze(text: string): WordedAnalysis {
  const analysis = analyzeDocument(text, { rulesets: builtinRulesets() });
  return { ...analysis, diagnostics: analysis.diagnostics.map((d) => wordedDiagnostic(d, voice('en'))) };
}

function apply(text: string, fix: { edits: readonly TextEdit[] }): string {
  const edits = [...fix.edits].sort((a, b) => b.range.start - a.range.start);
  let out = text;
  for (const e of edits) out = out.slice(0, e.range.start) + e.newText + out.slice(e.range.end);
  return out;
}

function only(analysis: WordedAnalysis, code: string, message?: RegExp): WordedDiagnostic {
  const found = analysis.diagnostics.filter((d) => d.code === code && (!message || message.test(d.message)));
  assert.equal(found.length, 1, `${code}: ${analysis.diagnostics.map((d) => `${d.code} ${d.message}`).join(' | ')}`);
  return found[0];
}

function errors(analysis: WordedAnalysis): string[] {
  return analysis.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.message}`);
}

describe('hardening regressions', () => {
  describe('front matter with CRLF or CR line ends (frontMatter.ts, blocks.ts)', () => {
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

    it('with CR line ends (no LF) is read as with LF: the ruleset and the sheets are the front matter\'s', () => {
      // Found by the fuzz's LF/CR agreement, which skipped documents with a front matter until the fix:
      // "---\rruleset: vampire-pack\r---\r…" ran under the default ruleset. The front matter's content
      // was looked for between LFs, and the yaml package breaks lines at LF only.
      const lines = ['---', 'ruleset: ⟦vampire-pack⟧', 'characters:', '  Анна: { Сила: 3 }', '---', '«Анна: Сила + Атлетика 2 (сложность 2)»', '«Анна: Ловкость + Атлетика»', ''];
      const { text, range } = markedRange(lines.join('\r'));
      const analysis = analyze(text);
      assert.equal(analysis.ruleset.id, 'vampire-pack');
      assert.equal(analysis.rulesetSource, 'front-matter');
      assert.deepEqual(analysis.frontMatter?.rulesetId, { value: 'vampire-pack', range });
      assert.deepEqual(
        analysis.frontMatter?.characters.map((c) => [c.name, [...c.traits].map(([trait, { value }]) => [trait, value])]),
        [['Анна', [['Сила', 3]]]],
      );
      assert.deepEqual(analysis.checks[0].sides[0].terms.map((t) => [t.value, t.valueSource]), [
        [3, 'sheet'],
        [2, 'inline'],
      ]);
      assert.deepEqual(
        analysis.diagnostics.map((d) => [d.code, d.severity, text.slice(d.range.start, d.range.end), d.message]),
        [
          ['RM008', 'info', 'Ловкость', '"Анна"\'s sheet has no "Ловкость": odds are shown per pool size'],
          ['RM004', 'info', 'Ловкость + Атлетика', 'No difficulty given: it counts as 0 and removes no dice'],
          ['RM008', 'info', 'Атлетика', '"Анна"\'s sheet has no "Атлетика": odds are shown per pool size'],
        ],
      );
      // A CR and an LF are one character each: the LF document gives the same offsets.
      const lf = analyze(text.replaceAll('\r', '\n'));
      assert.deepEqual(
        analysis.diagnostics.map((d) => [d.code, d.range]),
        lf.diagnostics.map((d) => [d.code, d.range]),
      );
    });

    it('a YAML error with CR line ends underlines its own line', () => {
      const text = '---\rruleset: vampire-pack\ra: [1, 2\r---\r';
      const analysis = analyze(text);
      assert.deepEqual(
        analysis.diagnostics.map((d) => [d.code, text.slice(d.range.start, d.range.end)]),
        [['RM011', 'a: [1, 2']],
      );
      assert.equal(analysis.rulesetSource, 'default');
    });

    it('a YAML error underlines its line without the CR', () => {
      const text = '---\r\na: [1, 2\r\n---\r\n';
      const d = analyze(text).diagnostics[0];
      assert.equal(text.slice(d.range.start, d.range.end), 'a: [1, 2');
    });
  });

  describe('RM002 «Spend it instead of rolling» (resolveCheck.ts reportNeverRolled)', () => {
    it('on a pool whose group spends Willpower already, it only takes the trait out: «Интеллект 2 (Воля)», not «(Воля, Воля)»', () => {
      // Found by `FUZZ_RUNS=20000 FUZZ_SEED=-554562422 npm run fuzz`: the fix added a second «Воля»
      // to the group, and the fixed check was an error (RM009 «the parameter is given twice»).
      const text = '---\nruleset: storytelling\n---\n«Интеллект 2 + Сила воли 2 (Воля)»\n';
      const before = analyze(text);
      const d = only(before, 'RM002');
      assert.deepEqual(d.fixes.map((f) => [f.title, f.edits.map((e) => [text.slice(e.range.start, e.range.end), e.newText])]), [['Spend it instead of rolling: (Воля)', [[' + Сила воли 2', '']]]]);
      const fixed = apply(text, d.fixes[0]);
      assert.equal(fixed, '---\nruleset: storytelling\n---\n«Интеллект 2 (Воля)»\n');
      const after = analyze(fixed);
      assert.deepEqual(after.diagnostics, []);
      assert.deepEqual(after.checks[0].spec?.side, plainSide(2, { willpower: true }));
    });

    it('on a pool without it, the parameter joins the group', () => {
      const text = '---\nruleset: storytelling\n---\n«Интеллект 2 + Воля 2 (снова-9)»\n';
      const fixed = apply(text, only(analyze(text), 'RM002').fixes[0]);
      assert.equal(fixed, '---\nruleset: storytelling\n---\n«Интеллект 2 (снова-9, Воля)»\n');
      assert.deepEqual(analyze(fixed).diagnostics, []);
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

    it('after an emphasis marker, writes « )» so that the marker cannot open an emphasis over the check\'s »', () => {
      // Fuzz seed -379703687: «сила (Преимуществопротив интеллект+* («0» … \n…*курсив* — the fix's
      // «+*)» let «*» open an emphasis closed on the next line, which split the check: unclosed «.
      const text = '«Сила (сложность 2+* («0» бросок\n*курсив*';
      const before = analyze(text);
      const fix = before.diagnostics.find((d) => d.code === 'RM009' && d.range.start === text.indexOf('('))?.fixes[0];
      assert.ok(fix);
      const fixed = apply(text, fix);
      assert.equal(fixed, '«Сила (сложность 2+* ) («0» бросок\n*курсив*');
      // The same errors but the one fixed, the first.
      assert.deepEqual(errors(analyze(fixed)), errors(before).slice(1));
      for (const marker of ['_', '~']) {
        const other = text.replace('+*', `+${marker}`).replace('*курсив*', `${marker}курсив${marker}`);
        const otherFix = analyze(other).diagnostics.find((d) => d.code === 'RM009' && d.range.start === other.indexOf('('))?.fixes[0];
        assert.ok(otherFix);
        assert.equal(apply(other, otherFix), `«Сила (сложность 2+${marker} ) («0» бросок\n${marker}курсив${marker}`);
      }
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

    it('after a specialty, adds a space so that the group left does not become a Markdown link', () => {
      // Fuzz seed 2049338458: «сила  0 против сила [Цифровые медиа](Преимущество, сложность 0)» —
      // removing «сложность 0» left «[Цифровые медиа](Преимущество)», a link (its address has no space).
      const text = '«Сила 3 [Ножи](статичная, сложность 2)»';
      const [first, second] = analyze(text).diagnostics.filter((d) => d.code === 'RM005');
      const fixed = [apply(text, first.fixes[0]), apply(text, second.fixes[0])];
      assert.deepEqual(fixed, ['«Сила 3 [Ножи] (сложность 2)»', '«Сила 3 [Ножи] (статичная)»']);
      for (const after of fixed.map((t) => analyze(t))) {
        assert.equal(after.checks.length, 1);
        assert.deepEqual(errors(after), []);
      }
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
      assert.match(only(analysis, 'RM011').message, /must be from −1,000 to 1,000/);
    });

    it('a pool over 1000 dice gets RM006 and no odds', () => {
      const text = '---\nruleset: vampire-pack\n---\n«Сила 1000 + Атлетика 1000 + 1000 (сложность 2)»\n';
      const started = performance.now();
      const analysis = analyze(text);
      assert.ok(performance.now() - started < 10_000);
      const d = only(analysis, 'RM006');
      assert.equal(d.severity, 'warning');
      assert.match(d.message, /Pool of 2,998: over 1,000/); // vampire-pack: the difficulty is subtracted
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
    const { text, range } = markedRange('⟦«⟧Сила + Атлетика (сложность 2) и «Ловкость + Атлетика\n');
    assert.deepEqual(
      analyze(text).diagnostics.filter((d) => d.message.startsWith('Unclosed «')).map((d) => d.range),
      [range],
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

/** The analysis as plain data, to compare two analyses of one text (the ruleset by id, sheets' maps as entries). */
function snapshot(analysis: DocumentAnalysis): unknown {
  return JSON.parse(JSON.stringify(analysis, (key, value: unknown) => (key === 'ruleset' && typeof value === 'object' && value !== null && 'id' in value ? value.id : value instanceof Map ? [...value] : value)));
}

/** Every «…» of a text: where the plain-text reading must find a check, when every one is a check. */
function guillemets(text: string): number[] {
  return [...text.matchAll(/«/g)].map((m) => m.index);
}

function lines(count: number, line: (i: number) => string): string {
  return Array.from({ length: count }, (_, i) => line(i)).join('\n');
}

describe('hardening regressions: analysis limits (plainTextScan.ts PARSE_LIMITS)', () => {
  // Each input took seconds to analyse before the limits (the times in the names, README "Limits");
  // past a limit a block is read as plain text in linear time, and finds the same checks here.

  it("'[a](' 40,000 times (160 KB, 5–8 s to parse): the check after it is found", () => {
    const text = `${'[a]('.repeat(40_000)} «Сила + Атлетика»`;
    const analysis = analyze(text);
    assert.deepEqual(
      analysis.checks.map((c) => [c.text, c.range.start]),
      [['«Сила + Атлетика»', 160_001]],
    );
    assert.deepEqual(analysis.diagnostics, []);
  });

  it('800 nested list levels (640 KB, 10–15 s): the check on every level', () => {
    const text = lines(800, (i) => `${'  '.repeat(i)}- «Сила + Атлетика»`);
    const analysis = analyze(text);
    assert.equal(analysis.checks.length, 800);
    assert.deepEqual(
      analysis.checks.map((c) => c.range.start),
      guillemets(text),
    );
    assert.deepEqual(analysis.diagnostics, []);
  });

  it('a paragraph of 50,000 lines with e-mail addresses (GFM autolinks: 12–18 s): its checks, at their places', () => {
    const text = lines(50_000, (i) => (i % 10_000 === 0 ? `Строка ${i}: «Сила + Атлетика» и почта a@b.ru` : `Строка ${i}, почта a@b.ru`));
    const analysis = analyze(text);
    assert.deepEqual(
      analysis.checks.map((c) => c.range.start),
      [10, 258_924, 528_944, 798_964, 1_068_984],
    );
    assert.deepEqual(analysis.checks.map((c) => c.range.start), guillemets(text));
    assert.deepEqual(analysis.diagnostics, []);
  });

  it("'a <!--' 10,000 times (60 KB, under the size bound; 5 s): HTML comments that never end", () => {
    const text = `${'a <!--'.repeat(10_000)} «Сила + Атлетика»`;
    assert.ok(text.length < 65_536);
    const analysis = analyze(text);
    assert.deepEqual(
      analysis.checks.map((c) => [c.text, c.range.start]),
      [['«Сила + Атлетика»', 60_001]],
    );
    assert.deepEqual(analysis.diagnostics, []);
  });

  it("'*a' 30,000 times (60 KB; 7 s): emphasis that never closes", () => {
    const text = `${'*a'.repeat(30_000)} «Ловкость + Атлетикаа»`;
    const analysis = analyze(text);
    assert.deepEqual(
      analysis.checks.map((c) => [c.text, c.range.start]),
      [['«Ловкость + Атлетикаа»', 60_001]],
    );
    assert.deepEqual(
      analysis.diagnostics.map((d) => [d.code, text.slice(d.range.start, d.range.end)]),
      [['RM001', 'Атлетикаа']],
    );
  });

  /**
   * One block of `count` lines (no blank line): a heading, code, a comment, HTML, filler, a
   * heading, a check; marked: the two headings, the check in an HTML attribute and the last check.
   */
  function mixedBlock(count: number): string {
    const head = ['⟦# Пролог⟧', 'Текст `код «Сила + Атлетика»` и <!-- «Ловкость + Атлетика» --> и <b title="⟦«Сила + Драка»⟧">.', '```', '«Сила + Скрытность» в коде', '```'];
    return [...head, ...Array<string>(count - head.length - 2).fill('строка'), '⟦## Сцена 2 ##⟧', '⟦«Ловкость + Скрытность»⟧'].join('\n');
  }

  it('a block of 1,001 lines is read as plain text: code spans, fences, comments skipped, ATX headings kept, HTML is prose', () => {
    const markdown = parseMarkers(mixedBlock(1000));
    const plain = parseMarkers(mixedBlock(1001));
    assert.equal(exceedsParseLimits(markdown.text), false);
    assert.equal(exceedsParseLimits(plain.text), true);
    const parsed = analyze(markdown.text);
    {
      const [prologue, , scene, last] = markdown.ranges;
      // The check in the HTML attribute is no check to Markdown.
      assert.deepEqual(
        parsed.checks.map((c) => [c.text, c.range, c.scene?.title]),
        [['«Ловкость + Скрытность»', last, 'Сцена 2']],
      );
      assert.deepEqual(
        parsed.headings.map((h) => [h.title, h.range, h.depth]),
        [
          ['Пролог', prologue, 1],
          ['Сцена 2', scene, 2],
        ],
      );
    }
    const read = analyze(plain.text);
    {
      const [prologue, attribute, scene, last] = plain.ranges;
      assert.deepEqual(
        read.checks.map((c) => [c.text, c.range, c.scene?.title]),
        [
          ['«Сила + Драка»', attribute, 'Пролог'],
          ['«Ловкость + Скрытность»', last, 'Сцена 2'],
        ],
      );
      assert.deepEqual(
        read.headings.map((h) => [h.title, h.range, h.depth]),
        [
          ['Пролог', prologue, 1],
          ['Сцена 2', scene, 2],
        ],
      );
    }
    assert.deepEqual(read.diagnostics, []);
  });

  it('a block read as plain text that starts as raw HTML or indented code has no checks there, as Markdown has none', () => {
    const check = '«Сила + Атлетика (сложность 2)»';
    const filler = (prefix: string) => `${prefix}строка\n`.repeat(1000);
    const tail = `Текст ${check}\n    ${check}`;
    /** Where the checks of the tail start (at their «), in `text`. */
    const tailChecks = (text: string) => {
      const at = text.lastIndexOf(tail);
      return [at + 'Текст '.length, at + `Текст ${check}\n    `.length];
    };
    const cases: [string, string, (text: string) => number[]][] = [
      // Kind 6 and 7 HTML blocks end at the blank line: all of the block.
      ['<div class="стат">', `<div class="стат">\n${filler('')}${check}\n</div>\n${tail}`, () => []],
      ['a tag alone', `<span>\n${filler('')}${check}\n${tail}`, () => []],
      ['a kind 6 tag name ending its line', `<table\n${filler('')}${check}\n${tail}`, () => []],
      // Kind 1 ends with the line of its closing tag (all of it): the lines after it are read.
      ['<pre>', `<pre>\n${filler('')}${check}\n</pre> ${check}\n${tail}`, tailChecks],
      // Indented code ends at the first line that is not indented; an indented line after a
      // paragraph's line goes on with the paragraph.
      ['indented code', `${filler('    ')}    ${check}\n${tail}`, tailChecks],
      // Inline HTML at the start of a paragraph is prose, as it is to Markdown.
      ['<b> in a paragraph', `<b>Жирный</b> ${check}\n${filler('')}`, () => ['<b>Жирный</b> '.length]],
    ];
    for (const [name, text, expected] of cases) {
      assert.equal(exceedsParseLimits(text), true, name);
      assert.deepEqual(
        analyze(text).checks.map((c) => c.range.start),
        expected(text),
        name,
      );
    }
  });

  it('an edit that takes a block across a limit and back gives what a fresh analysis gives', () => {
    const analyzer = createIncrementalAnalyzer();
    const options = { rulesets: builtinRulesets() };
    const before = `Начало «Сила + Атлетика».\n\n${parseMarkers(mixedBlock(1000)).text}\n\nКонец «Ловкость + Атлетика».\n`;
    const across = before.replace('строка\n', 'строка\nещё строка\n');
    for (const text of [before, across, before]) assert.deepStrictEqual(snapshot(analyzer.analyze(text, options)), snapshot(analyzeDocument(text, options)));
    assert.deepEqual(
      analyzer.analyze(across, options).checks.map((c) => c.text),
      ['«Сила + Атлетика»', '«Сила + Драка»', '«Ловкость + Скрытность»', '«Ловкость + Атлетика»'],
    );
  });
});
