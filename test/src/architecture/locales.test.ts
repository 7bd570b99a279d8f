/**
 * What Rollmark computes about a text does not depend on the language it is shown in
 * (ARCHITECTURE.md, invariant 12): the server started in Russian and in English, and the CLI's
 * pipeline run under each, analyse the examples and the test scenarios into identical data, and
 * only the words at the edge (present/) differ. The lint rule that keeps locales and word pairs
 * out of analysis/ and engine/ is proved in importRules.test.ts.
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { DocumentAnalysis } from '../../../server/src/analysis/types';
import { analyzeFiles } from '../../../server/src/cli/analyzeFiles';
import type { CliIo } from '../../../server/src/cli/io';
import { maxDocumentBytes, readTargets } from '../../../server/src/cli/readTargets';
import { nodeHost } from '../../../server/src/node/host';
import { createRollmarkService } from '../../../server/src/service';
import type { Locale } from '../../../server/src/present/locale';
import { runCli } from '../cli/runCli';
import { docUri, LspTestClient } from '../lsp/harness';

const root = path.resolve(__dirname, '../../..');
const FOLDERS = ['examples', 'test/fixtures/scenarios'];
const LOCALES: Locale[] = ['ru', 'en'];

/** Every scenario of the folders and their subfolders (the example campaign), by its path from the repository's root. */
function scenarios(): [string, string][] {
  return FOLDERS.flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.md'))
      .sort()
      .map((name): [string, string] => [`${folder}/${name}`, readFileSync(path.join(root, folder, name), 'utf8')]),
  );
}

/**
 * Texts that raise what the scenarios do not: front matter and sheet problems, an unknown ruleset,
 * syntax errors, prose, helpers, unknown characters and a name of another game line.
 */
const ODDITIES: [string, string][] = [
  [
    'oddities-vampire.md',
    [
      '---',
      'ruleset: vampire-pack',
      'characters:',
      '  Вера: { Сила: 3, Атлетика: 2, Ловкост: 2, Удача: много }',
      '  Гордей: { Сила: 1001 }',
      '---',
      '',
      'Вере нужна проверка Силы + Атлетики со сложностью 3.',
      '«Вера: Сила + Атлетика (сложность 2; помощь: Вера, Мирон)» и «Марк: Сила + Сферы (сложность 2)»',
      '«Сила + (сложность» «Сила+Атлетика(сложность 2)» «Ловкость + Арете + Выносливость (сложность 2)»',
      '«Воля 5 + Сила 1000 + Атлетика 1000 (сложность -1)» «Сила + Атлетика',
      '',
    ].join('\n'),
  ],
  ['oddities-mage.md', '---\nruleset: mage-revised\ncharacters:\n  Вера: { Сила: 3 }\n  Мирон: { Ловкость: 2 }\n---\n\n«Вера: Сила + Атлетизм (сложность 6; помощь: Вера, Марк)» «Мирон: Сила (сложность 6, помощь: 99)»\n'],
  ['oddities-ruleset.md', '---\nruleset: vampyre-pack\n---\n\n«Сила + Атлетика (сложность 2)»\n'],
  ['oddities-unclosed.md', '---\nruleset: vampire-pack\n\n«Сила + Атлетика (сложность 2)»\n'],
];

/** Message ids the texts must raise between them, so that the comparison covers the catalog's kinds of arguments. */
const RAISED = [
  'caseForm', 'foreignTrait', 'notAllowedCombination', 'poolTooLarge', 'proseCheck', 'selfHelp', 'sheetValueNotInteger', 'sheetValueOutOfRange',
  'spacing', 'syntax', 'tooManyHelpers', 'unclosedFrontMatter', 'unclosedGuillemet', 'unknownCharacter', 'unknownHelper', 'unknownRuleset', 'unknownTrait', 'variant',
];

