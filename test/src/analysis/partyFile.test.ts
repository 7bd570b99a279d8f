/**
 * `.rollmark/party.yaml` (analysis/project/partyFile.ts): its parties, its refusals of hostile or
 * wrong input as diagnostics on the file, the active party's choice, and its characters merged
 * with a document's front matter (the front matter's values win, its characters are added).
 */
import * as assert from 'node:assert/strict';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { chooseParty, MAX_PARTIES, MAX_PARTY_CHARACTERS, parsePartyFile } from '../../../server/out/analysis/project/partyFile';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import { loadWorkspaceConfig, type FileRead, type WorkspaceFs } from '../../../server/out/analysis/project/workspaceConfig';
import { traitIndex } from '../../../server/out/analysis/resolve/traitIndex';
import { sheetsOf } from '../../../server/out/analysis/types';
import { scenarioParty } from '../../../server/out/analysis/paths/parties';
import { DEFAULT_SETTINGS } from '../../../server/out/protocol';
import { normalizeSettings } from '../../../server/out/validate';
import { analysisOptions } from '../../../server/out/workspace/workspaceScenarios';

const rulesets = builtinRulesets();
const indexOf = (id: string) => {
  const ruleset = rulesets.get(id);
  return ruleset ? traitIndex(ruleset, []) : undefined;
};
const ids = (text: string) => parsePartyFile(text, indexOf).diagnostics.map((d) => [d.message.id, text.slice(d.range.start, d.range.end)]);

const FILE = ['ruleset: threads-of-fate', 'default: Группа Ани', 'parties:', '  Прегены:', '    Мирон: { Скрытность: 4, Доблесть: 2 }', '    Вера: { Меткость: 5 }', '  Группа Ани:', '    Аня: { Скрытность: 9 }', '    Борис: { Доблесть: 8 }', ''].join('\n');

