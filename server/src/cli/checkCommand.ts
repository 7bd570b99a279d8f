import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import type { RandomSource } from '../engine/random';
import { DEFAULT_SEVERITY, LineIndex, type RollmarkService } from '../service';
import { analyzeFiles } from './analyzeFiles';
import { filesForParty, partyNames, requireParties } from './partyArgument';
import { allDiagnostics, type CheckedFile, checkText, fileChecksText, jsonReport, sarifReport, summarize, summaryText } from './checkReport';
import { type CliIo, toJson, UsageError } from './io';
import { maxDocumentBytes, readTargets } from './readTargets';
import { requireRuleset } from './rulesetArgument';
import { rollLine } from './rollText';
import { diagnosticMessage } from '../present/messages';
import { voice } from '../present/voice';

const FORMATS = ['text', 'json', 'sarif'] as const;
type Format = (typeof FORMATS)[number];

function textReport(files: readonly CheckedFile[], io: CliIo, rollmark: RollmarkService, showChecks: boolean, dice: RandomSource | undefined): void {
  const v = voice(io.locale);
  for (const file of files) {
    const lines = new LineIndex(file.text);
    const where = (offset: number) => {
      const p = lines.positionAt(offset);
      return `${file.path}:${p.line + 1}:${p.character + 1}`;
    };
    for (const d of allDiagnostics(file)) io.out(`${where(d.range.start)} ${d.severity} ${d.code} ${diagnosticMessage(d.message, v)}\n`);
    if (!showChecks || !file.analysis) continue;
    io.out(`${file.path}: ${fileChecksText(file.analysis, io.locale)}\n`);
    for (const check of file.analysis.checks) {
      io.out(`  ${where(check.range.start)} ${check.text} · ${checkText(check, file.analysis.ruleset, io.locale)}\n`);
      if (!dice) continue;
      const { ruleset } = file.analysis;
      // The whole party rolls as in the editor: each member their own pool, not the ruleset's typical one.
      if (check.party) for (const { actor, report } of rollmark.rollParty(ruleset, check.party.members, dice)) io.out(`    ${rollLine(report, ruleset, io.locale, actor)}\n`);
      else if (check.spec) io.out(`    ${rollLine(rollmark.roll(ruleset, check.spec, { dice, best: check.odds?.best }), ruleset, io.locale)}\n`);
    }
  }
  io.out(`${summaryText(summarize(files), io.locale)}\n`);
}

/**
 * `rollmark check`: exit 1 when there are errors or more warnings than allowed; 2 when a file
 * could not be read (the others are checked and reported all the same) or none was found.
 * `--jobs N` analyses on N worker threads (1: in this thread); by default a campaign of more than
 * a megabyte of text uses one per core (analyzeFiles.ts). The output is the same either way.
 */
export async function checkCommand(args: string[], io: CliIo, rollmark: RollmarkService): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      ruleset: { type: 'string' },
      party: { type: 'string', multiple: true },
      format: { type: 'string', default: 'text' },
      'max-warnings': { type: 'string' },
      checks: { type: 'boolean' },
      seed: { type: 'string' },
      'allow-empty': { type: 'boolean' },
      jobs: { type: 'string' },
      'max-document-size-mb': { type: 'string' },
    },
  });
  const format = values.format as Format;
  if (!FORMATS.includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}`);
  if (positionals.length === 0) throw new UsageError('name the files or folders to check, e.g. `rollmark check examples/`');
  const defaultRuleset = values.ruleset === undefined ? undefined : requireRuleset(values.ruleset, rollmark).id;
  const maxWarnings = values['max-warnings'] === undefined ? undefined : Number(values['max-warnings']);
  if (maxWarnings !== undefined && !Number.isInteger(maxWarnings)) throw new UsageError('--max-warnings must be a whole number');
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isInteger(seed)) throw new UsageError('--seed must be a whole number');

  const asked = values.jobs === undefined || values.jobs === 'auto' ? undefined : Number(values.jobs);
  if (asked !== undefined && !(Number.isInteger(asked) && asked >= 1)) throw new UsageError('--jobs must be a whole number from 1, or auto');
  // More threads than the machine runs at once only wait for each other, each with its own heap.
  const jobs = asked === undefined ? undefined : Math.min(asked, availableParallelism());
  if (asked !== undefined && jobs !== asked) {
    const v = voice(io.locale);
    io.err(`rollmark check: ${v.w.jobsCapped(String(asked), v.count(availableParallelism(), 'thread'))}\n`);
  }

  const cwd = process.cwd();
  const { files: targets, unread, projects } = await readTargets('check', positionals, io, cwd, rollmark, maxDocumentBytes(values['max-document-size-mb']));
  const names = partyNames(values.party);
  if (names.length > 1) throw new UsageError(voice(io.locale).w.oneParty());
  requireParties(names, targets, io);
  const pending = filesForParty(targets, names[0]);
  const analyses = await analyzeFiles(pending, { rollmark, ...(defaultRuleset ? { defaultRuleset } : {}), ...(jobs ? { jobs } : {}) });
  const scenarios: CheckedFile[] = pending.map((file, k) => ({ path: file.path, text: file.text, analysis: analyses[k] }));
  if (scenarios.length === 0 && unread === 0 && !values['allow-empty']) {
    throw new UsageError(voice(io.locale).w.noScenarioFilesToCheck(positionals.join(' ')));
  }
  // The projects' own files first, as the server shows them: diagnostics on each file, or (a file that cannot hold one) on its path.
  const files: CheckedFile[] = [];
  for (const root of projects.loaded()) {
    const config = await projects.config(root);
    const shown = (file: string) => path.relative(cwd, path.join(root, file)) || file;
    for (const [file, diagnostics] of config.fileDiagnostics) files.push({ path: shown(file), text: config.fileTexts.get(file) ?? '', extraDiagnostics: diagnostics });
    for (const problem of config.folderProblems) {
      files.push({ path: shown(problem.path), text: '', extraDiagnostics: [{ code: 'RM011', severity: DEFAULT_SEVERITY.RM011, message: problem.message, range: { start: 0, end: 0 }, fixes: [] }] });
    }
  }
  files.push(...scenarios);

  if (format === 'json') io.out(`${toJson(jsonReport(files, io.locale))}\n`);
  else if (format === 'sarif') io.out(`${toJson(sarifReport(files, io.locale, '0.1.0'))}\n`);
  // One generator for the whole run: the seed replays it all, and each check draws dice of its own.
  else textReport(files, io, rollmark, values.checks ?? false, seed === undefined ? undefined : rollmark.dice(seed));

  const s = summarize(files);
  if (unread > 0) return 2;
  return s.errors > 0 || (maxWarnings !== undefined && s.warnings > maxWarnings) ? 1 : 0;
}
