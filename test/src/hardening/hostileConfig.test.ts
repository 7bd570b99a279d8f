/**
 * Hostile ruleset and dictionary files (issue 6, Reliability), through `loadWorkspaceConfig` with an
 * in-memory file system and through `parseUserRuleset`: alias bombs, a 10 MB file, deep nesting
 * (brackets, block sequences, indentation, data), wrong types, thousands of errors, `extends`
 * cycles and unknown bases, chains too long, paths that leave the workspace, ids that clash.
 * Each yields a clear diagnostic on that file, quickly, and analysis goes on with the built-in
 * rulesets. Time bounds are sanity checks only: benchmarks measure speed.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { analyzeDocument } from '../../../server/src/analysis/analyzeDocument';
import { LineIndex } from '../../../server/src/analysis/markdown/lineIndex';
import { diagnosticMessage, type WordedDiagnostic, wordedDiagnostic } from '../../../server/src/present/messages';
import { voice } from '../../../server/src/present/voice';
import { loadWorkspaceConfig, parseDictionary, type WorkspaceConfig, type WorkspaceFs, type WorkspaceOptions } from '../../../server/src/analysis/project/workspaceConfig';
import { getBuiltinRuleset } from '../../../server/src/engine/builtinRulesets';
import { MAX_REPORTED_ERRORS, parseUserRuleset, type RulesetError } from '../../../server/src/engine/rulesetLoader';

const DIR = '.rollmark/rulesets';
const DICTIONARY = '.rollmark/dictionary.yaml';
/** Far above what any of these takes (milliseconds to about two seconds): only a hang fails it. */
const SANITY_MS = 20_000;

/** Files in memory; records every path the loader asks for. */
function memoryFs(files: Record<string, string>): WorkspaceFs & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async readFile(path) {
      asked.push(path);
      return path in files ? { kind: 'text', text: files[path] } : { kind: 'missing' };
    },
    async listFiles(dir, extensions) {
      asked.push(`${dir}/`);
      return { kind: 'files', paths: Object.keys(files).filter((p) => p.startsWith(`${dir}/`) && !p.slice(dir.length + 1).includes('/') && extensions.some((e) => p.endsWith(e))) };
    },
  };
}

async function load(files: Record<string, string>, options: WorkspaceOptions = {}): Promise<{ config: WorkspaceConfig; ms: number; asked: string[] }> {
  const fs = memoryFs(files);
  const started = performance.now();
  const config = await loadWorkspaceConfig(fs, options);
  const ms = performance.now() - started;
  assert.ok(ms < SANITY_MS, `loading took ${Math.round(ms)} ms`);
  return { config, ms, asked: fs.asked };
}

/** The file's diagnostics in English words: at least one, all RM011 errors, each inside the file's text, and one message matching. */
function problemsOf(config: WorkspaceConfig, path: string, text: string, message: RegExp): WordedDiagnostic[] {
  const diagnostics = config.fileDiagnostics.get(path)?.map((d) => wordedDiagnostic(d, voice('en')));
  assert.ok(diagnostics && diagnostics.length > 0, `no diagnostic on ${path}; files with diagnostics: ${[...config.fileDiagnostics.keys()].join(', ')}`);
  for (const d of diagnostics) {
    assert.equal(d.code, 'RM011');
    assert.equal(d.severity, 'error');
    assert.ok(d.range.start >= 0 && d.range.start <= d.range.end && d.range.end <= text.length, `${path}: range ${d.range.start}..${d.range.end} outside ${text.length}`);
  }
  assert.ok(
    diagnostics.some((d) => message.test(d.message)),
    `${path}: no message matches ${String(message)}: ${diagnostics.map((d) => d.message).join(' | ')}`,
  );
  return diagnostics;
}

/** A vampire-pack scenario still analyses with the configuration: built-in ruleset, odds, no RM011. */
function assertBuiltinsServe(config: WorkspaceConfig): void {
  const text = '---\nruleset: vampire-pack\n---\n\n«Сила 3 + Атлетика 2 (сложность 2)»\n';
  const analysis = analyzeDocument(text, { rulesets: config.rulesets, dictionary: config.dictionary });
  assert.equal(analysis.ruleset.id, 'vampire-pack');
  assert.equal(analysis.checks.length, 1);
  assert.ok(analysis.checks[0].odds, 'the check has odds');
  assert.deepEqual(
    analysis.diagnostics.filter((d) => d.severity === 'error').map((d) => diagnosticMessage(d.message, voice('en'))),
    [],
  );
  for (const id of ['storytelling', 'mage-revised', 'threads-of-fate', 'werewolf-revised', 'vampire-pack']) assert.ok(config.rulesets.get(id), id);
}