/** The analysis as plain data: the ruleset by id, maps as entries, every computed part read. */
function plain(analysis: DocumentAnalysis): unknown {
  return JSON.parse(JSON.stringify(analysis, (key, value: unknown) => (key === 'ruleset' && typeof value === 'object' && value !== null && 'id' in value ? value.id : value instanceof Map ? [...value] : value)));
}

describe('architecture: the analysis is the same in every language', function () {
  this.timeout(120_000);
  const texts: [string, string][] = [...scenarios(), ...ODDITIES];

  it('the server started in Russian and in English analyses every text into the same data, and only the words it publishes differ', async () => {
    const seen: Record<string, { analyses: Map<string, unknown>; published: Map<string, { data: unknown[]; words: string[] }> }> = {};
    for (const locale of LOCALES) {
      const analyses = new Map<string, unknown>();
      const published = new Map<string, { data: unknown[]; words: string[] }>();
      // Recorded as analysed: the next analysis of a document reuses this one's objects.
      const client = await LspTestClient.start({ locale, afterAnalysis: (text, analysis) => analyses.set(text, plain(analysis)) });
      try {
        for (const [name, text] of texts) {
          const { diagnostics } = await client.open(docUri(name), text);
          published.set(name, { data: diagnostics.map(({ message: _words, relatedInformation, ...data }) => ({ ...data, related: relatedInformation?.map((r) => r.location) })), words: diagnostics.map((d) => d.message) });
        }
      } finally {
        await client.stop();
      }
      seen[locale] = { analyses, published };
    }
    assert.equal(seen.ru.analyses.size, texts.length, 'every text analysed once');
    for (const [name, text] of texts) {
      assert.deepStrictEqual(seen.en.analyses.get(text), seen.ru.analyses.get(text), `${name}: the analysis`);
      const [ru, en] = [seen.ru.published.get(name)!, seen.en.published.get(name)!];
      assert.deepStrictEqual(en.data, ru.data, `${name}: codes, severities, ranges and related locations`);
      en.words.forEach((words, k) => assert.notEqual(words, ru.words[k], `${name}: diagnostic ${k} is worded in each language`));
    }
    const raised = new Set([...seen.ru.analyses.values()].flatMap((analysis) => (analysis as { diagnostics: { message: { id: string } }[] }).diagnostics.map((d) => d.message.id)));
    assert.deepEqual(RAISED.filter((id) => !raised.has(id)), [], 'every message id of RAISED compared');
  });

  for (const jobs of [1, 2]) {
    it(`the CLI's pipeline (a service in each language; read, analyse on ${jobs} thread${jobs > 1 ? 's' : ''}) gives the same analyses`, async () => {
      const analysed: Record<string, unknown[]> = {};
      for (const locale of LOCALES) {
        const io: CliIo = { out: () => undefined, err: () => undefined, locale };
        const rollmark = createRollmarkService({ ...nodeHost(), locale });
        const { files } = await readTargets('check', FOLDERS, io, root, rollmark, maxDocumentBytes(undefined));
        analysed[locale] = (await analyzeFiles(files, { rollmark, jobs })).map(plain);
      }
      assert.equal(analysed.ru.length, texts.length - ODDITIES.length);
      assert.deepStrictEqual(analysed.en, analysed.ru);
    });
  }

  it('`rollmark check --format json` in either language: the same diagnostics and checks, in other words', async () => {
    const run = async (locale: Locale) => JSON.parse((await runCli(['check', '--format', 'json', ...FOLDERS.map((f) => path.join(root, f))], { locale })).out) as { files: { diagnostics: { message: string }[] }[] };
    const [ru, en] = [await run('ru'), await run('en')];
    const withoutWords = (report: typeof ru) => report.files.map((f) => ({ ...f, diagnostics: f.diagnostics.map(({ message: _words, ...data }) => data) }));
    assert.deepStrictEqual(withoutWords(en), withoutWords(ru));
    assert.notDeepStrictEqual(
      en.files.map((f) => f.diagnostics.map((d) => d.message)),
      ru.files.map((f) => f.diagnostics.map((d) => d.message)),
    );
  });
});
