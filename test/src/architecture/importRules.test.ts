/**
 * The lint rules that keep the directions inside server/src (eslint.config.mjs, ARCHITECTURE.md)
 * fire: the project's own ESLint configuration on small in-memory modules placed in each folder.
 * `npm run lint` proves the code follows them; this proves they would catch it if it did not. So
 * does the rule that keeps locales and words out of analysis/ and engine/ (invariant 12).
 */
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(__dirname, '../../..');
const RULE = '@typescript-eslint/no-restricted-imports';

/** What ESLint reports for `code` written in `file`, as «rule: message» lines. */
async function lint(eslint: ESLint, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

/** A module that imports `name` from `from` and uses it, as a value or only as a type. */
function importing(from: string, kind: 'value' | 'type' = 'value'): string {
  return kind === 'type' ? `import type { Probe } from '${from}';\nexport type Used = Probe;\n` : `import { probe } from '${from}';\nexport const used = probe;\n`;
}

function restricted(from: string, message: string): string {
  return `${RULE}: '${from}' import is restricted from being used by a pattern. ${message}`;
}

const ENGINE = 'engine/ imports nothing from the rest of the server (ARCHITECTURE.md)';
const ANALYSIS = 'analysis/ imports only engine/ from the rest of the server (ARCHITECTURE.md)';
const PRESENT = 'present/ imports only engine/, analysis/ from the rest of the server (ARCHITECTURE.md)';
const REPORT = 'report/ imports only engine/, analysis/, present/, protocol.ts from the rest of the server (ARCHITECTURE.md)';
const FEATURES = 'features/ imports only analysis/, engine/, present/, report/, protocol.ts from the rest of the server (ARCHITECTURE.md)';
const WORKSPACE = 'workspace/ imports only analysis/, engine/, protocol.ts from the rest of the server (ARCHITECTURE.md)';
const SERVICE = 'service/ imports only analysis/, engine/, present/, report/, features/, workspace/, protocol.ts from the rest of the server (ARCHITECTURE.md)';
const NODE_HOST = 'node/ imports only service/ from the rest of the server (ARCHITECTURE.md)';
const CLI = 'cli/ imports only service/, node/, present/, report/, analysis/ types, engine/ types from the rest of the server (ARCHITECTURE.md)';
const SERVER = 'server.ts imports only service/, protocol.ts, validate.ts, lifecycle.ts from the rest of the server (ARCHITECTURE.md)';
const BROWSER_MAIN = 'browserMain.ts imports only server.ts, service/ from the rest of the server (ARCHITECTURE.md)';
const NODE_FREE = 'runs in a browser too: no Node module (ARCHITECTURE.md, invariant 8)';
const MARKDOWN_STAGE = 'analysis/markdown/ imports no other stage of analysis/ (ARCHITECTURE.md)';
const CHECK_STAGE = 'analysis/check/ imports only the earlier stages markdown/ of analysis/ (ARCHITECTURE.md)';
const RESOLVE_STAGE = 'analysis/resolve/ imports only the earlier stages markdown/, check/ of analysis/ (ARCHITECTURE.md)';
const PROJECT_STAGE = 'analysis/project/ imports only the earlier stages markdown/, check/, resolve/, prose/ of analysis/ (ARCHITECTURE.md)';
const PROTOCOL = 'protocol.ts imports types only: the client bundles it';
const CLIENT = 'client/ imports only server/src/protocol.ts from the server: the server decides, over LSP';

/** [file, imported module, value or type import, the messages expected (none: allowed)]. */
const cases: [string, string, 'value' | 'type', string[]][] = [
  ['server/src/engine/probe.ts', './odds', 'value', []],
  ['server/src/engine/probe.ts', '../analysis/types', 'type', [ENGINE]],
  ['server/src/engine/probe.ts', '../present/words', 'value', [ENGINE]],
  ['server/src/engine/probe.ts', '../protocol', 'type', [ENGINE]],
  ['server/src/engine/families/probe.ts', '../checkSpec', 'value', []],
  ['server/src/engine/families/probe.ts', '../../analysis/types', 'value', [ENGINE]],
  ['server/src/engine/families/probe.ts', '../../workspace', 'value', [ENGINE]],
  ['server/src/analysis/probe.ts', '../engine/odds', 'value', []],
  ['server/src/analysis/probe.ts', './types', 'value', []],
  ['server/src/analysis/probe.ts', '../features/oddsText', 'value', [ANALYSIS]],
  ['server/src/analysis/probe.ts', '../present/words', 'type', [ANALYSIS]],
  ['server/src/analysis/probe.ts', '../workspace/projects', 'type', [ANALYSIS]],
  ['server/src/analysis/probe.ts', '../cli/io', 'value', [ANALYSIS]],
  ['server/src/analysis/probe.ts', '../protocol', 'type', [ANALYSIS]],
  ['server/src/analysis/probe.ts', '../server', 'value', [ANALYSIS]],
  ['server/src/analysis/markdown/probe.ts', './blocks', 'value', []],
  ['server/src/analysis/markdown/probe.ts', '../types', 'type', []],
  ['server/src/analysis/markdown/probe.ts', '../check/checkExpression', 'value', [MARKDOWN_STAGE]],
  ['server/src/analysis/check/probe.ts', '../resolve/traitIndex', 'value', [CHECK_STAGE]],
  ['server/src/analysis/check/probe.ts', '../diagnosticCatalog', 'value', []],
  ['server/src/analysis/resolve/probe.ts', '../check/checkExpression', 'value', []],
  ['server/src/analysis/resolve/probe.ts', '../prose/proseChecks', 'value', [RESOLVE_STAGE]],
  ['server/src/analysis/resolve/probe.ts', '../analyzeDocument', 'value', [RESOLVE_STAGE]],
  ['server/src/analysis/resolve/probe.ts', '../../engine/odds', 'value', []],
  ['server/src/analysis/resolve/probe.ts', '../../present/words', 'value', [ANALYSIS]],
  ['server/src/analysis/project/probe.ts', '../document/incrementalAnalysis', 'type', [PROJECT_STAGE]],
  ['server/src/analysis/project/probe.ts', '../../workspace/projectFiles', 'value', [ANALYSIS]],
  ['server/src/analysis/document/probe.ts', '../completion/completionPlace', 'value', []],
  ['server/src/present/probe.ts', '../analysis/types', 'type', []],
  ['server/src/present/probe.ts', '../engine/oddsReport', 'type', []],
  ['server/src/present/probe.ts', '../analysis/analyzeDocument', 'value', []],
  ['server/src/present/probe.ts', '../engine/odds', 'value', []],
  ['server/src/present/probe.ts', '../workspace/projects', 'value', [PRESENT]],
  ['server/src/present/probe.ts', '../features/hover', 'type', [PRESENT]],
  ['server/src/present/probe.ts', '../protocol', 'type', [PRESENT]],
  ['server/src/report/probe.ts', '../analysis/party', 'value', []],
  ['server/src/report/probe.ts', '../present/voice', 'value', []],
  ['server/src/report/probe.ts', '../protocol', 'value', []],
  ['server/src/report/probe.ts', '../features/convert', 'value', [REPORT]],
  ['server/src/report/probe.ts', '../workspace/projectFiles', 'value', [REPORT]],
  ['server/src/report/probe.ts', '../cli/io', 'type', [REPORT]],
  ['server/src/features/probe.ts', '../report/chips', 'value', []],
  ['server/src/features/probe.ts', '../analysis/types', 'value', []],
  ['server/src/features/probe.ts', '../engine/odds', 'value', []],
  ['server/src/features/probe.ts', '../present/words', 'value', []],
  ['server/src/features/probe.ts', '../protocol', 'value', []],
  ['server/src/features/probe.ts', '../workspace/projects', 'type', [FEATURES]],
  ['server/src/features/probe.ts', '../cli/io', 'value', [FEATURES]],
  ['server/src/features/probe.ts', '../server', 'value', [FEATURES]],
  ['server/src/workspace/probe.ts', '../analysis/workspaceConfig', 'value', []],
  ['server/src/workspace/probe.ts', '../protocol', 'value', []],
  ['server/src/workspace/probe.ts', '../features/convert', 'value', [WORKSPACE]],
  ['server/src/workspace/probe.ts', '../cli/nodeWorkspaceFs', 'value', [WORKSPACE]],
  ['server/src/workspace/probe.ts', '../present/words', 'value', [WORKSPACE]],
  ['server/src/service/probe.ts', '../features/hover', 'value', []],
  ['server/src/service/probe.ts', '../workspace/analyses', 'value', []],
  ['server/src/service/probe.ts', '../node/host', 'value', [SERVICE]],
  ['server/src/service/probe.ts', '../server', 'type', [SERVICE]],
  ['server/src/service/probe.ts', '../cli/io', 'value', [SERVICE]],
  ['server/src/node/probe.ts', '../service', 'value', []],
  ['server/src/node/probe.ts', 'node:fs/promises', 'value', []],
  ['server/src/node/probe.ts', '../analysis/analyzeDocument', 'value', [NODE_HOST]],
  ['server/src/node/probe.ts', '../workspace/projectFiles', 'type', [NODE_HOST]],
  ['server/src/cli/probe.ts', '../service', 'value', []],
  ['server/src/cli/probe.ts', '../node/projectFs', 'value', []],
  ['server/src/cli/probe.ts', '../present/words', 'value', []],
  ['server/src/cli/probe.ts', './main', 'value', []],
  ['server/src/cli/probe.ts', '../report/html', 'value', []],
  ['server/src/cli/probe.ts', '../analysis/types', 'type', []],
  ['server/src/cli/probe.ts', '../analysis/analyzeDocument', 'value', [CLI]],
  ['server/src/cli/probe.ts', '../engine/roll', 'value', [CLI]],
  ['server/src/cli/probe.ts', '../workspace/projectFiles', 'value', [CLI]],
  ['server/src/cli/probe.ts', '../features/oddsText', 'value', [CLI]],
  ['server/src/cli/probe.ts', '../server', 'value', [CLI]],
  ['server/src/cli/probe.ts', '../main', 'value', [CLI]],
  ['server/src/protocol.ts', './analysis/types', 'type', []],
  ['server/src/protocol.ts', './analysis/types', 'value', [PROTOCOL]],
  ['server/src/protocol.ts', 'vscode-languageserver-protocol', 'value', []],
  ['server/src/server.ts', './service', 'value', []],
  ['server/src/server.ts', './validate', 'value', []],
  ['server/src/server.ts', './workspace/projects', 'value', [SERVER]],
  ['server/src/server.ts', './features/hover', 'value', [SERVER]],
  ['server/src/server.ts', './node/host', 'value', [SERVER]],
  ['server/src/browserMain.ts', './server', 'value', []],
  ['server/src/browserMain.ts', './service', 'value', []],
  ['server/src/browserMain.ts', './node/host', 'value', [BROWSER_MAIN]],
  ['server/src/main.ts', './node/host', 'value', []],
  ['server/src/main.ts', 'node:v8', 'value', []],
  ['client/src/probe.ts', '../../server/src/protocol', 'value', []],
  ['client/src/probe.ts', '../../server/src/analysis/types', 'type', [CLIENT]],
  ['client/src/probe.ts', '../../server/src/features/convert', 'value', [CLIENT]],
];

/** What runs in a browser's Web Worker too: [file, a Node module it may not import]. */
const nodeFreeCases: [string, string][] = [
  ['server/src/engine/probe.ts', 'node:crypto'],
  ['server/src/analysis/probe.ts', 'node:fs'],
  ['server/src/analysis/markdown/probe.ts', 'path'],
  ['server/src/present/probe.ts', 'node:util'],
  ['server/src/report/probe.ts', 'fs/promises'],
  ['server/src/features/probe.ts', 'node:url'],
  ['server/src/workspace/probe.ts', 'node:fs/promises'],
  ['server/src/service/probe.ts', 'node:worker_threads'],
  ['server/src/server.ts', 'node:fs'],
  ['server/src/validate.ts', 'node:util'],
  ['server/src/browserMain.ts', 'node:fs'],
  ['server/src/protocol.ts', 'node:crypto'],
];

describe('architecture: the import directions of eslint.config.mjs', () => {
  let eslint: ESLint;
  before(() => {
    eslint = new ESLint({ cwd: root });
  });

  for (const [file, from, kind, messages] of cases) {
    const verb = messages.length === 0 ? 'may' : 'may not';
    it(`${file} ${verb} import ${kind === 'type' ? 'types' : 'values'} from '${from}'`, async () => {
      assert.deepEqual(
        await lint(eslint, file, importing(from, kind)),
        messages.map((message) => restricted(from, message)),
      );
    });
  }

  for (const [file, module] of nodeFreeCases) {
    it(`${file} may not import the Node module '${module}' (it runs in a browser too)`, async () => {
      assert.deepEqual(await lint(eslint, file, importing(module)), [restricted(module, NODE_FREE)]);
    });
  }

  it('keeps what runs in a browser free of Node globals and Node types, and lets node/ and cli/ use them', async () => {
    const usingProcess = 'export const cwd = process.cwd();\n';
    const usingNodeTypes = 'export let timer: NodeJS.Timeout | undefined;\n';
    const global = `no-restricted-globals: Unexpected use of 'process'. runs in a browser too: no Node global (ARCHITECTURE.md, invariant 8): the host gives what differs (service/host.ts)`;
    const types = "no-restricted-syntax: runs in a browser too: no Node's types (ARCHITECTURE.md, invariant 8)";
    for (const file of ['server/src/service/probe.ts', 'server/src/workspace/probe.ts', 'server/src/analysis/resolve/probe.ts', 'server/src/server.ts']) {
      assert.deepEqual(await lint(eslint, file, usingProcess), [global], file);
      assert.deepEqual(await lint(eslint, file, usingNodeTypes), [types], file);
    }
    for (const file of ['server/src/node/probe.ts', 'server/src/cli/probe.ts', 'server/src/main.ts']) {
      assert.deepEqual(await lint(eslint, file, usingProcess), [], file);
      assert.deepEqual(await lint(eslint, file, usingNodeTypes), [], file);
    }
  });

  it('keeps the pure layers free of editor and LSP packages', async () => {
    for (const layer of ['engine', 'analysis', 'present', 'report']) {
      for (const editorPackage of ['vscode', 'vscode-languageserver', 'vscode-languageserver/node', 'vscode-languageserver-textdocument']) {
        assert.deepEqual(await lint(eslint, `server/src/${layer}/probe.ts`, importing(editorPackage, 'type')), [
          `${RULE}: '${editorPackage}' import is restricted from being used by a pattern. ${layer}/ stays free of editor and LSP packages`,
        ]);
      }
    }
    assert.deepEqual(await lint(eslint, 'server/src/features/probe.ts', importing('vscode-languageserver', 'type')), []);
  });
});

describe('architecture: analysis/ and engine/ know no locale and hold no words (eslint.config.mjs `noLocale`)', () => {
  let eslint: ESLint;
  before(() => {
    eslint = new ESLint({ cwd: root });
  });
  const elsewhere = 'belongs in present/: analysis/ and engine/ return data (a message id with its arguments, analysis/diagnosticCatalog.ts) that present/ words (ARCHITECTURE.md, invariant 12)';
  const PAIR = `no-restricted-syntax: A { ru, en } pair of words ${elsewhere}`;
  const LOCALE = `no-restricted-syntax: A locale ${elsewhere}`;
  const TEST = `no-restricted-syntax: A test of the language ${elsewhere}`;
  const probes: [string, string, string[]][] = [
    ["export const words = { ru: 'Пустая проверка', en: 'Empty check' };\n", 'a { ru, en } pair', [PAIR]],
    ["export const words = { 'ru': 'а', \"en\": 'a' };\n", 'a { ru, en } pair with quoted keys', [PAIR]],
    ['export function say(locale: string): string {\n  return locale;\n}\n', 'a locale parameter', [LOCALE, LOCALE]],
    ['export interface Options {\n  Locale: string;\n}\n', 'a locale field', [LOCALE]],
    ["export const russian = (language: string): boolean => language === 'ru';\n", 'a test of the language', [TEST]],
    ["export const order = 'а'.localeCompare('б', 'ru') + 'Ё'.toLocaleLowerCase('ru').length;\n", 'Russian collation and case of the text itself', []],
  ];
  for (const folder of ['analysis', 'analysis/resolve', 'engine', 'engine/families']) {
    for (const [code, what, messages] of probes) {
      it(`server/src/${folder}/: ${what} ${messages.length > 0 ? 'is refused' : 'is allowed'}`, async () => {
        assert.deepEqual(await lint(eslint, `server/src/${folder}/probe.ts`, code), messages);
      });
    }
  }
  it('present/ may hold both: it is where the words are', async () => {
    for (const [code] of probes) assert.deepEqual(await lint(eslint, 'server/src/present/probe.ts', code), []);
  });
});
