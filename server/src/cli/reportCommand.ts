/**
 * `rollmark report FILES|DIRS [--format html|json|md] [-o FILE] [--party NAME…]`: the scenario report (report/)
 * of the files named, read and analysed as `rollmark check` reads and analyses them (on worker
 * threads for a campaign). The file `-o` names is resolved to its real path before any work and
 * never lands on a file the run reads, a scenario or a project file; written whole or not at all.
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
import type { WriteRefusal } from '../analysis/project/fileRefusal';
import { reportNotWrittenMessage } from '../present/fileWrites';
import { type OutputTarget, resolveOutput } from '../node/projectFs';
import { overwritesInput, writeOrPrint } from './outputFile';
import { maxDocumentBytes, readTargets, STDIN_NAME } from './readTargets';
import { requireRuleset } from './rulesetArgument';
import { type PartyAnalyses, reportPaths } from '../report/paths';
import { comparisonMarkdown } from '../report/comparison';
import { pathsHtml } from '../report/sceneGraph';
import { filesForParty, partyLabel, partyNames, requireParties } from './partyArgument';
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
 * the same), none was found, the arguments are wrong, or the report could not be written (why,
 * and what to do, on standard error). Problems in the scenarios are the report's content, not a
 * failure.
 */
export async function reportCommand(args: string[], io: CliIo, rollmark: RollmarkService): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { ruleset: { type: 'string' }, format: { type: 'string', default: 'html' }, output: { type: 'string', short: 'o' }, 'max-document-size-mb': { type: 'string' }, party: { type: 'string', multiple: true } },
  });
  const format = values.format as Format;
  if (!FORMATS.includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}`);
  if (positionals.length === 0) throw new UsageError('name the files or folders to report on, e.g. `rollmark report examples/`');
  const defaultRuleset = values.ruleset === undefined ? undefined : requireRuleset(values.ruleset, rollmark).id;
  const cwd = process.cwd();
  const output = values.output === undefined ? undefined : path.resolve(cwd, values.output);
  const v = voice(io.locale);

  const { files: targets, unread, inputs } = await readTargets('report', positionals, io, cwd, rollmark, maxDocumentBytes(values['max-document-size-mb']));
  const names = partyNames(values.party);
  requireParties(names, targets, io);
  const read = filesForParty(targets, names[0]);
  const notWritten = (refusal: WriteRefusal) => {
    io.err(`rollmark report: ${reportNotWrittenMessage(values.output ?? '', refusal, io.locale)}\n`);
    return 2;
  };
  let target: OutputTarget | undefined;
  if (values.output !== undefined) {
    // As written: a refusal names the folder the way the user did.
    target = await resolveOutput(values.output);
    if (target.kind === 'refused') return notWritten(target.refusal);
    const input = await overwritesInput(target.real, inputs);
    if (input) return notWritten(input);
  }
  let shownAt = 0;
  const progress = (analysed: number, force = false) => {
    if (!io.progress || (!force && Date.now() - shownAt < PROGRESS_INTERVAL)) return;
    shownAt = Date.now();
    io.progress(v.w.reportProgress(v.number(analysed), v.count(read.length, 'file')));
  };
  const analyze = (files: typeof read) => analyzeFiles(files, { rollmark, ...(defaultRuleset ? { defaultRuleset } : {}), progress });
  const analyses = await analyze(read);
  // Each further party analyses the same files again: its characters change every check's chance.
  const parties: PartyAnalyses[] = names.length > 1 ? [{ name: partyLabel(read, names[0]) ?? names[0], analyses }] : [];
  for (const name of names.slice(1)) {
    const files = filesForParty(targets, name);
    parties.push({ name: partyLabel(files, name) ?? name, analyses: await analyze(files) });
  }
  progress(read.length, true);
  io.progress?.(undefined);
  if (read.length === 0 && unread === 0) {
    throw new UsageError(v.w.noScenarioFiles(positionals.join(' ')));
  }
  const sources = read.map((file, k) => ({ path: file.path, text: file.text, analysis: analyses[k] }));
  const files: FileReport[] = sources.map((source) => fileReport(source, v));

  const report = scenarioReport(files);
  const href = hrefFrom(output ? path.dirname(output) : cwd, cwd);
  // The paths once: JSON's fields, HTML's map, and the parties side by side in every format with two or more.
  const paths = format !== 'md' || parties.length > 1 ? reportPaths(sources, parties) : undefined;
  let text: string;
  if (format === 'json') text = `${toJson({ ...report, ...paths })}\n`;
  else if (format === 'md') text = `${[reportMarkdown(report, href, v).trimEnd(), ...(paths ? ['', ...comparisonMarkdown(paths, href, v)] : [])].join('\n').trimEnd()}\n`;
  else text = reportPage(report, await reportCharts(report, v), { href }, v, paths ? pathsHtml(paths, { href }, v) : '');
  return (await writeOrPrint(target?.kind === 'file' ? target : undefined, text, io, notWritten)) ?? (unread > 0 ? 2 : 0);
}
