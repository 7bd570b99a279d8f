/**
 * The user documentation kept true where a machine can tell: README.md and docs/ against the
 * product as it is.
 *
 * - docs/ holds each page in Russian (`x.md`) and English (`x.en.md`);
 * - every diagnostic code is documented in docs/markup*.md under a heading with the catalog's own
 *   summary, with its default severity in the table, and the example under it raises that code with
 *   the message quoted below it;
 * - every built-in ruleset has its section in docs/rulesets*.md, with its title and every outcome
 *   name as the hover shows them;
 * - every command and option of `rollmark`'s usage is documented in docs/cli*.md;
 * - every `npx rollmark …` line of a ```bash block in README.md and docs/ runs on the repository's
 *   files and exits 0, or with the code its comment names (`# exit code 1`, `# код выхода 1`); a
 *   ```text or ```json block right after a one-command block is that command's exact output;
 * - every ```yaml block that starts with `# .rollmark/…` is a project file Rollmark reads without a
 *   problem;
 * - every relative link and anchor leads somewhere;
 * - nothing outside test/ refers to ../shared, the developers' contract.
 *
 * ROLLMARK_UPDATE_DOCS=1 rewrites the output blocks with what the commands print now (then read
 * the diff: the numbers a reader sees changed).
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Code, Heading, Nodes, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { analyzeDocument } from '../../../server/src/analysis/analyzeDocument';
import { DEFAULT_SEVERITY } from '../../../server/src/analysis/diagnosticCatalog';
import { builtinRulesets } from '../../../server/src/analysis/project/rulesetProvider';
import type { DiagnosticCode } from '../../../server/src/analysis/types';
import type { Locale } from '../../../server/src/present/locale';
import { CODE_SUMMARY, diagnosticMessage } from '../../../server/src/present/messages';
import { voice } from '../../../server/src/present/voice';
import { parseDictionary } from '../../../server/src/analysis/project/workspaceConfig';
import { parsePartyFile } from '../../../server/src/analysis/project/partyFile';
import { traitIndex } from '../../../server/src/analysis/resolve/traitIndex';
import { main } from '../../../server/src/cli/main';
import type { CliIo } from '../../../server/src/cli/io';
import { BUILTIN_RULESET_IDS, getBuiltinRuleset } from '../../../server/src/engine/builtinRulesets';
import { parseUserRuleset } from '../../../server/src/engine/rulesetLoader';
import { NOUNS } from '../../../server/src/present/words';

const root = path.resolve(__dirname, '../../..');
const UPDATE = process.env.ROLLMARK_UPDATE_DOCS === '1';

interface Page {
  file: string;
  text: string;
  tree: Root;
}

function readPage(file: string): Page {
  const text = readFileSync(path.join(root, file), 'utf8');
  return { file, text, tree: unified().use(remarkParse).use(remarkGfm).parse(text) };
}

const docFiles = readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`);
const pages = ['README.md', 'README.en.md', 'CONTRIBUTING.md', 'CHANGELOG.md', ...docFiles].map(readPage);
const page = (file: string): Page => pages.find((p) => p.file === file) ?? assert.fail(`${file} is missing`);
const LANGUAGES: { locale: Locale; suffix: string }[] = [
  { locale: 'ru', suffix: '.md' },
  { locale: 'en', suffix: '.en.md' },
];

function lineOf(node: Nodes): number {
  return node.position?.start.line ?? 0;
}

function textOf(node: Nodes): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value;
  return 'children' in node ? node.children.map((child) => textOf(child as Nodes)).join('') : '';
}

/** Every node of the tree, in document order. */
function walk(node: Nodes, into: Nodes[] = []): Nodes[] {
  into.push(node);
  if ('children' in node) for (const child of node.children) walk(child as Nodes, into);
  return into;
}

/** The top-level nodes from a heading to the next heading of its depth or higher. */
function section(p: Page, heading: Heading): Nodes[] {
  const nodes = p.tree.children;
  const from = nodes.indexOf(heading);
  const end = nodes.findIndex((n, i) => i > from && n.type === 'heading' && n.depth <= heading.depth);
  return nodes.slice(from + 1, end < 0 ? nodes.length : end);
}

function headings(p: Page, depth?: number): Heading[] {
  return p.tree.children.filter((n): n is Heading => n.type === 'heading' && (depth === undefined || n.depth === depth));
}

