// A campaign on disk for `rollmark check` and markdownlint-cli2 side by side (bench/run.mjs, the
// campaign row): `books` folders of `chapters` chapter files each, every chapter a generated
// scenario (bench/generateScenario.mjs, its own seed) of about `chapterBytes` UTF-8 bytes, with a
// project `.rollmark/` at the campaign's root (a dictionary and a ruleset of the campaign's own that
// extends storytelling, which every tenth chapter names). Deterministic: the same arguments write
// the same files.
//
//   node bench/generateCampaign.mjs DIR [--books 20] [--chapters 100] [--chapter-bytes 10240]
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateScenario } from './generateScenario.mjs';

const DICTIONARY = 'traits: [Погоня, Паркур, Взлом]\n';
const RULESET = 'id: campaign\nextends: storytelling\ntitle: Хроники дождя\n';

/** Writes the campaign under `dir`; returns its files' count and UTF-8 bytes. */
export function generateCampaign(dir, { books = 20, chapters = 100, chapterBytes = 10 * 1024 } = {}) {
  mkdirSync(path.join(dir, '.rollmark', 'rulesets'), { recursive: true });
  writeFileSync(path.join(dir, '.rollmark', 'dictionary.yaml'), DICTIONARY);
  writeFileSync(path.join(dir, '.rollmark', 'rulesets', 'campaign.yaml'), RULESET);
  let bytes = 0;
  let files = 0;
  for (let b = 1; b <= books; b++) {
    const folder = path.join(dir, `книга-${String(b).padStart(2, '0')}`);
    mkdirSync(folder, { recursive: true });
    for (let c = 1; c <= chapters; c++) {
      let text = generateScenario(chapterBytes, 1000 * b + c);
      if (c % 10 === 0) text = text.replace('ruleset: storytelling', 'ruleset: campaign');
      writeFileSync(path.join(folder, `глава-${String(c).padStart(3, '0')}.md`), text);
      bytes += Buffer.byteLength(text);
      files++;
    }
  }
  return { files, bytes };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? Number(args[at + 1]) : fallback;
  };
  if (!args[0] || args[0].startsWith('--')) {
    process.stderr.write('usage: node bench/generateCampaign.mjs DIR [--books N] [--chapters N] [--chapter-bytes N]\n');
    process.exit(2);
  }
  const written = generateCampaign(args[0], { books: option('books', 20), chapters: option('chapters', 100), chapterBytes: option('chapter-bytes', 10 * 1024) });
  process.stdout.write(`${written.files} files, ${(written.bytes / 1024 / 1024).toFixed(1)} MB\n`);
}
