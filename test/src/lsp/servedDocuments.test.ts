/**
 * The server decides which documents it analyses (`rollmark.markdown.enable`, `*.scenario.md`),
 * reads front matter one way, writes a document's ruleset, lists the rulesets and announces
 * rolls only when asked to: what every editor gets, VS Code or not.
 */
import * as assert from 'node:assert/strict';
import { type TextDocumentEdit } from 'vscode-languageserver/node';
import type { DocumentInfo, RollCheckResult, RulesetsResult, SetDocumentRulesetResult } from '../../../server/out/protocol';
import { applyEdits, at, docUri, joinLines, LspTestClient, withRanges } from './harness';

const {
  text: CHECK_LINE,
  ranges: [CHECK],
} = withRanges('Через забор: ⟦«Сила 3 + Атлетика 3 (сложность 2)»⟧.');
const {
  text: README,
  ranges: [IN_README_CHECK],
} = withRanges(joinLines('# Rollmark', '', 'Цитата: «Си⟦⟧ла + Атлетика (сложность 2)», «Прыгучесть + Атлетика».'));

/** A plain client: no `workspace/configuration`, no settings, nothing registered. */
const PLAIN = { capabilities: {}, initializationOptions: { settings: { markdown: { enable: 'withRuleset' } } } };

describe('which documents the server analyses', () => {
  let client: LspTestClient;
  afterEach(async () => client.stop());

  const info = (uri: string) => client.request<DocumentInfo | null>('rollmark/documentInfo', { textDocument: { uri } });
  const published = (uri: string) => client.diagnostics.filter((p) => p.uri === uri);

  it('a plain client with no settings: a README without a ruleset is left alone, a scenario is checked', async () => {
    client = await LspTestClient.start(PLAIN);
    const readme = docUri('README.md');
    await client.openOnly(readme, README);
    const scenario = docUri('глава.scenario.md');
    const diagnostics = await client.open(scenario, '«Прыгучесть + Атлетика»');
    assert.deepEqual(diagnostics.diagnostics.map((d) => d.code), ['RM001']);
    assert.equal(await client.hover(readme, IN_README_CHECK.start), null);
    assert.deepEqual(await client.codeLenses(readme), []);
    assert.equal(await info(readme), null);
    assert.deepEqual(published(readme), []);
  });

  it('a Markdown document whose front matter names a ruleset is checked, with the default setting', async () => {
    client = await LspTestClient.start(PLAIN);
    const uri = docUri('глава-1.md');
    const diagnostics = await client.open(uri, joinLines('---', 'система: vampire-pack', '---', '«Прыгучесть + Атлетика (сложность 2)»'));
    assert.deepEqual(diagnostics.diagnostics.map((d) => d.code), ['RM001']);
    assert.equal((await info(uri))?.ruleset, 'vampire-pack');
  });

  it('reads front matter closed by «...» (YAML’s document end) as front matter', async () => {
    client = await LspTestClient.start(PLAIN);
    const uri = docUri('dots.md');
    const diagnostics = await client.open(uri, joinLines('---', 'ruleset: vampire-pack', 'characters:', '  Адриан: { Сила: 3, Атлетика: 3 }', '...', `Адриан: ${CHECK_LINE}`, '«Адриан: Сила + Атлетика (сложность 2)»'));
    // Under storytelling (the server ignoring the block) `сложность` would be RM005.
    assert.deepEqual(diagnostics.diagnostics, []);
    const documentInfo = await info(uri);
    assert.deepEqual([documentInfo?.ruleset, documentInfo?.source], ['vampire-pack', 'front-matter']);
  });

  it('says so when a front matter is never closed, instead of silently using the default ruleset', async () => {
    client = await LspTestClient.start();
    const uri = docUri('unclosed.scenario.md');
    const { text, ranges } = withRanges(joinLines('⟦---⟧', 'ruleset: vampire-pack', '', CHECK_LINE));
    const diagnostics = await client.open(uri, text);
    const [first, ...rest] = diagnostics.diagnostics;
    assert.deepEqual([first.code, first.range, first.message], ['RM011', ranges[0], 'Front matter не закрыт: добавьте строку «---» после него. Пока его нет, правила и персонажи документа не читаются']);
    // What follows from the default ruleset applying: the author now knows why.
    assert.deepEqual(rest.map((d) => d.code), ['RM005']);
  });

  it('a document that gains a ruleset line is served from then on, and stays served while the line is retyped', async () => {
    client = await LspTestClient.start({ settings: { markdown: { enable: 'withRuleset' } } });
    const uri = docUri('notes.md');
    const { text, ranges } = withRanges(joinLines('---', '⟦⟧title: Заметки', '---', '«Прыгучесть + Атлетика»'));
    await client.openOnly(uri, text);
    assert.equal(await info(uri), null);
    const served = client.nextDiagnostics(uri, 2);
    const rulesetLine = 'ruleset: storytelling\n';
    await client.change(uri, 2, [{ range: ranges[0], text: rulesetLine }]);
    assert.deepEqual((await served).diagnostics.map((d) => d.code), ['RM001']);
    const retyped = client.nextDiagnostics(uri, 3);
    // The line goes again (the whole line, its line end included), as it is retyped.
    await client.change(uri, 3, [{ range: { start: ranges[0].start, end: { line: ranges[0].start.line + 1, character: 0 } }, text: '' }]);
    assert.deepEqual((await retyped).diagnostics.map((d) => d.code), ['RM001']);
  });

  it('follows a change of rollmark.markdown.enable without a restart: served documents are cleared, new ones checked', async () => {
    client = await LspTestClient.start({ settings: { markdown: { enable: 'all' } } });
    const plain = docUri('plain.md');
    const scenario = docUri('a.scenario.md');
    assert.equal((await client.open(plain, '«Прыгучесть + Атлетика»')).diagnostics.length, 1);
    assert.equal((await client.open(scenario, '«Прыгучесть + Атлетика»')).diagnostics.length, 1);
    const cleared = client.nextDiagnostics(plain);
    await client.changeSettings({ markdown: { enable: 'none' } });
    assert.deepEqual((await cleared).diagnostics, []);
    assert.equal(await info(plain), null);
    assert.equal((await info(scenario))?.ruleset, 'storytelling', 'a scenario file is served whatever the setting');
    const back = client.nextDiagnostics(plain);
    await client.changeSettings({ markdown: { enable: 'all' } });
    assert.equal((await back).diagnostics.length, 1);
  });

  it('announces a roll with window/showMessage unless the client shows rolls itself', async () => {
    client = await LspTestClient.start({ initializationOptions: { rollMessages: false } });
    const uri = docUri('quiet.scenario.md');
    await client.open(uri, CHECK_LINE);
    const rolled = await client.executeCommand<RollCheckResult>('rollmark.rollCheck', { uri, ...at(CHECK), seed: 1 });
    assert.equal(rolled.text, '«Сила 3 + Атлетика 3 (сложность 2)»');
    // A request after the roll: had a message been sent, it would have arrived before this answer.
    await client.codeLenses(uri);
    assert.deepEqual(client.messages, []);
  });
});

