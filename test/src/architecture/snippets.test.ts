/**
 * The snippets Rollmark contributes for Markdown (snippets/rollmark.code-snippets): a scenario
 * starter per built-in ruleset, written as that ruleset reads it — its id in the front matter, a
 * character sheet of its own traits, a scene and a first check the character rolls, with no
 * diagnostic at all — and check snippets whose every shape the check grammar takes as a check in
 * every built-in ruleset (their trait names are placeholders the author overwrites).
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import { BUILTIN_RULESET_IDS } from '../../../server/out/engine/builtinRulesets';

const ROOT = path.resolve(__dirname, '../../..');

interface Snippet {
  prefix: string | string[];
  body: string | string[];
  description: string;
  isFileTemplate?: boolean;
}

const snippets = JSON.parse(readFileSync(path.join(ROOT, 'snippets/rollmark.code-snippets'), 'utf8')) as Record<string, Snippet>;

/**
 * The text a snippet inserts when every placeholder keeps its default: `${1:Адриан}` → «Адриан»,
 * `$1` → what placeholder 1 holds, `${1|a,b|}` → «a», `$0` → nothing (VS Code's snippet syntax).
 */
function expand(body: string | string[]): string {
  const text = Array.isArray(body) ? body.join('\n') : body;
  const defaults = new Map<string, string>();
  const withDefaults = text.replace(/\$\{(\d+):([^}]*)\}|\$\{(\d+)\|([^|]*)\|\}/g, (_all, n: string | undefined, value: string | undefined, m: string | undefined, choices: string | undefined) => {
    const chosen = value ?? (choices ?? '').split(',')[0];
    defaults.set(n ?? m ?? '', chosen);
    return chosen;
  });
  return withDefaults.replace(/\$(\d+)/g, (_all, n: string) => defaults.get(n) ?? '');
}

const analyze = (text: string) => analyzeDocument(text, { rulesets: builtinRulesets(), proseChecks: 'on' });

describe('the contributed snippets', () => {
  const starters = Object.entries(snippets).filter(([, s]) => s.isFileTemplate);
  const checks = Object.entries(snippets).filter(([, s]) => !s.isFileTemplate);

  it('has one scenario starter per built-in ruleset, each also offered to fill an empty file', () => {
    const named = starters.map(([, s]) => /^ruleset: (\S+)$/m.exec(expand(s.body))?.[1]);
    assert.deepEqual([...named].sort(), [...BUILTIN_RULESET_IDS].sort());
  });

  for (const [name, snippet] of starters) {
    it(`${name}: its ruleset, a sheet, a scene and a first check the character rolls, without a single diagnostic`, () => {
      const text = expand(snippet.body);
      const analysis = analyze(text);
      const id = /^ruleset: (\S+)$/m.exec(text)?.[1];
      assert.equal(analysis.ruleset.id, id);
      assert.equal(analysis.rulesetSource, 'front-matter');
      assert.deepEqual(analysis.diagnostics, []);
      const sheets = analysis.frontMatter?.characters ?? [];
      assert.equal(sheets.length, 1);
      assert.ok(analysis.headings.some((h) => h.title.startsWith('Сцена 1')), 'a scene');
      assert.equal(analysis.checks.length, 1);
      const [check] = analysis.checks;
      assert.equal(check.actor, sheets[0].name);
      assert.ok(check.spec, `${check.text} can be rolled`);
      assert.ok(check.odds, `${check.text} has odds`);
    });
  }

  for (const [name, snippet] of checks) {
    it(`${name}: a check in every built-in ruleset, written without a syntax error`, () => {
      const check = expand(snippet.body);
      assert.match(check, /^«.*»$/);
      for (const id of BUILTIN_RULESET_IDS) {
        const analysis = analyze(`---\nruleset: ${id}\ncharacters:\n  Персонаж: { Атрибут: 2, Навык: 1 }\n---\n\n${check}\n`);
        assert.deepEqual(analysis.checks.map((c) => c.text), [check], `${id}: read as a check`);
        assert.deepEqual(analysis.diagnostics.filter((d) => d.code === 'RM009').map((d) => d.message), [], `${id}: no syntax error`);
      }
    });
  }

  it('is contributed for Markdown, with the language configuration that closes «» and „“', () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { contributes: { snippets: unknown; languages: unknown } };
    assert.deepEqual(manifest.contributes.snippets, [{ language: 'markdown', path: './snippets/rollmark.code-snippets' }]);
    assert.deepEqual(manifest.contributes.languages, [{ id: 'markdown', configuration: './language-configuration.json' }]);
    const configuration = JSON.parse(readFileSync(path.join(ROOT, 'language-configuration.json'), 'utf8')) as { autoClosingPairs: { open: string; close: string }[]; surroundingPairs: string[][] };
    for (const [open, close] of [['«', '»'], ['„', '“']]) {
      assert.ok(configuration.autoClosingPairs.some((p) => p.open === open && p.close === close), `${open}${close} close themselves`);
      assert.ok(configuration.surroundingPairs.some(([o, c]) => o === open && c === close), `${open}${close} surround a selection`);
    }
  });

  it('indents the line after a character’s name in a sheet («  Мирон:»), and after nothing else of Markdown', () => {
    const configuration = JSON.parse(readFileSync(path.join(ROOT, 'language-configuration.json'), 'utf8')) as { onEnterRules: { beforeText: string; action: { indent: string } }[] };
    assert.equal(configuration.onEnterRules.length, 1);
    const [rule] = configuration.onEnterRules;
    assert.equal(rule.action.indent, 'indent');
    const indents = (line: string) => new RegExp(rule.beforeText, 'u').test(line);
    assert.deepEqual(
      ['  Мирон:', '  Катастрофа Бенедикт:  ', 'characters:', 'Вера:', '  - Пункт:', '    Сила: 3', '  Мирон: { Сила: 3 }', '  # Заметки:', '  > Цитата:'].map(indents),
      [true, true, false, false, false, false, false, false, false],
    );
  });
});
