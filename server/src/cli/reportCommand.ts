/**
 * `rollmark report FILES|DIRS [--format html|json|md] [-o FILE]`: the scenario report (report/)
 * of the files named, folders walked for `*.md` as `rollmark check` walks them. Each file is
 * analysed and reduced to its report at once, so a campaign's analyses are never all held.
 */
import { randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { analyzeDocument } from '../analysis/analyzeDocument';
import { skippedFileNote, unreadFileMessage } from '../analysis/fileRefusal';
import { voice } from '../present/voice';
import { reportCharts } from '../report/charts';
import { reportPage } from '../report/html';
import { reportMarkdown } from '../report/markdown';
import { type FileReport, fileReport, scenarioReport } from '../report/model';
import { collectFiles, readScenario, readStdin } from './checkFiles';
import { type CliIo, toJson, UsageError } from './io';
import { CliProjects } from './projects';
import { requireRuleset } from './rulesetArgument';

const FORMATS = ['html', 'json', 'md'] as const;
type Format = (typeof FORMATS)[number];

/** Standard input's name in reports. */
const STDIN_NAME = '<stdin>';

/** The progress line is redrawn at most this often (milliseconds). */
const PROGRESS_INTERVAL = 100;

/** A link from the report to a file: relative to the folder the report is written in, as a URL path. */
function hrefFrom(outDir: string, cwd: string): (file: string) => string | undefined {
  return (file) => {
    if (file === STDIN_NAME) return undefined;
    const relative = path.relative(outDir, path.resolve(cwd, file));
    return relative.split(path.sep).map(encodeURIComponent).join('/');
  };
}

/** Writes the report whole or not at all: a temporary file beside it, renamed over it. */
async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temporary, 'wx');
  try {
    try {
      await handle.writeFile(text, 'utf8');
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

/**
 * Exit 0 with the report written; 2 when a file could not be read (the others are reported all
 * the same), none was found, or the arguments are wrong. Problems in the scenarios are the
 * report's content, not a failure.
 */
export async function reportCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { ruleset: { type: 'string' }, format: { type: 'string', default: 'html' }, output: { type: 'string', short: 'o' } },
  });
  const format = values.format as Format;
  if (!FORMATS.includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}`);
  if (positionals.length === 0) throw new UsageError('name the files or folders to report on, e.g. `rollmark report examples/`');
  const defaultRuleset = values.ruleset === undefined ? undefined : requireRuleset(values.ruleset).id;
  const cwd = process.cwd();
  const output = values.output === undefined ? undefined : path.resolve(cwd, values.output);
  const v = voice(io.locale);

  const targets = await collectFiles(positionals);
  if (output && targets.some((t) => t.kind !== 'stdin' && path.resolve(cwd, t.path) === output)) throw new UsageError(`-o ${values.output} is one of the scenarios: the report never overwrites them`);
  const total = targets.filter((t) => t.kind !== 'skipped').length;
  const projects = new CliProjects(cwd, io.locale);
  const files: FileReport[] = [];
  let done = 0;
  let unread = 0;
  let shownAt = 0;
  const progress = (force: boolean) => {
    if (!io.progress || (!force && Date.now() - shownAt < PROGRESS_INTERVAL)) return;
    shownAt = Date.now();
    io.progress(v.w.reportProgress(v.number(done), v.count(total, 'file')));
  };
  for (const target of targets) {
    if (target.kind === 'skipped') {
      io.err(`rollmark report: ${skippedFileNote(target.path, target.refusal, io.locale)}\n`);
      continue;
    }
    const name = target.kind === 'stdin' ? STDIN_NAME : target.path;
    const read = target.kind === 'stdin' ? await readStdin(io.stdin?.() ?? process.stdin) : await readScenario(target.path);
    done++;
    progress(false);
    if (read.kind === 'refused') {
      io.err(`rollmark report: ${unreadFileMessage(name, read.refusal, io.locale)}\n`);
      unread++;
      continue;
    }
    const workspace = await projects.config(await projects.rootOf(target.kind === 'stdin' ? undefined : target.path));
    const analysis = analyzeDocument(read.text, { locale: io.locale, rulesets: workspace.rulesets, dictionary: workspace.dictionary, ...(defaultRuleset ? { defaultRuleset } : {}) });
    files.push(fileReport({ path: name, text: read.text, analysis }, v));
  }
  progress(true);
  io.progress?.(undefined);
  if (files.length === 0 && unread === 0) {
    throw new UsageError(io.locale === 'ru' ? `не найдено ни одного файла сценария в ${positionals.join(' ')}` : `no scenario files found in ${positionals.join(' ')}`);
  }

  const report = scenarioReport(files);
  const href = hrefFrom(output ? path.dirname(output) : cwd, cwd);
  let text: string;
  if (format === 'json') text = `${toJson(report)}\n`;
  else if (format === 'md') text = reportMarkdown(report, href, v);
  else text = reportPage(report, await reportCharts(report, v), { href }, v);
  if (output) await writeAtomically(output, text);
  else io.out(text);
  return unread > 0 ? 2 : 0;
}
