/**
 * The extension manifest and its translations in step with the code: package.json's settings
 * (diagnostic codes, ruleset ids, defaults, enums, labels), package.nls.json
 * and package.nls.ru.json, and l10n/bundle.l10n.ru.json against the client's `vscode.l10n.t` calls.
 *
 * A test rather than generating the manifest: package.json stays the one file VS Code and vsce
 * read as written, with no build step to forget, and a failure names the one entry out of step.
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { DEFAULT_SEVERITY } from '../../../server/src/analysis/diagnosticCatalog';
import { CODE_SUMMARY } from '../../../server/src/present/messages';
import { DEFAULT_RULESET_ID } from '../../../server/src/analysis/project/rulesetProvider';
import { BUILTIN_RULESET_IDS, getBuiltinRuleset } from '../../../server/src/engine/builtinRulesets';
import { DEFAULT_SETTINGS } from '../../../server/src/protocol';
import { normalizeSettings } from '../../../server/src/validate';

const root = path.resolve(__dirname, '../../..');

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T;
}

interface SettingSchema {
  type?: string;
  enum?: string[];
  enumDescriptions?: string[];
  enumItemLabels?: string[];
  markdownEnumDescriptions?: string[];
  default?: unknown;
  anyOf?: SettingSchema[];
  pattern?: string;
  properties?: Record<string, SettingSchema>;
  additionalProperties?: boolean;
  description?: string;
  markdownDescription?: string;
}

const manifest = readJson<{ l10n: string; contributes: { configuration: { properties: Record<string, SettingSchema> } } }>('package.json');
const settings = manifest.contributes.configuration.properties;
const nls = { en: readJson<Record<string, string>>('package.nls.json'), ru: readJson<Record<string, string>>('package.nls.ru.json') };
const bundle = readJson<Record<string, string>>('l10n/bundle.l10n.ru.json');

/** The diagnostic codes the analysis knows: `DEFAULT_SEVERITY` is typed over every `DiagnosticCode`. */
const codes = Object.keys(DEFAULT_SEVERITY);

/** Settings the server does not read, with who does: they have no `DEFAULT_SETTINGS` entry. */
const NOT_READ_BY_THE_SERVER: Record<string, string> = {
  'rollmark.trace.server': 'vscode-languageclient traces the connection',
  'rollmark.keptRolls.destination': 'the extension sends it as rollmark.keepRoll’s "where" (client/src/rolls.ts)',
};

/** The value at `rollmark.a.b` in settings as the server holds them (`value.a.b`), or undefined. */
function valueAt(value: unknown, setting: string): unknown {
  for (const key of setting.split('.').slice(1)) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

/** `{ a: { b: value } }` for `rollmark.a.b`: the section a client sends. */
function section(setting: string, value: unknown): unknown {
  return setting
    .split('.')
    .slice(1)
    .reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
}

/** Leaf paths of `DEFAULT_SETTINGS` as setting ids; `severity` is one setting (an object per code). */
function serverSettings(value: object, prefix = 'rollmark'): string[] {
  return Object.entries(value).flatMap(([key, inner]) =>
    typeof inner === 'object' && inner !== null && key !== 'severity' ? serverSettings(inner, `${prefix}.${key}`) : [`${prefix}.${key}`],
  );
}

/** Every `%key%` package.json refers to. */
function nlsReferences(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    const match = /^%(.+)%$/.exec(value);
    if (match) into.add(match[1]);
  } else if (Array.isArray(value)) {
    for (const item of value) nlsReferences(item, into);
  } else if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) nlsReferences(item, into);
  }
  return into;
}

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : entry.name.endsWith('.ts') ? [path.join(dir, entry.name)] : [],
  );
}

