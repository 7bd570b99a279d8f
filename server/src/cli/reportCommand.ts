/**
 * `rollmark report FILES|DIRS [--format html|json|md] [-o FILE]`: the scenario report (report/)
 * of the files named, read and analysed as `rollmark check` reads and analyses them (on worker
 * threads for a campaign).
 */
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { voice } from '../present/voice';
import { reportCharts } from '../report/charts';
import { reportPage } from '../report/html';
import { reportMarkdown } from '../report/markdown';
import { type FileReport, fileReport, scenarioReport } from '../report/model';
import { analyzeFiles } from './analyzeFiles';
import { type CliIo, toJson, UsageError } from './io';
import { writeFileAtomically } from '../node/projectFs';
import { readTargets, STDIN_NAME } from './readTargets';
import { requireRuleset } from './rulesetArgument';
import type { RollmarkService } from '../service';

const FORMATS = ['html', 'json', 'md'] as const;
type Format = (typeof FORMATS)[number];

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

/**
 * Exit 0 with the report written; 2 when a file could not be read (the others are reported all
 * the same), none was found, or the arguments are wrong. Problems in the scenarios are the
 * report's content, not a failure.
 */
export async function reportCommand(args: string[], io: CliIo, rollmark: RollmarkService): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { ruleset: { type: 'string' }, format: { type: 'string', default: 'html' }, output: { type: 'string', short: 'o' } },
  });
  const format = values.format as Format;
  if (!FORMATS.includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}`);
  if (positionals.length === 0) throw new UsageError('name the files or folders to report on, e.g. `rollmark report examples/`');
  const defaultRuleset = values.ruleset === undefined ? undefined : requireRuleset(values.ruleset, rollmark).id;
  const cwd = process.cwd();
  const output = values.output === undefined ? undefined : path.resolve(cwd, values.output);
  const v = voice(io.locale);

  const { files: read, unread } = await readTargets('report', positionals, io, cwd, rollmark);
  if (output && read.some((f) => f.path !== STDIN_NAME && path.resolve(cwd, f.path) === output)) throw new UsageError(`-o ${values.output} is one of the scenarios: the report never overwrites them`);
  let shownAt = 0;
  const progress = (analysed: number, force = false) => {
    if (!io.progress || (!force && Date.now() - shownAt < PROGRESS_INTERVAL)) return;
    shownAt = Date.now();
    io.progress(v.w.reportProgress(v.number(analysed), v.count(read.length, 'file')));
  };
  const analyses = await analyzeFiles(read, { rollmark, ...(defaultRuleset ? { defaultRuleset } : {}), progress });
  progress(read.length, true);
  io.progress?.(undefined);
  if (read.length === 0 && unread === 0) {
    throw new UsageError(v.w.noScenarioFiles(positionals.join(' ')));
  }
  const files: FileReport[] = read.map((file, k) => fileReport({ path: file.path, text: file.text, analysis: analyses[k] }, v));

  const report = scenarioReport(files);
  const href = hrefFrom(output ? path.dirname(output) : cwd, cwd);
  let text: string;
  if (format === 'json') text = `${toJson(report)}\n`;
  else if (format === 'md') text = reportMarkdown(report, href, v);
  else text = reportPage(report, await reportCharts(report, v), { href }, v);
  if (output) await writeFileAtomically(output, text);
  else io.out(text);
  return unread > 0 ? 2 : 0;
}
