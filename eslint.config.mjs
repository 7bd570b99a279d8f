// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const editorPackages = ['vscode', 'vscode-languageserver', 'vscode-languageserver/*', 'vscode-languageserver-textdocument', 'vscode-languageclient', 'vscode-languageclient/*', 'vscode-languageserver-protocol'];

export default tseslint.config(
  { ignores: ['**/out/**', 'dist/**', 'node_modules/**', '.code-server/**', 'test-results/**', 'bench/data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The engine, the analysis and the presentation are pure libraries: the CLI, the server and tests share them.
    files: ['server/src/engine/**/*.ts', 'server/src/analysis/**/*.ts', 'server/src/present/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: editorPackages.filter((p) => !p.includes('*')).map((name) => ({ name, message: 'engine/, analysis/ and present/ stay free of editor and LSP packages' })),
        patterns: [{ group: editorPackages, message: 'engine/, analysis/ and present/ stay free of editor and LSP packages' }],
      }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
