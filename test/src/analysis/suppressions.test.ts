/**
 * Suppression comments (docs/markup.md, "Отключение проверок"): which diagnostics `analyzeDocument`
 * drops for `rollmark-disable-next-line`, `rollmark-disable` … `rollmark-enable`, RM017 for a
 * misspelt comment, and where the "ignore here" fix puts its comment.
 */
import * as assert from 'node:assert/strict';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { createIncrementalAnalyzer } from '../../../server/out/analysis/document/incrementalAnalysis';
import { ignoreHereEdit } from '../../../server/out/analysis/document/suppressionEdit';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import type { AnalysisDiagnostic } from '../../../server/out/analysis/types';
import { applyEdits, joinLines } from './util';

const HEAD = ['---', 'ruleset: vampire-pack', '---'];
/** RM001 (unknown «Атлетко») and RM004 (no difficulty) on its line. */
const BAD = '«Сила 3 + Атлетко 2»';

function analyze(text: string) {
  return analyzeDocument(text, { rulesets: builtinRulesets() });
}

/** Each diagnostic as "line code", lines from 1. */
function found(text: string): string[] {
  return analyze(text).diagnostics.map((d) => `${text.slice(0, d.range.start).split('\n').length} ${d.code}`);
}

describe('analysis: suppression comments', () => {
  it('without comments, the bad check raises RM004 and RM001', () => {
    assert.deepEqual(found(joinLines(...HEAD, BAD)), ['4 RM004', '4 RM001']);
  });

  it('disable-next-line silences the named code on the next line only; without codes, every code', () => {
    const text = joinLines(...HEAD, '<!-- rollmark-disable-next-line RM001 -->', BAD, BAD, 'Текст <!-- rollmark-disable-next-line -->', BAD, BAD);
    assert.deepEqual(found(text), ['5 RM004', '6 RM004', '6 RM001', '9 RM004', '9 RM001']);
  });

  it('several codes, commas, lower case and a reason after --', () => {
    const text = joinLines(...HEAD, '<!-- rollmark-disable-next-line rm001, RM004 -- так в оригинале -->', BAD);
    assert.deepEqual(found(text), []);
  });

  it('disable … enable: a stretch, by code or all; enable of one code inside a disable of all', () => {
    const text = joinLines(
      ...HEAD,
      '<!-- rollmark-disable RM001 -->',
      BAD,
      '<!-- rollmark-enable -->',
      BAD,
      '<!-- rollmark-disable -->',
      BAD,
      '<!-- rollmark-enable RM004 -->',
      BAD,
      '<!-- rollmark-enable -->',
    );
    assert.deepEqual(found(text), ['5 RM004', '7 RM004', '7 RM001', '11 RM004']);
  });

  it('a disable without enable lasts to the end of the document', () => {
    assert.deepEqual(found(joinLines(...HEAD, BAD, '<!-- rollmark-disable -->', BAD, '', BAD)), ['4 RM004', '4 RM001']);
  });

  it('comments in fenced code or inline code do not count', () => {
    const text = joinLines(...HEAD, '```', '<!-- rollmark-disable -->', '```', BAD, 'Пишите `<!-- rollmark-disable -->` так.', BAD);
    assert.deepEqual(found(text), ['7 RM004', '7 RM001', '9 RM004', '9 RM001']);
  });

  it('RM017 for an unknown directive or code, at the word, with the message; the comment then disables nothing of it', () => {
    const text = joinLines(...HEAD, '<!-- rollmark-disabel RM001 -->', BAD, '<!-- rollmark-disable-next-line RM099 RM001 -->', BAD);
    const diagnostics = analyze(text).diagnostics;
    const rm017 = diagnostics.filter((d) => d.code === 'RM017');
    assert.deepEqual(
      rm017.map((d) => [text.slice(d.range.start, d.range.end), d.severity, d.message]),
      [
        ['rollmark-disabel', 'warning', { id: 'suppressionUnknownDirective', written: 'rollmark-disabel' }],
        ['RM099', 'warning', { id: 'suppressionUnknownCode', written: 'RM099' }],
      ],
    );
    assert.deepEqual(found(text), ['4 RM017', '5 RM004', '5 RM001', '6 RM017', '7 RM004']);
  });

  it('the same after an edit as at once (the incremental analysis applies it too)', () => {
    const before = joinLines(...HEAD, BAD, BAD);
    const after = joinLines(...HEAD, '<!-- rollmark-disable-next-line -->', BAD, BAD);
    const analyzer = createIncrementalAnalyzer();
    analyzer.analyze(before, { rulesets: builtinRulesets() });
    const edited = analyzer.analyze(after, { rulesets: builtinRulesets() });
    assert.deepEqual(
      edited.diagnostics.map((d) => d.code),
      ['RM004', 'RM001'],
    );
  });
});

describe('analysis: the "ignore here" fix', () => {
  const bodyStart = (text: string) => analyze(text).frontMatter?.range.end ?? 0;
  function ignored(text: string, code = 'RM001'): string | undefined {
    const d = analyze(text).diagnostics.find((x) => x.code === code) as AnalysisDiagnostic;
    const edit = ignoreHereEdit(text, bodyStart(text), d);
    return edit && applyEdits(text, [edit]);
  }

  it('after a blank line: a comment line with the line\'s indentation and quote markers, and the code silenced', () => {
    const text = joinLines(...HEAD, '', `> ${BAD}`);
    const fixed = ignored(text);
    assert.equal(fixed, joinLines(...HEAD, '', '> <!-- rollmark-disable-next-line RM001 -->', `> ${BAD}`));
    assert.deepEqual(found(fixed!), ['6 RM004']);
  });

  it('inside running text and a list: at the end of the line before, keeping a hard break', () => {
    assert.equal(ignored(joinLines(...HEAD, '- Первый пункт  ', `- ${BAD}`)), joinLines(...HEAD, '- Первый пункт <!-- rollmark-disable-next-line RM001 -->  ', `- ${BAD}`));
    const fixed = ignored(joinLines(...HEAD, 'Начало абзаца', BAD))!;
    assert.equal(fixed, joinLines(...HEAD, 'Начало абзаца <!-- rollmark-disable-next-line RM001 -->', BAD));
    assert.deepEqual(found(fixed), ['5 RM004']);
  });

  it('after a heading: a line of its own; CRLF kept', () => {
    const text = [...HEAD, '## Сцена', BAD].join('\r\n');
    assert.equal(ignored(text), [...HEAD, '## Сцена', '<!-- rollmark-disable-next-line RM001 -->', BAD].join('\r\n'));
  });

  it('adds the code to the comment already there; none when it already covers it', () => {
    const text = joinLines(...HEAD, '<!-- rollmark-disable-next-line RM004 -->', BAD);
    assert.equal(ignored(text), joinLines(...HEAD, '<!-- rollmark-disable-next-line RM004 RM001 -->', BAD));
  });

  it('none in a table or for RM017', () => {
    assert.equal(ignored(joinLines(...HEAD, '| сцена | проверка |', '|---|---|', `| 1 | ${BAD} |`)), undefined);
    assert.equal(ignored(joinLines(...HEAD, '<!-- rollmark-nope -->'), 'RM017'), undefined);
  });
});