describe('the party file', () => {
  it('reads named parties, their sheets as written, the default and the ruleset', () => {
    const file = parsePartyFile(FILE, indexOf);
    assert.deepEqual(file.diagnostics, []);
    assert.deepEqual(
      file.parties.map((p) => [p.name, p.characters.map((c) => [c.name, c.traits.map((t) => [t.name, t.value])])]),
      [
        ['Прегены', [['Мирон', [['Скрытность', 4], ['Доблесть', 2]]], ['Вера', [['Меткость', 5]]]]],
        ['Группа Ани', [['Аня', [['Скрытность', 9]]], ['Борис', [['Доблесть', 8]]]]],
      ],
    );
    assert.equal(file.default, 'Группа Ани');
    assert.equal(file.ruleset?.value, 'threads-of-fate');
  });

  it('chooses the party named (any case), else the default, else the first; an unknown name is said so', () => {
    const file = parsePartyFile(FILE, indexOf);
    assert.equal((chooseParty(file, 'прегены') as { name: string }).name, 'Прегены');
    assert.equal((chooseParty(file, undefined) as { name: string }).name, 'Группа Ани');
    assert.equal(chooseParty(file, 'Гости'), 'unknown');
    assert.equal(chooseParty(undefined, undefined), undefined);
    assert.equal(chooseParty(undefined, 'Прегены'), 'unknown');
    const noDefault = parsePartyFile(FILE.replace('default: Группа Ани\n', ''), indexOf);
    assert.equal((chooseParty(noDefault, undefined) as { name: string }).name, 'Прегены');
  });

  it('checks the sheets against the ruleset it names: unknown traits, values not whole, out of range', () => {
    const text = ['ruleset: threads-of-fate', 'parties:', '  Прегены:', '    Мирон: { Скрытнсть: 4, Доблесть: 2.5, Меткость: 100000 }', ''].join('\n');
    const codes = parsePartyFile(text, indexOf).diagnostics.map((d) => [d.code, d.message.id, text.slice(d.range.start, d.range.end)]);
    assert.deepEqual(codes.find((c) => c[2] === '2.5'), ['RM011', 'partyValueNotInteger', '2.5']);
    assert.deepEqual(codes.find((c) => c[2] === '100000'), ['RM011', 'partyValueOutOfRange', '100000']);
    assert.deepEqual(codes.find((c) => c[2] === 'Скрытнсть')?.[0], 'RM001');
    // Without a ruleset only the values are checked.
    assert.deepEqual(ids(text.replace('ruleset: threads-of-fate\n', '')), [
      ['partyValueNotInteger', '2.5'],
      ['partyValueOutOfRange', '100000'],
    ]);
  });

  it('refuses hostile and wrong input with a diagnostic on the file, never a throw', () => {
    assert.deepEqual(ids('- a\n- b\n'), [['partyFileShape', '- a']]);
    assert.deepEqual(ids('characters: {}\n'), [
      ['partyFileShape', 'characters'],
      ['partyFileShape', 'characters: {}'],
    ]);
    assert.deepEqual(ids('parties:\n  Прегены: 3\n'), [['partyNotMapping', 'Прегены']]);
    assert.deepEqual(ids('parties:\n  Прегены:\n    Мирон: 3\n'), [['partySheetNotMapping', 'Мирон']]);
    assert.deepEqual(ids('default: Гости\nparties:\n  Прегены: {}\n'), [['partyUnknownDefault', 'Гости']]);
    assert.deepEqual(parsePartyFile('parties: [\n').diagnostics.map((d) => [d.code, d.message.id]), [['RM011', 'yaml']]);
    assert.equal(parsePartyFile(`${'['.repeat(10_000)}`).diagnostics[0].message.id, 'yaml');
    assert.equal(parsePartyFile(`parties: "${'x'.repeat(1_000_001)}"`).diagnostics[0].message.id, 'partyFileTooLarge');
    // An alias bomb: nodes are walked, never expanded.
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 9 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}]`), 'parties:', '  Прегены:', '    Мирон: *j', ''].join('\n');
    const started = Date.now();
    const parsed = parsePartyFile(bomb);
    assert.ok(Date.now() - started < 1000);
    assert.deepEqual(parsed.parties.map((p) => [p.name, p.characters.length]), [['Прегены', 1]]);
    const many = `parties:\n${Array.from({ length: MAX_PARTIES + 5 }, (_, i) => `  П${i}: {}`).join('\n')}\n`;
    const capped = parsePartyFile(many);
    assert.equal(capped.parties.length, MAX_PARTIES);
    assert.deepEqual(capped.diagnostics.map((d) => d.message), [{ id: 'partyTooMany', max: MAX_PARTIES, what: 'parties' }]);
    const crowd = parsePartyFile(`parties:\n  П:\n${Array.from({ length: MAX_PARTY_CHARACTERS + 1 }, (_, i) => `    Х${i}: {}`).join('\n')}\n`);
    assert.equal(crowd.parties[0].characters.length, MAX_PARTY_CHARACTERS);
    assert.deepEqual(crowd.diagnostics.map((d) => [d.message, crowd.parties.length]), [[{ id: 'partyTooMany', max: MAX_PARTY_CHARACTERS, what: 'characters' }, 1]]);
  });

  it('is read from .rollmark/party.yaml with the project, its problems on the file', async () => {
    const files = new Map<string, string>([['.rollmark/party.yaml', 'ruleset: nope\nparties:\n  Прегены: { Мирон: { Сила: 3 } }\n']]);
    const fs: WorkspaceFs = {
      readFile: (p: string): Promise<FileRead> => Promise.resolve(files.has(p) ? { kind: 'text', text: files.get(p) ?? '' } : { kind: 'missing' }),
      listFiles: () => Promise.resolve({ kind: 'missing' }),
    };
    const config = await loadWorkspaceConfig(fs);
    assert.deepEqual(config.parties?.parties.map((p) => p.name), ['Прегены']);
    assert.deepEqual(config.fileDiagnostics.get('.rollmark/party.yaml')?.map((d) => d.message.id), ['unknownRuleset']);
  });
});

describe('the active party in a document', () => {
  const party = parsePartyFile(FILE, indexOf).parties[0];
  const doc = (frontMatter: string[]) => ['---', 'ruleset: threads-of-fate', ...frontMatter, '---', '', '# Сцена', '', '«Скрытность (сложность 15)»', ''].join('\n');

  it('rolls a check without an actor by the party’s best, as if the sheets were in the front matter', () => {
    const analysis = analyzeDocument(doc([]), { rulesets, party });
    assert.deepEqual(analysis.party?.name, 'Прегены');
    const members = analysis.checks[0].party?.members.map((m) => [m.character, m.success]);
    // d20 + 4 ≥ 15: faces 11–20.
    assert.deepEqual(members, [['Мирон', 10 / 20]]);
    assert.deepEqual(analysis.diagnostics.map((d) => d.code), []);
  });

  it('a front-matter character of the same name overrides the party’s value and keeps the rest; a new one is added', () => {
    const analysis = analyzeDocument(doc(['characters:', '  Мирон: { Скрытность: 6 }', '  Гость: { Скрытность: 8 }']), { rulesets, party });
    assert.deepEqual(
      sheetsOf(analysis).map((s) => [s.name, [...s.traits].map(([t, v]) => [t, v.value])]),
      [
        ['Мирон', [['Скрытность', 6], ['Доблесть', 2]]],
        ['Вера', [['Меткость', 5]]],
        ['Гость', [['Скрытность', 8]]],
      ],
    );
    // Гость: faces 7–20; Мирон: 9–20.
    assert.deepEqual(analysis.checks[0].party?.members.map((m) => [m.character, m.success]), [
      ['Гость', 14 / 20],
      ['Мирон', 12 / 20],
    ]);
    // The front matter alone still knows only its own characters.
    assert.deepEqual(analysis.frontMatter?.characters.map((c) => c.name), ['Мирон', 'Гость']);
  });

  it('another party is another context: the same text, other chances', () => {
    const other = parsePartyFile(FILE, indexOf).parties[1];
    const text = doc([]);
    const chance = scenarioParty().chance;
    assert.equal(chance(analyzeDocument(text, { rulesets, party }).checks[0]), 10 / 20);
    // Аня rolls it (Борис has no Скрытность): d20 + 9 ≥ 15, faces 6–20.
    assert.equal(chance(analyzeDocument(text, { rulesets, party: other }).checks[0]), 15 / 20);
  });
});

describe('the setting rollmark.party', () => {
  const parties = parsePartyFile(FILE, indexOf);
  const project = { config: { rulesets, dictionary: [], fileDiagnostics: new Map(), fileTexts: new Map(), folderProblems: [], parties }, userRulesetsLoaded: true };
  const chosen = (party: string) => analysisOptions({ ...DEFAULT_SETTINGS, party }, project).party?.name;

  it('names the folder’s party; empty or unknown: the file’s default', () => {
    assert.deepEqual([chosen('Прегены'), chosen(''), chosen('Гости')], ['Прегены', 'Группа Ани', 'Группа Ани']);
    assert.equal(normalizeSettings({ party: 'Прегены' }).party, 'Прегены');
    assert.equal(normalizeSettings({ party: 3 }).party, '');
  });
});
