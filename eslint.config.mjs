// @ts-check
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const editorPackages = ['vscode', 'vscode-languageserver', 'vscode-languageserver/*', 'vscode-languageserver-textdocument', 'vscode-languageclient', 'vscode-languageclient/*', 'vscode-languageserver-protocol'];

/**
 * The directions inside server/src (ARCHITECTURE.md): what each folder may import of the rest of
 * the server. `types` are imported with `import type` only. protocol.ts is the server's side of
 * the wire (request types, constants and the chip markup), which features/ and workspace/ share and
 * the client imports. service/ is the façade: the hosts (the top-level modules below, cli/) reach
 * the analysis through it alone; node/ implements its host interfaces for Node.
 */
const layers = {
  engine: { imports: [] },
  analysis: { imports: ['engine'] },
  present: { imports: ['engine', 'analysis'] },
  report: { imports: ['engine', 'analysis', 'present', 'protocol'] },
  features: { imports: ['analysis', 'engine', 'present', 'report', 'protocol'] },
  workspace: { imports: ['analysis', 'engine', 'protocol'] },
  service: { imports: ['analysis', 'engine', 'present', 'report', 'features', 'workspace', 'protocol'] },
  node: { imports: ['service'] },
  // The CLI computes through the service and words its results with present/ and report/.
  cli: { imports: ['service', 'node', 'present', 'report'], types: ['analysis', 'engine'] },
};
/** server/src's top-level modules: the LSP adapter, its checks of what clients send, and the two entry points. */
const modules = {
  server: { imports: ['service', 'protocol', 'validate', 'lifecycle'] },
  validate: { imports: ['service', 'protocol'] },
  lifecycle: { imports: [] },
  main: { imports: ['server', 'node', 'crashReporter'] },
  browserMain: { imports: ['server', 'service'] },
};
/** Every part of server/src an import can name: the folders above and the top-level modules. */
const parts = [...Object.keys(layers), ...Object.keys(modules), 'protocol', 'crashReporter'];
const isFolder = (part) => part in layers;

/**
 * What runs in a browser's Web Worker as well as in Node imports no Node module and uses no Node
 * global (ARCHITECTURE.md, invariant 8): everything below the façade and the façade itself, the
 * LSP adapter and the browser's entry. Node's host lives in node/, the CLI in cli/, main.ts.
 */
const nodeFree = ['engine', 'analysis', 'present', 'report', 'features', 'workspace', 'service'];
const nodeFreeModules = ['server', 'validate', 'lifecycle', 'browserMain', 'protocol'];
const NODE_FREE = 'runs in a browser too: no Node module (ARCHITECTURE.md, invariant 8)';
const nodeModules = [{ regex: '^node:', message: NODE_FREE }, { group: builtinModules.filter((name) => !name.startsWith('_')), message: NODE_FREE }];
const nodeGlobals = ['process', 'Buffer', 'global', '__dirname', '__filename', 'require', 'module', 'setImmediate', 'clearImmediate'].map((name) => ({
  name,
  message: `${NODE_FREE.replace('Node module', 'Node global')}: the host gives what differs (service/host.ts)`,
}));

/**
 * An import of `part` from a file anywhere under a server/src folder: relative, climbing out
 * with `../` and naming the part right away. (A folder named like a layer inside another layer
 * would be taken for that layer: there is none, and there should be none.)
 */
function importOf(part) {
  return `^(\\.\\./)+${part}${isFolder(part) ? '(/|$)' : '$'}`;
}

function nameOf(part) {
  return isFolder(part) ? `${part}/` : `${part}.ts`;
}

function layerPatterns(layer, { imports, types = [] }) {
  const allowed = [...imports.map(nameOf), ...types.map((part) => `${nameOf(part)} types`)];
  const message = `${layer}/ imports ${allowed.length === 0 ? 'nothing' : `only ${allowed.join(', ')}`} from the rest of the server (ARCHITECTURE.md)`;
  const forbidden = parts.filter((part) => part !== layer && !imports.includes(part));
  const patterns = forbidden.map((part) => ({ regex: importOf(part), message, ...(types.includes(part) ? { allowTypeImports: true } : {}) }));
  // The pure layers (engine, analysis, present) stay free of editor and LSP packages too: the CLI and tests share them.
  const pure = layer === 'engine' || layer === 'analysis' || layer === 'present' || layer === 'report';
  const editor = pure ? [{ group: editorPackages, message: `${layer}/ stays free of editor and LSP packages` }] : [];
  return [...editor, ...patterns, ...(nodeFree.includes(layer) ? nodeModules : [])];
}