/** Each error's range is a real place in the text. */
function assertErrorRanges(text: string, errors: readonly RulesetError[]): void {
  const lines = new LineIndex(text);
  for (const e of errors) {
    if (!e.range) continue;
    assert.ok(e.range.start.line >= 0 && e.range.start.line < lines.lineCount, `line ${e.range.start.line} of ${lines.lineCount}`);
    assert.ok(lines.offsetAt(e.range.start) <= lines.offsetAt(e.range.end) || e.range.end.line === e.range.start.line);
  }
}

function billionLaughs(head: string[]): string {
  const lines = [...head, 'a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]'];
  const names = 'abcdefghij';
  for (let i = 1; i < names.length; i++) {
    const p = names[i - 1];
    lines.push(`${names[i]}: &${names[i]} [*${p}, *${p}, *${p}, *${p}, *${p}, *${p}, *${p}, *${p}, *${p}]`);
  }
  return `${lines.join('\n')}\n`;
}

const timings: string[] = [];

describe('hostile ruleset and dictionary files', function () {
  this.timeout(60_000);

  after(() => {
    if (process.env.HARDENING_TIMINGS) console.log(`      timings:\n${timings.map((t) => `        ${t}`).join('\n')}`);
  });

  it('a "billion laughs" alias bomb in a ruleset file and in the dictionary: refused, not expanded', async () => {
    const ruleset = billionLaughs(['id: bomb', 'extends: storytelling', 'traits: *j']);
    const dictionary = billionLaughs(['traits: *j']);
    const { config, ms } = await load({ [`${DIR}/bomb.yaml`]: ruleset, [DICTIONARY]: dictionary });
    timings.push(`alias bomb: ${ms.toFixed(0)} ms`);
    problemsOf(config, `${DIR}/bomb.yaml`, ruleset, /alias/i);
    // The dictionary's nodes are walked without expanding aliases: `traits: *j` is no list of terms.
    problemsOf(config, DICTIONARY, dictionary, /list of terms/);
    assert.equal(config.rulesets.get('bomb'), undefined);
    assert.deepEqual(config.dictionary, []);
    assertBuiltinsServe(config);
  });

  it('a 10 MB ruleset file and a 10 MB dictionary: refused unread as too large', async () => {
    const huge = `id: huge\nextends: storytelling\ntitle: "${'ж'.repeat(10_000_000)}"\n`;
    const hugeDictionary = `traits:\n${'  - Кибернетика\n'.repeat(700_000)}`;
    assert.ok(hugeDictionary.length > 10_000_000);
    const { config, ms } = await load({ [`${DIR}/huge.yaml`]: huge, [DICTIONARY]: hugeDictionary });
    timings.push(`10 MB files: ${ms.toFixed(0)} ms`);
    problemsOf(config, `${DIR}/huge.yaml`, huge, /too large/);
    problemsOf(config, DICTIONARY, hugeDictionary, /too large/);
    assertBuiltinsServe(config);
  });

  it('deep nesting: brackets, block sequences, indentation and data, in rulesets and the dictionary', async () => {
    const files: Record<string, string> = {
      [`${DIR}/brackets.yaml`]: `id: brackets\nextends: storytelling\ntraits: ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`,
      [`${DIR}/dashes.yaml`]: `id: dashes\nextends: storytelling\ntraits:\n${'- '.repeat(50_000)}x\n`,
      [`${DIR}/indent.yaml`]: `id: indent\nextends: storytelling\n${Array.from({ length: 400 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n')} x\n`,
      [`${DIR}/data.yaml`]: `id: data\nextends: storytelling\ntraits:\n${Array.from({ length: 30 }, (_, i) => `${'  '.repeat(i + 1)}- `).join('\n')}x\n`,
      [DICTIONARY]: `traits: ${'{a: '.repeat(100_000)}x${'}'.repeat(100_000)}\n`,
    };
    const { config, ms } = await load(files);
    timings.push(`deep nesting (5 files): ${ms.toFixed(0)} ms`);
    problemsOf(config, `${DIR}/brackets.yaml`, files[`${DIR}/brackets.yaml`], /nested more than 64 levels/);
    problemsOf(config, `${DIR}/dashes.yaml`, files[`${DIR}/dashes.yaml`], /indented more than 256 columns/);
    problemsOf(config, `${DIR}/indent.yaml`, files[`${DIR}/indent.yaml`], /indented more than 256 columns/);
    problemsOf(config, `${DIR}/data.yaml`, files[`${DIR}/data.yaml`], /nested more than 16 levels/);
    problemsOf(config, DICTIONARY, files[DICTIONARY], /nested more than 64 levels/);
    // The bracket error points at the 65th bracket, on line 2.
    const at = config.fileDiagnostics.get(`${DIR}/brackets.yaml`)?.[0].range.start;
    assert.equal(at, files[`${DIR}/brackets.yaml`].indexOf('[') + 64);
    assertBuiltinsServe(config);
  });

  it('wrong types: each field named, at its place in the file', async () => {
    const text = 'id: 42\nextends: [storytelling]\ntraits: 5\nparams: "x"\nfamily: dice\n';
    const { config } = await load({ [`${DIR}/types.yaml`]: text });
    const diagnostics = problemsOf(config, `${DIR}/types.yaml`, text, /id must be a string/);
    const lines = new LineIndex(text);
    const lineOf = (pattern: RegExp) => diagnostics.filter((d) => pattern.test(d.message)).map((d) => lines.positionAt(d.range.start).line);
    assert.deepEqual(lineOf(/^[^:]*: \/id:/), [0]);
    assert.deepEqual(lineOf(/extends must be a string/), [1]);
    assert.ok(diagnostics.length >= 3, diagnostics.map((d) => d.message).join(' | '));
    assertBuiltinsServe(config);

    const direct = parseUserRuleset(text, 'types.yaml', (id) => getBuiltinRuleset(id));
    assert.equal(direct.ruleset, undefined);
    assertErrorRanges(text, direct.errors);
  });

  it('thousands of broken entries: at most MAX_REPORTED_ERRORS diagnostics, the last one counting the rest; too much data refused before validation', async () => {
    const broken = `id: broken\nfamily: storytelling\ntraits:\n${Array.from({ length: 2000 }, (_, i) => `  - { name: "bad${i}!", category: nope }`).join('\n')}\n`;
    const bulky = `id: bulky\nextends: storytelling\ntraits:\n${Array.from({ length: 6000 }, (_, i) => `  - { name: Черта${'а'.repeat(i % 7)}, category: ability }`).join('\n')}\n`;
    const { config, ms } = await load({ [`${DIR}/broken.yaml`]: broken, [`${DIR}/bulky.yaml`]: bulky });
    timings.push(`2,000 broken traits + 6,000 traits: ${ms.toFixed(0)} ms`);
    const diagnostics = problemsOf(config, `${DIR}/broken.yaml`, broken, /more problems/);
    assert.equal(diagnostics.length, MAX_REPORTED_ERRORS);
    assert.match(diagnostics[diagnostics.length - 1].message, /and \d+ more problems/);
    problemsOf(config, `${DIR}/bulky.yaml`, bulky, /more than 10000 values/);
    assertBuiltinsServe(config);
  });

  it('an extends cycle across two files (a → b → a), and a ruleset extending itself: each file names the cycle', async () => {
    const files = {
      [`${DIR}/a.yaml`]: 'id: a\nextends: b\n',
      [`${DIR}/b.yaml`]: 'id: b\nextends: a\n',
      [`${DIR}/self.yaml`]: 'id: self\nextends: self\n',
    };
    const { config } = await load(files);
    const a = problemsOf(config, `${DIR}/a.yaml`, files[`${DIR}/a.yaml`], /cycle a → b → a/);
    problemsOf(config, `${DIR}/b.yaml`, files[`${DIR}/b.yaml`], /cycle b → a → b/);
    problemsOf(config, `${DIR}/self.yaml`, files[`${DIR}/self.yaml`], /cycle self → self/);
    // On the value of `extends`.
    assert.equal(files[`${DIR}/a.yaml`].slice(a[0].range.start, a[0].range.end), 'b');
    for (const id of ['a', 'b', 'self']) assert.equal(config.rulesets.get(id), undefined);
    assertBuiltinsServe(config);
  });

  it('an extends of an unknown ruleset suggests the near one; of a broken one says which file is at fault', async () => {
    const files = {
      [`${DIR}/typo.yaml`]: 'id: typo\nextends: vampire-pak\n',
      [`${DIR}/on-broken.yaml`]: 'id: on-broken\nextends: broken\n',
      [`${DIR}/broken.yaml`]: 'id: broken\nextends: storytelling\nfamily: d20\n',
    };
    const { config } = await load(files);
    problemsOf(config, `${DIR}/typo.yaml`, files[`${DIR}/typo.yaml`], /unknown ruleset "vampire-pak" \(did you mean "vampire-pack"\?\)/);
    problemsOf(config, `${DIR}/on-broken.yaml`, files[`${DIR}/on-broken.yaml`], /cannot load ruleset "broken": \.rollmark\/rulesets\/broken\.yaml: family must be/);
    problemsOf(config, `${DIR}/broken.yaml`, files[`${DIR}/broken.yaml`], /family must be the base ruleset's/);
    assertBuiltinsServe(config);
  });

  it('a chain of extends too long is reported on the file that starts it, not on a valid file further down', async () => {
    // r0 → r1 → … → r11 → storytelling: from r3 on the chain is short enough.
    const files = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`${DIR}/r${i}.yaml`, `id: r${i}\nextends: ${i === 11 ? 'storytelling' : `r${i + 1}`}\n`]));
    const { config } = await load(files);
    problemsOf(config, `${DIR}/r0.yaml`, files[`${DIR}/r0.yaml`], /r8\.yaml: extends: chain longer than 8 rulesets \(r0 → r1 → r2 → r3 → r4 → r5 → r6 → r7 → r8\)/);
    for (let i = 3; i < 12; i++) {
      assert.equal(config.fileDiagnostics.get(`${DIR}/r${i}.yaml`), undefined, `r${i}.yaml`);
      assert.ok(config.rulesets.get(`r${i}`), `r${i} is available`);
    }
    assertBuiltinsServe(config);
  });

  it('configured paths that leave the workspace are refused unread, with a diagnostic naming them', async () => {
    const escaping: WorkspaceOptions[] = [
      { dictionary: '../x.yaml' },
      { dictionary: '/etc/passwd' },
      { dictionary: 'a/../../x.yaml' },
      { dictionary: '..\\x.yaml' },
      { dictionary: 'C:\\Users\\x.yaml' },
      { rulesets: '../../rules' },
      { rulesets: '/rules' },
      { rulesets: '\\\\server\\share' },
    ];
    for (const options of escaping) {
      const path = options.dictionary ?? options.rulesets ?? '';
      const { config, asked } = await load({ [`${DIR}/ok.yaml`]: 'id: ok\nextends: storytelling\n' }, options);
      assert.ok(!asked.some((p) => p === path || p === `${path}/`), `${path} was read: ${asked.join(', ')}`);
      assert.equal(config.fileDiagnostics.get(path), undefined, 'no diagnostic on a file outside the workspace');
      assert.deepEqual(
        config.folderProblems.map((p) => ({ path: p.path, message: diagnosticMessage(p.message, voice('en')) })),
        [{ path, message: `The path "${path}" leaves the workspace and is not read` }],
      );
      assertBuiltinsServe(config);
    }
  });

  it('a file reusing a built-in id, or another file\'s id, is reported and not used', async () => {
    const files = {
      [`${DIR}/a.yaml`]: 'id: mine\nextends: storytelling\ntraits:\n  - name: Кибернетика\n    category: ability\n',
      [`${DIR}/b.yaml`]: 'id: mine\nextends: vampire-pack\n',
      [`${DIR}/c.yaml`]: 'id: storytelling\nextends: storytelling\n',
      [`${DIR}/d.json`]: '{"id": "json-one", "extends": "mine"}',
    };
    const { config } = await load(files);
    const dup = problemsOf(config, `${DIR}/b.yaml`, files[`${DIR}/b.yaml`], /already defined in \.rollmark\/rulesets\/a\.yaml/);
    assert.equal(files[`${DIR}/b.yaml`].slice(dup[0].range.start, dup[0].range.end), 'mine');
    problemsOf(config, `${DIR}/c.yaml`, files[`${DIR}/c.yaml`], /"storytelling" is a built-in ruleset/);
    assert.equal(config.rulesets.get('mine')?.family, 'storytelling', 'the first definition is the one used');
    // A one-line JSON file is found by its id too, and extends the first definition.
    assert.ok(config.rulesets.get('json-one')?.traits.some((t) => t.name === 'Кибернетика'));
    assertBuiltinsServe(config);
  });

  it('dictionary entries that are not text are reported; the terms are kept', async () => {
    const text = 'traits:\n  - Кибернетика\n  - { a: 1 }\n  - 5\n  - Пилотирование\n';
    const { config } = await load({ [DICTIONARY]: text });
    const diagnostics = problemsOf(config, DICTIONARY, text, /must be text/);
    assert.equal(diagnostics.length, 2);
    assert.deepEqual(config.dictionary, ['Кибернетика', 'Пилотирование']);
  });

  it('random text as a ruleset file or a dictionary: never throws, every error placed in the file', () => {
    const piece = fc.oneof(
      fc.constantFrom('id: ', 'extends: ', 'storytelling', 'traits:', '  - ', 'name: ', 'category: ', 'ability', '&a ', '*a', '[', ']', '{', '}', ',', ':', '"', "'", '\n', '\r\n', '\t', '#', '---', '...', '|', '>', '!!str ', '%YAML 1.2\n', '? '),
      fc.string({ unit: 'grapheme', maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        const result = parseUserRuleset(text, 'random.yaml', (id) => getBuiltinRuleset(id));
        assertErrorRanges(text, result.errors);
        const dictionary = parseDictionary(text);
        for (const d of dictionary.diagnostics) assert.ok(d.range.start >= 0 && d.range.start <= d.range.end && d.range.end <= text.length);
      }),
      { numRuns: 1500 },
    );
  });
});
