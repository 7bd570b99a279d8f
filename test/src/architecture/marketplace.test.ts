/**
 * What the Marketplace and Open VSX show, and the walkthrough, in the manifest: every string the
 * extension contributes for people is a %key% of package.nls.json with its Russian in
 * package.nls.ru.json (the product's name aside); the icon is a square PNG of at least 128 px with
 * its SVG source; keywords in Russian and English; the links vsce needs to rewrite the README's
 * relative links; the walkthrough's steps each complete on something the author does.
 */
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { WALKTHROUGH_CONTEXT } from '../../../client/src/walkthroughContext';

const root = path.resolve(__dirname, '../../..');
const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T;

interface Step {
  id: string;
  title: string;
  description: string;
  media: { markdown?: string; image?: string; altText?: string };
  completionEvents: string[];
}
interface Manifest {
  name: string;
  publisher: string;
  version: string;
  icon: string;
  galleryBanner: { color: string; theme: string };
  keywords: string[];
  categories: string[];
  repository: { url: string };
  homepage: string;
  bugs: { url: string };
  contributes: {
    commands: { command: string }[];
    configuration: { properties: Record<string, unknown> };
    walkthroughs: { id: string; title: string; description: string; steps: Step[] }[];
  } & Record<string, unknown>;
}

const manifest = readJson<Manifest>('package.json');
const nls = { en: readJson<Record<string, string>>('package.nls.json'), ru: readJson<Record<string, string>>('package.nls.ru.json') };
/** Keys whose string values people read, wherever they are in `contributes`. */
const SHOWN = new Set(['title', 'description', 'markdownDescription', 'enumDescriptions', 'markdownEnumDescriptions', 'enumItemLabels', 'altText', 'label', 'markdown']);

/** Every string under a shown key, with where it is. */
function shownStrings(value: unknown, key = '', where = 'contributes'): { where: string; text: string }[] {
  if (typeof value === 'string') return SHOWN.has(key) ? [{ where, text: value }] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => shownStrings(item, key, `${where}[${i}]`));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([k, v]) => shownStrings(v, k, `${where}.${k}`));
  return [];
}

describe('the Marketplace page and the walkthrough', () => {
  it('every string the extension contributes for people is translated (package.nls.json, package.nls.ru.json)', () => {
    const untranslated = shownStrings(manifest.contributes).filter(({ text }) => {
      const key = /^%(.+)%$/.exec(text)?.[1];
      return text !== 'Rollmark' && !(key && nls.en[key] && nls.ru[key] && nls.ru[key] !== nls.en[key]);
    });
    assert.deepEqual(untranslated, []);
  });

  it('the icon: a square PNG of at least 128 px, rendered from its SVG source; a banner', () => {
    assert.equal(manifest.icon, 'media/icon.png');
    const png = readFileSync(path.join(root, manifest.icon));
    assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
    const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
    assert.equal(width, height);
    assert.ok(width >= 128, `${width} px`);
    assert.ok(existsSync(path.join(root, 'media', 'icon.svg')));
    assert.match(manifest.galleryBanner.color, /^#[0-9a-f]{6}$/i);
    assert.ok(['dark', 'light'].includes(manifest.galleryBanner.theme));
  });

  it('keywords in Russian and in English (at most 30, as vsce allows), categories, links, a semantic version', () => {
    assert.ok(manifest.keywords.length <= 30);
    assert.ok(manifest.keywords.some((k) => /[а-яё]/i.test(k)) && manifest.keywords.some((k) => /^[a-z ]+$/.test(k)));
    assert.deepEqual(manifest.categories, ['Programming Languages', 'Linters', 'Visualization']);
    assert.match(manifest.repository.url, /^https:\/\/github\.com\/[\w-]+\/[\w-]+$/);
    assert.equal(manifest.homepage, `${manifest.repository.url}#readme`);
    assert.equal(manifest.bugs.url, `${manifest.repository.url}/issues`);
    assert.match(manifest.version, /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/);
  });

  it('the walkthrough: a ruleset, a first check, a hover, a roll, the overview — each completing on what the author does', () => {
    const [walkthrough] = manifest.contributes.walkthroughs;
    assert.deepEqual(
      walkthrough.steps.map((s) => s.id),
      ['chooseRuleset', 'writeCheck', 'hover', 'roll', 'overview'],
    );
    const commands = new Set([...manifest.contributes.commands.map((c) => c.command), 'rollmark.rollCheck']);
    const contexts = new Set<string>(Object.values(WALKTHROUGH_CONTEXT));
    for (const step of walkthrough.steps) {
      assert.ok(step.completionEvents.length > 0, step.id);
      for (const event of step.completionEvents) {
        const [kind, name] = event.split(/:(.*)/s);
        if (kind === 'onCommand') assert.ok(commands.has(name), `${step.id}: ${event}`);
        else if (kind === 'onContext') assert.ok(contexts.has(name), `${step.id}: ${event}`);
        else if (kind === 'onSettingChanged') assert.ok(name in manifest.contributes.configuration.properties, `${step.id}: ${event}`);
        else assert.fail(`${step.id}: ${event}`);
      }
    }
    assert.deepEqual([...contexts].filter((key) => !walkthrough.steps.some((s) => s.completionEvents.includes(`onContext:${key}`))), [], 'every context key the client sets completes a step');
  });

  it('each step’s media is a Markdown page in English and another in Russian, shipped in the .vsix', () => {
    const shipped = readFileSync(path.join(root, '.vscodeignore'), 'utf8');
    assert.match(shipped, /^!media\/walkthrough\/\*\.md$/m);
    for (const step of manifest.contributes.walkthroughs[0].steps) {
      const key = /^%(.+)%$/.exec(step.media.markdown ?? '')?.[1] ?? assert.fail(step.id);
      assert.equal(nls.ru[key], nls.en[key].replace(/\.md$/, '.ru.md'));
      for (const file of [nls.en[key], nls.ru[key]]) assert.match(readFileSync(path.join(root, file), 'utf8'), /^# \S/, file);
      assert.match(readFileSync(path.join(root, nls.ru[key]), 'utf8'), /[а-яё]{4}/);
    }
  });
});