/** A top-level module's patterns: its imports name the parts with `./`. */
function modulePatterns(module, { imports }) {
  const message = `${module}.ts imports ${imports.length === 0 ? 'nothing' : `only ${imports.map(nameOf).join(', ')}`} from the rest of the server (ARCHITECTURE.md)`;
  const forbidden = parts.filter((part) => part !== module && !imports.includes(part));
  const patterns = forbidden.map((part) => ({ regex: `^\\./${part}${isFolder(part) ? '(/|$)' : '$'}`, message }));
  return [...patterns, ...(nodeFreeModules.includes(module) ? nodeModules : [])];
}

const NODE_TYPES = { selector: "TSQualifiedName[left.name='NodeJS']", message: `${NODE_FREE.replace('Node module', "Node's types")}` };

function restrictImports(files, patterns, nodeFreeFiles = false) {
  return {
    files,
    rules: {
      // The typescript-eslint rule is the core one plus `allowTypeImports`.
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
      ...(nodeFreeFiles
        ? {
            'no-restricted-globals': ['error', ...nodeGlobals],
            'no-restricted-syntax': ['error', NODE_TYPES],
          }
        : {}),
    },
  };
}

/**
 * analysis/ is folders in the order the data flows (ARCHITECTURE.md): a stage imports the stages
 * before it and analysis/'s top-level modules (types.ts, diagnosticCatalog.ts), never a later
 * stage nor analyzeDocument.ts, the folder's entry. A stage's files get the layer's patterns too:
 * a later configuration replaces the rule's options, it does not add to them.
 */
const analysisStages = ['markdown', 'check', 'resolve', 'prose', 'project', 'completion', 'document', 'paths'];

function stageRule(stage, index) {
  const earlier = analysisStages.slice(0, index);
  const message = `analysis/${stage}/ imports ${earlier.length === 0 ? 'no other stage' : `only the earlier stages ${earlier.map((s) => `${s}/`).join(', ')}`} of analysis/ (ARCHITECTURE.md)`;
  const later = [...analysisStages.slice(index + 1), 'analyzeDocument'].map((s) => ({ regex: `^\\.\\./${s}(/|$)`, message }));
  return restrictImports([`server/src/analysis/${stage}/**/*.ts`], [...layerPatterns('analysis', layers.analysis), ...later], true);
}

/**
 * What analysis/ and engine/ compute is the same in every language (ARCHITECTURE.md, invariant 12):
 * they know no locale and hold no words for people. A message is an id with typed arguments
 * (analysis/diagnosticCatalog.ts) that present/messages.ts words; a `{ ru, en }` pair or a test of
 * the language belongs in present/.
 */
const WORDS_ELSEWHERE = 'belongs in present/: analysis/ and engine/ return data (a message id with its arguments, analysis/diagnosticCatalog.ts) that present/ words (ARCHITECTURE.md, invariant 12)';
const noLocale = {
  files: ['server/src/analysis/**/*.ts', 'server/src/engine/**/*.ts'],
  rules: {
    // These folders are node-free too: a later configuration replaces the rule's options, so they are repeated here.
    'no-restricted-syntax': [
      'error',
      NODE_TYPES,
      { selector: 'Identifier[name=/^locales?$/i]', message: `A locale ${WORDS_ELSEWHERE}` },
      { selector: "ObjectExpression:has(> Property:matches([key.name='ru'], [key.value='ru'])):has(> Property:matches([key.name='en'], [key.value='en']))", message: `A { ru, en } pair of words ${WORDS_ELSEWHERE}` },
      { selector: "BinaryExpression:matches([left.value=/^(ru|en)$/], [right.value=/^(ru|en)$/])", message: `A test of the language ${WORDS_ELSEWHERE}` },
    ],
  },
};

export default tseslint.config(
  { ignores: ['**/out/**', 'dist/**', 'node_modules/**', '.code-server/**', 'test-results/**', 'bench/data/**', '**/*.generated.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...Object.entries(layers).map(([layer, rule]) => restrictImports([`server/src/${layer}/**/*.ts`], layerPatterns(layer, rule), nodeFree.includes(layer))),
  ...Object.entries(modules).map(([module, rule]) => restrictImports([`server/src/${module}.ts`], modulePatterns(module, rule), nodeFreeModules.includes(module))),
  ...analysisStages.map(stageRule),
  noLocale,
  {
    // The client bundles protocol.ts: it must not pull the server in.
    ...restrictImports(['server/src/protocol.ts'], [{ regex: '^\\.', allowTypeImports: true, message: 'protocol.ts imports types only: the client bundles it' }, ...nodeModules], true),
  },
  {
    files: ['client/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./)+server/(?!src/protocol$)', message: 'client/ imports only server/src/protocol.ts from the server: the server decides, over LSP' }] }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Scripts that run in a webview: a browser, not Node.
    files: ['media/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser, acquireVsCodeApi: 'readonly' } },
  },
);