/** Each `l10n.t(…)` call of the client: its message, or where a call's message is not a string literal. */
function l10nCalls(): { messages: string[]; nonLiteral: string[] } {
  const messages: string[] = [];
  const nonLiteral: string[] = [];
  for (const file of filesUnder('client/src')) {
    const source = ts.createSourceFile(file, readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 't') {
        const owner = node.expression.expression;
        const isL10n = (ts.isPropertyAccessExpression(owner) && owner.name.text === 'l10n') || (ts.isIdentifier(owner) && owner.text === 'l10n');
        if (isL10n) {
          const [first] = node.arguments;
          if (first && ts.isStringLiteralLike(first)) messages.push(first.text);
          else nonLiteral.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { messages, nonLiteral };
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{[^{}]+\}/g)].map((m) => m[0]).sort();
}

describe('architecture: the manifest in step with the code', () => {
  describe('diagnostic codes', () => {
    it('run from RM001 without a gap, with a summary for each', () => {
      assert.deepEqual(
        codes,
        codes.map((_, i) => `RM${String(i + 1).padStart(3, '0')}`),
      );
      assert.deepEqual(Object.keys(CODE_SUMMARY), codes);
    });

    it('each have one rollmark.severity block, every block alike but for its description', () => {
      const severity = settings['rollmark.severity'];
      assert.equal(severity.additionalProperties, false);
      assert.deepEqual(Object.keys(severity.properties ?? {}), codes);
      const levels = ['error', 'warning', 'info', 'hint', 'off'];
      for (const code of codes) {
        assert.deepEqual(
          severity.properties?.[code],
          {
            type: 'string',
            enum: levels,
            enumDescriptions: levels.map((level) => `%config.severity.${level}%`),
            description: `%config.severity.${code}%`,
          },
          code,
        );
      }
    });

    it('have severity levels the server takes as written', () => {
      for (const code of codes) {
        for (const level of settings['rollmark.severity'].properties?.[code].enum ?? []) {
          assert.deepEqual(normalizeSettings({ severity: { [code]: level } }).severity, { [code]: level }, `${code}: ${level}`);
        }
      }
    });

    it('are named as a range in the setting’s description, in both languages', () => {
      const range = `\`${codes[0]}\`…\`${codes[codes.length - 1]}\``;
      assert.ok(nls.en['config.severity'].includes(range), nls.en['config.severity']);
      assert.ok(nls.ru['config.severity'].includes(range), nls.ru['config.severity']);
      for (const code of codes) {
        assert.ok(nls.en[`config.severity.${code}`].startsWith(`${code}: `), code);
        assert.ok(nls.ru[`config.severity.${code}`].startsWith(`${code}: `), code);
      }
    });
  });

  describe('ruleset ids', () => {
    const defaultRuleset = settings['rollmark.defaultRuleset'];

    it('rollmark.defaultRuleset is a dropdown of the built-in default and every built-in ruleset, in order', () => {
      assert.equal(defaultRuleset.type, 'string');
      assert.deepEqual(defaultRuleset.enum, ['', ...BUILTIN_RULESET_IDS]);
      assert.deepEqual(defaultRuleset.enumItemLabels, ['%config.defaultRuleset.builtin%', ...BUILTIN_RULESET_IDS.map((id) => `%config.defaultRuleset.${id}%`)]);
      assert.deepEqual(defaultRuleset.markdownEnumDescriptions, ['%config.defaultRuleset.builtin.description%', ...BUILTIN_RULESET_IDS.map((id) => `%config.defaultRuleset.${id}.description%`)]);
    });

    it('labels each built-in ruleset by its own title and describes it by its own summary, and the default by its id', () => {
      for (const id of BUILTIN_RULESET_IDS) {
        const ruleset = getBuiltinRuleset(id);
        assert.equal(nls.ru[`config.defaultRuleset.${id}`], ruleset?.title);
        assert.equal(nls.en[`config.defaultRuleset.${id}`], ruleset?.titleEn);
        assert.equal(nls.ru[`config.defaultRuleset.${id}.description`], ruleset?.summary);
        assert.equal(nls.en[`config.defaultRuleset.${id}.description`], ruleset?.summaryEn);
      }
      assert.ok(nls.en['config.defaultRuleset.builtin.description'].includes(`\`${DEFAULT_RULESET_ID}\``));
      assert.ok(nls.ru['config.defaultRuleset.builtin.description'].includes(`\`${DEFAULT_RULESET_ID}\``));
    });

    it('the server still takes the id of a user ruleset, which the dropdown cannot list', () => {
      assert.equal(normalizeSettings({ defaultRuleset: 'наша-кампания' }).defaultRuleset, 'наша-кампания');
    });
  });

  describe('settings', () => {
    const ids = Object.keys(settings);

    it('are each read by the server with the manifest’s default, or listed with who reads them', () => {
      for (const id of ids) {
        if (id in NOT_READ_BY_THE_SERVER) {
          assert.equal(valueAt(DEFAULT_SETTINGS, id), undefined, `${id} is read by the server now: take it off NOT_READ_BY_THE_SERVER`);
          continue;
        }
        assert.deepEqual(settings[id].default, valueAt(DEFAULT_SETTINGS, id), id);
      }
      assert.deepEqual(serverSettings(DEFAULT_SETTINGS).filter((id) => !ids.includes(id)), [], 'server settings missing from package.json');
    });

    it('name every value of a dropdown with a readable label, and describe values in Markdown', () => {
      for (const id of ids.filter((id) => settings[id].enum)) {
        const schema = settings[id];
        assert.equal(schema.enumItemLabels?.length, schema.enum?.length, `${id}: enumItemLabels`);
        assert.equal(schema.enumDescriptions, undefined, `${id}: markdownEnumDescriptions, so that \`code\` and **bold** render`);
        assert.equal(schema.markdownEnumDescriptions?.length, schema.enum?.length, `${id}: markdownEnumDescriptions`);
      }
    });

    it('show no Markdown as plain text: texts with `code` or **bold** are in markdown* fields', () => {
      const plain: string[] = [];
      const visit = (value: unknown, key: string, where: string): void => {
        if (typeof value === 'string') {
          const text = /^%(.+)%$/.exec(value) ? nls.en[value.slice(1, -1)] ?? '' : value;
          if ((key === 'description' || key === 'enumDescriptions' || key === 'enumItemLabels') && /`|\*\*/.test(text)) plain.push(`${where}: ${text}`);
        } else if (Array.isArray(value)) {
          for (const item of value) visit(item, key, where);
        } else if (typeof value === 'object' && value !== null) {
          for (const [k, v] of Object.entries(value)) visit(v, k, `${where}.${k}`);
        }
      };
      visit(settings, '', 'settings');
      assert.deepEqual(plain, []);
    });

    it('offer only values the server takes as written', () => {
      for (const id of ids.filter((id) => id !== 'rollmark.severity' && !(id in NOT_READ_BY_THE_SERVER))) {
        const schema = settings[id];
        for (const value of [...(schema.enum ?? []), ...(schema.anyOf ?? []).flatMap((option) => option.enum ?? [])]) {
          assert.deepEqual(valueAt(normalizeSettings(section(id, value)), id), value, `${id}: ${value}`);
        }
      }
    });
  });

  describe('translations', () => {
    it('package.nls.json and package.nls.ru.json have the same keys in the same order', () => {
      assert.deepEqual(Object.keys(nls.ru), Object.keys(nls.en));
    });

    it('every %key% of package.json is translated, and every translated key is used', () => {
      const used = nlsReferences(manifest);
      const keys = Object.keys(nls.en);
      assert.deepEqual({ untranslated: [...used].filter((key) => !keys.includes(key)), unused: keys.filter((key) => !used.has(key)) }, { untranslated: [], unused: [] });
    });

    it('every string the client localises has a Russian entry with the same placeholders, and no entry is stale', () => {
      assert.equal(manifest.l10n, './l10n');
      const { messages, nonLiteral } = l10nCalls();
      assert.deepEqual(nonLiteral, [], 'l10n.t needs a string literal: the bundle is keyed by it');
      const entries = Object.keys(bundle);
      assert.deepEqual({ missing: messages.filter((message) => !(message in bundle)), stale: entries.filter((entry) => !messages.includes(entry)) }, { missing: [], stale: [] });
      for (const [english, russian] of Object.entries(bundle)) assert.deepEqual(placeholders(russian), placeholders(english), english);
    });
  });
});
