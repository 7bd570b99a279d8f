/**
 * The five rules texts the seed tests read, in two forms. The excerpts under
 * test/fixtures/seeds/NNN.md are the tests' own input: the sentences the assertions need, each
 * under the number of the line it comes from, so that every test passes on a fresh clone. The full
 * texts live beside the checkout (../shared/rules/seeds/NNN_*.txt) on developers' machines and in CI;
 * the suites over them run only there (seedExcerpts.test.ts proves the excerpts faithful to them and
 * ROLLMARK_UPDATE_EXCERPTS=1 rewrites the excerpts from them).
 *
 * An excerpt becomes a document with each quoted line at its own line number and the lines not
 * quoted left empty, so that line numbers, and the ranges found on a line, read as in the full text.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

export const SEED_IDS = ['000', '001', '002', '003', '004'] as const;
export type SeedId = (typeof SEED_IDS)[number];

export const SEED_RULESET: Readonly<Record<SeedId, string>> = {
  '000': 'storytelling',
  '001': 'mage-revised',
  '002': 'threads-of-fate',
  '003': 'werewolf-revised',
  '004': 'vampire-pack',
};

const ROOT = path.resolve(__dirname, '..', '..', '..');
export const EXCERPTS_DIR = path.join(ROOT, 'test', 'fixtures', 'seeds');
export const FULL_TEXTS_DIR = path.resolve(ROOT, '..', 'shared', 'rules', 'seeds');

/** Joins the parts of a line an excerpt leaves out, as a quotation does. */
export const OMISSION = ' […] ';

export interface SeedText {
  id: SeedId;
  ruleset: string;
  /** The document the tests analyse. */
  text: string;
}

/** The quoted lines of an excerpt file, by line number. */
export function parseExcerpt(markdown: string): Map<number, string> {
  const lines = new Map<number, string>();
  for (const section of markdown.split(/^## /m).slice(1)) {
    const [heading, ...body] = section.split('\n');
    const quoted = body.filter((line) => line !== '');
    if (!/^\d+$/.test(heading) || quoted.length !== 1) throw new Error(`test bug: an excerpt section is "## N", a blank line and one quoted line, got "## ${heading}"`);
    lines.set(Number(heading), quoted[0]);
  }
  return lines;
}

/** An excerpt file: a header naming its source, then each quoted line under its line number. */
export function formatExcerpt(id: SeedId, source: string, lines: ReadonlyMap<number, string>): string {
  const sections = [...lines].sort(([a], [b]) => a - b).map(([line, text]) => `## ${line}\n\n${text}\n`);
  return [
    `# ${id} — ${SEED_RULESET[id]}: excerpts of ${source}`,
    '',
    `The sentences of the rules text that the seed tests read, each under the number of its line; ${OMISSION.trim()} marks what a line leaves out.`,
    'Written by `ROLLMARK_UPDATE_EXCERPTS=1` from the full text (test/src/analysis/seedExcerpts.test.ts).',
    '',
    ...sections,
  ].join('\n');
}

/** A document with the quoted lines at their line numbers and every other line empty. */
export function documentOf(lines: ReadonlyMap<number, string>): string {
  const last = Math.max(0, ...lines.keys());
  return Array.from({ length: last }, (_, i) => lines.get(i + 1) ?? '').join('\n') + '\n';
}

/** The excerpts, always there. */
export function excerptTexts(): SeedText[] {
  return SEED_IDS.map((id) => ({ id, ruleset: SEED_RULESET[id], text: documentOf(parseExcerpt(readFileSync(path.join(EXCERPTS_DIR, `${id}.md`), 'utf8'))) }));
}

/** The full texts' file names, or undefined on a clone without them beside it. */
export function fullTextFiles(): Map<SeedId, string> | undefined {
  if (!existsSync(FULL_TEXTS_DIR)) return undefined;
  const names = readdirSync(FULL_TEXTS_DIR);
  return new Map(
    SEED_IDS.map((id) => {
      const name = names.find((n) => n.startsWith(`${id}_`));
      if (!name) throw new Error(`${FULL_TEXTS_DIR} has no ${id}_*.txt`);
      return [id, path.join(FULL_TEXTS_DIR, name)];
    }),
  );
}

/** The full texts, or undefined on a clone without them beside it. */
export function fullTexts(): SeedText[] | undefined {
  const files = fullTextFiles();
  return files && SEED_IDS.map((id) => ({ id, ruleset: SEED_RULESET[id], text: readFileSync(files.get(id)!, 'utf8') }));
}

/** The one line a suite over the full texts shows when they are not there. */
export const FULL_TEXTS_ABSENT = `the full rules texts are not beside the checkout (${path.relative(ROOT, FULL_TEXTS_DIR)}): this suite runs where they are`;