/** The heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

function anchors(p: Page): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const node of walk(p.tree)) {
    if (node.type !== 'heading') continue;
    const base = slug(textOf(node));
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    out.add(count === 0 ? base : `${base}-${count}`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Example commands

interface Command {
  page: Page;
  line: number;
  argv: string[];
  locale: Locale;
  stdin?: string;
  exitCode: number;
}

/** A shell line as words: "…" and '…' quote, an unquoted # starts a comment. */
function shellWords(line: string): { words: string[]; comment: string } {
  const words: string[] = [];
  let word: string | undefined;
  let i = 0;
  for (; i < line.length; i++) {
    const c = line[i];
    if (c === '"' || c === "'") {
      const close = line.indexOf(c, i + 1);
      assert.ok(close > i, `an unclosed ${c} in: ${line}`);
      word = (word ?? '') + line.slice(i + 1, close);
      i = close;
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === '#' && word === undefined) {
      break;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (word !== undefined) words.push(word);
  return { words, comment: line.slice(i) };
}

const COMMAND = /^(?:ROLLMARK_LOCALE=(ru|en)\s+)?npx rollmark\s/;

function commandsOf(p: Page, block: Code): Command[] {
  const commands: Command[] = [];
  block.value.split('\n').forEach((raw, index) => {
    const found = COMMAND.exec(raw.trim());
    if (!found) return;
    const { words, comment } = shellWords(raw.trim());
    const argv = words.slice(words.indexOf('rollmark') + 1);
    const command: Command = { page: p, line: lineOf(block) + 1 + index, argv: [], locale: (found[1] as Locale | undefined) ?? 'en', exitCode: 0 };
    for (let i = 0; i < argv.length; i++) {
      if (argv[i] === '<') command.stdin = argv[++i];
      else if (argv[i] === '>') i++;
      else command.argv.push(argv[i]);
    }
    const exit = /(?:exit code|код выхода)\s+(\d)/.exec(comment);
    if (exit) command.exitCode = Number(exit[1]);
    commands.push(command);
  });
  return commands;
}

async function run(command: Command): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIo = {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    locale: command.locale,
    ...(command.stdin ? { stdin: () => createReadStream(path.join(root, command.stdin!)) } : {}),
  };
  const code = await main(command.argv, io);
  return { code, out, err };
}

/** The ```bash blocks of a page, each with the block right after it. */
function bashBlocks(p: Page): { block: Code; next?: Nodes }[] {
  const nodes = walk(p.tree);
  return nodes.flatMap((node, i) => (node.type === 'code' && node.lang === 'bash' ? [{ block: node, next: nodes.slice(i + 1).find((n) => n.type !== 'text') }] : []));
}

const OUTPUT_LANGUAGES = new Set(['text', 'json']);

describe('architecture: the documentation is true', () => {
  it('docs/ has each page in Russian (x.md) and in English (x.en.md)', () => {
    const names = docFiles.map((f) => path.basename(f));
    const russian = names.filter((n) => !n.endsWith('.en.md'));
    assert.ok(russian.length >= 3, names.join(', '));
    assert.deepEqual(names.filter((n) => n.endsWith('.en.md')).sort(), russian.map((n) => n.replace(/\.md$/, '.en.md')).sort());
  });

  describe('docs/markup: every diagnostic code', () => {
    const codes = Object.keys(DEFAULT_SEVERITY) as DiagnosticCode[];
    for (const { locale, suffix } of LANGUAGES) {
      const file = `docs/markup${suffix}`;
      const severityWord = (code: DiagnosticCode): string => (locale === 'ru' ? NOUNS[DEFAULT_SEVERITY[code]].ru.one : DEFAULT_SEVERITY[code]);

      it(`${file}: a row per code with its default severity, a section per code under the catalog's summary`, () => {
        const p = page(file);
        for (const code of codes) {
          const row = new RegExp(`^\\| ${code} \\| ([^|]+) \\|`, 'm').exec(p.text);
          assert.ok(row, `${file}: no table row for ${code}`);
          assert.ok(row[1].trim().startsWith(severityWord(code)), `${file}: ${code}'s default is ${severityWord(code)}, the table says "${row[1].trim()}"`);
          const title = `${code} — ${CODE_SUMMARY[code][locale]}`;
          assert.ok(
            headings(p, 3).some((h) => textOf(h) === title),
            `${file}: no "### ${title}" (the heading is the catalog's summary, CODE_SUMMARY)`,
          );
        }
      });

      it(`${file}: each code's example raises it, with the message quoted under it`, () => {
        const p = page(file);
        for (const code of codes) {
          const heading = headings(p, 3).find((h) => textOf(h).startsWith(`${code} `));
          if (!heading) continue;
          const body = section(p, heading);
          const example = body.find((n): n is Code => n.type === 'code' && n.lang === 'markdown');
          assert.ok(example, `${file}: ${code} has no \`\`\`markdown example`);
          const analysis = analyzeDocument(example.value, { rulesets: builtinRulesets() });
          const raised = analysis.diagnostics.filter((d) => d.code === code).map((d) => diagnosticMessage(d.message, voice(locale)));
          assert.ok(raised.length > 0, `${file}:${lineOf(example)}: the ${code} example raises ${analysis.diagnostics.map((d) => d.code).join(', ') || 'nothing'}`);
          const quote = body[body.indexOf(example) + 1];
          assert.equal(quote?.type, 'blockquote', `${file}:${lineOf(example)}: the ${code} example needs its message quoted right after it`);
          assert.ok(raised.includes(textOf(quote).trim()), `${file}:${lineOf(quote)}: Rollmark says ${JSON.stringify(raised)}, the page quotes ${JSON.stringify(textOf(quote).trim())}`);
        }
      });
    }
  });

  describe('docs/rulesets: every built-in ruleset', () => {
    for (const { locale, suffix } of LANGUAGES) {
      const file = `docs/rulesets${suffix}`;
      it(`${file}: a section per ruleset with its title and every outcome as the hover names it`, () => {
        const p = page(file);
        for (const id of BUILTIN_RULESET_IDS) {
          const ruleset = getBuiltinRuleset(id)!;
          const heading = headings(p, 2).find((h) => h.children.some((c) => c.type === 'inlineCode' && c.value === id));
          assert.ok(heading, `${file}: no "## … \`${id}\`" section`);
          const body = p.text.slice(heading.position!.start.offset, section(p, heading).at(-1)?.position?.end.offset);
          const title = locale === 'ru' ? ruleset.title : (ruleset.titleEn ?? ruleset.title);
          assert.ok(body.includes(title), `${file}: the ${id} section does not name its title "${title}"`);
          for (const [key, name] of Object.entries(ruleset.outcomes)) {
            assert.ok(body.includes(voice(locale).pick(name)), `${file}: the ${id} section does not name the outcome ${key} as "${voice(locale).pick(name)}"`);
            assert.ok(body.includes(`\`${key}\``), `${file}: the ${id} section does not give the JSON key \`${key}\``);
          }
        }
      });
    }
  });

  describe('docs/cli: every command and option of the usage', () => {
    let usage = '';
    before(async () => {
      const io: CliIo = { out: (t) => void (usage += t), err: (t) => void (usage += t), locale: 'en' };
      assert.equal(await main(['--help'], io), 0);
    });

    for (const { suffix } of LANGUAGES) {
      const file = `docs/cli${suffix}`;
      it(`${file}: a section per command naming each of its options`, () => {
        const p = page(file);
        const lines = usage.split('\n').filter((l) => /^\s+rollmark \w/.test(l));
        assert.ok(lines.length >= 4, usage);
        for (const line of lines) {
          const name = /rollmark (\w+)/.exec(line)![1];
          const heading = headings(p).find((h) => textOf(h).includes(`rollmark ${name}`));
          assert.ok(heading, `${file}: no heading for \`rollmark ${name}\``);
          const body = section(p, heading)
            .map((n) => p.text.slice(n.position!.start.offset, n.position!.end.offset))
            .join('\n');
          for (const option of line.match(/--[a-z-]+/g) ?? []) assert.ok(body.includes(`\`${option}`), `${file}: the rollmark ${name} section does not document \`${option}\``);
          for (const format of /--format ([a-z|]+)/.exec(line)?.[1].split('|') ?? []) assert.ok(body.includes(`\`${format}\``), `${file}: the rollmark ${name} section does not name the format \`${format}\``);
        }
      });
    }
  });

  describe('example commands run on the repository, as shown', () => {
    const cwd = process.cwd();
    before(() => process.chdir(root));
    after(() => process.chdir(cwd));

    for (const p of pages) {
      const blocks = bashBlocks(p);
      const commands = blocks.flatMap(({ block }) => commandsOf(p, block));
      if (commands.length === 0) continue;
      it(`${p.file}: ${commands.length} npx rollmark commands exit as documented and print what the page shows`, async () => {
        const updates: { from: number; to: number; text: string }[] = [];
        for (const { block, next } of blocks) {
          const inBlock = commandsOf(p, block);
          for (const command of inBlock) {
            const result = await run(command);
            assert.equal(result.code, command.exitCode, `${p.file}:${command.line}: rollmark ${command.argv.join(' ')} exits ${result.code}, the page says ${command.exitCode}\n${result.err}`);
            if (inBlock.length !== 1 || next?.type !== 'code' || !OUTPUT_LANGUAGES.has(next.lang ?? '')) continue;
            const shown = result.out.replace(/\n$/, '');
            if (UPDATE) updates.push({ from: next.position!.start.offset!, to: next.position!.end.offset!, text: `\`\`\`${next.lang}\n${shown}\n\`\`\`` });
            else assert.equal(next.value, shown, `${p.file}:${lineOf(next)}: the output shown is not what rollmark ${command.argv.join(' ')} prints now (ROLLMARK_UPDATE_DOCS=1 rewrites it)`);
          }
        }
        if (UPDATE && updates.length > 0) {
          let text = p.text;
          for (const u of updates.sort((a, b) => b.from - a.from)) text = text.slice(0, u.from) + u.text + text.slice(u.to);
          writeFileSync(path.join(root, p.file), text);
        }
      });
    }
  });

  it('project files shown in docs/ (```yaml blocks starting with # .rollmark/…) load without a problem', () => {
    let seen = 0;
    for (const p of pages) {
      for (const node of walk(p.tree)) {
        if (node.type !== 'code' || node.lang !== 'yaml') continue;
        const file = /^# (\.rollmark\/\S+)/.exec(node.value)?.[1];
        if (!file) continue;
        seen++;
        if (file.startsWith('.rollmark/rulesets/')) {
          const result = parseUserRuleset(node.value, file, () => undefined);
          assert.deepEqual(result.errors, [], `${p.file}:${lineOf(node)}: ${file}`);
        } else if (file === '.rollmark/party.yaml') {
          const rulesets = builtinRulesets();
          const index = (id: string) => {
            const ruleset = rulesets.get(id);
            return ruleset ? traitIndex(ruleset, []) : undefined;
          };
          assert.deepEqual(parsePartyFile(node.value, index).diagnostics, [], `${p.file}:${lineOf(node)}: ${file}`);
        } else {
          assert.deepEqual(parseDictionary(node.value).diagnostics, [], `${p.file}:${lineOf(node)}: ${file}`);
        }
      }
    }
    assert.ok(seen >= 2, 'docs/markup shows a dictionary and a ruleset file');
  });

  it('every relative link of the READMEs, CONTRIBUTING.md, CHANGELOG.md, ARCHITECTURE.md and docs/ leads to a file and heading that exist', () => {
    const linked = [...pages, readPage('ARCHITECTURE.md')];
    const problems: string[] = [];
    for (const p of linked) {
      for (const node of walk(p.tree)) {
        if (node.type !== 'link' && node.type !== 'image') continue;
        const url = node.url;
        if (/^[a-z][a-z+.-]*:/i.test(url)) continue;
        const [target, anchor] = url.split('#');
        const file = target === '' ? p.file : path.normalize(path.join(path.dirname(p.file), decodeURI(target)));
        if (!existsSync(path.join(root, file))) {
          problems.push(`${p.file}:${lineOf(node)}: ${url} (no ${file})`);
          continue;
        }
        if (anchor === undefined || !file.endsWith('.md')) continue;
        const into = linked.find((q) => q.file === file) ?? readPage(file);
        if (!anchors(into).has(decodeURIComponent(anchor))) problems.push(`${p.file}:${lineOf(node)}: ${url} (no such heading in ${file})`);
      }
    }
    assert.deepEqual(problems, []);
  });

  it('nothing outside test/ refers to ../shared or its contract files: the repository documents itself', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
      .split('\0')
      .filter((f) => f !== '' && !f.startsWith('test/') && !/\.(png|jpe?g|gif|ico|vsix)$/i.test(f) && existsSync(path.join(root, f)));
    const reference = /\.\.\/shared\b|\bshared\/(?:spec|rules|notes)\b|\b(?:MARKUP|RULESETS|CLI)\.md\b/;
    const found: string[] = [];
    for (const file of files) {
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (reference.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    assert.deepEqual(found, [], 'name docs/markup.md, docs/rulesets.md or docs/cli.md instead: ../shared is the developers\' contract, for tests only');
  });
});