describe('the rulesets and a document’s ruleset, from the server', () => {
  let client: LspTestClient;
  afterEach(async () => client.stop());

  it('lists the rulesets with titles for any document or none, the folder’s own after the built-in ones', async () => {
    client = await LspTestClient.start({ files: { '.rollmark/rulesets/house.yaml': joinLines('id: house', 'extends: vampire-pack', 'title: Домашние правила') } });
    const builtin = ['storytelling', 'mage-revised', 'threads-of-fate', 'werewolf-revised', 'vampire-pack'];
    const all = await client.request<RulesetsResult>('rollmark/rulesets', { uri: docUri('any/new.md') });
    assert.deepEqual(all.rulesets.map((r) => r.id), [...builtin, 'house']);
    assert.deepEqual(all.rulesets[4], { id: 'vampire-pack', title: 'Вампир: Маскарад — «Пакет игрока»', builtin: true });
    assert.deepEqual(all.rulesets[5], { id: 'house', title: 'Домашние правила', builtin: false });
    const none = await client.request<RulesetsResult>('rollmark/rulesets', {});
    assert.deepEqual(none.rulesets.map((r) => r.id), builtin);
  });

  const setRuleset = async (uri: string, text: string, ruleset: string): Promise<{ result: SetDocumentRulesetResult; text: string }> => {
    const before = client.appliedEdits.length;
    const result = await client.executeCommand<SetDocumentRulesetResult>('rollmark.setDocumentRuleset', { uri, ruleset });
    const edits = client.appliedEdits.slice(before).flatMap((e) => (e.edit.documentChanges as TextDocumentEdit[]).flatMap((c) => c.edits));
    return { result, text: applyEdits(text, edits) };
  };

  it('writes the ruleset into a document that has no front matter yet, as a versioned edit', async () => {
    client = await LspTestClient.start({ settings: { markdown: { enable: 'withRuleset' } } });
    const uri = docUri('глава-2.md');
    const text = joinLines('# Глава 2', CHECK_LINE);
    await client.openOnly(uri, text);
    const { result, text: edited } = await setRuleset(uri, text, 'vampire-pack');
    assert.deepEqual(result, { applied: true });
    assert.equal(edited, joinLines('---', 'ruleset: vampire-pack', '---', '', '# Глава 2', CHECK_LINE));
    assert.deepEqual((client.appliedEdits[0].edit.documentChanges as TextDocumentEdit[])[0].textDocument, { uri, version: 1 });
  });

  it('replaces the value of an existing ruleset line, keeping its key, comment and CRLF', async () => {
    client = await LspTestClient.start();
    const uri = docUri('crlf.md');
    const text = '---\r\nсистема: "storytelling" # основная\r\nперсонажи: {}\r\n...\r\nТекст';
    await client.open(uri, text);
    const { text: edited } = await setRuleset(uri, text, 'mage-revised');
    assert.equal(edited, '---\r\nсистема: mage-revised # основная\r\nперсонажи: {}\r\n...\r\nТекст');
  });

  it('adds the line to a block without one, after a byte-order mark', async () => {
    client = await LspTestClient.start();
    const uri = docUri('bom.md');
    const text = '\uFEFF---\ncharacters: {}\n---\n';
    await client.open(uri, text);
    assert.equal((await setRuleset(uri, text, 'threads-of-fate')).text, '\uFEFF---\nruleset: threads-of-fate\ncharacters: {}\n---\n');
  });

  it('refuses to touch a front matter it cannot read, an unknown ruleset, and says why', async () => {
    client = await LspTestClient.start();
    const broken = docUri('broken.md');
    const text = joinLines('---', 'ruleset: [vampire', '---', 'Текст');
    await client.open(broken, text);
    assert.deepEqual(await setRuleset(broken, text, 'vampire-pack'), {
      result: { applied: false, reason: 'Front matter документа содержит ошибки: исправьте их, и правила можно будет выбрать' },
      text,
    });
    const unclosed = docUri('unclosed.md');
    const open = joinLines('---', 'ruleset: vampire-pack', 'Текст');
    await client.open(unclosed, open);
    assert.equal((await setRuleset(unclosed, open, 'storytelling')).result.reason, 'Front matter документа не закрыт строкой «---»: закройте его, и правила можно будет выбрать');
    assert.deepEqual((await setRuleset(broken, text, 'no-such')).result, { applied: false, reason: 'Правил «no-such» нет среди доступных в этой папке' });
    assert.equal(client.appliedEdits.length, 0);
  });

  it('reports an edit the client refused', async () => {
    client = await LspTestClient.start();
    const uri = docUri('refused.md');
    await client.open(uri, 'Текст');
    client.applyEditAnswer = { applied: false, failureReason: 'the document changed' };
    assert.deepEqual((await setRuleset(uri, 'Текст', 'storytelling')).result, { applied: false, reason: 'the document changed' });
  });
});
