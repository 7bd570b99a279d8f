import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { analyzeDocument } from '../analysis/analyzeDocument';
import { LineIndex } from '../analysis/lineIndex';
import { loadWorkspaceConfig } from '../analysis/workspaceConfig';
import { rollCheck } from '../engine/roll';
import { allDiagnostics, type CheckedFile, checkText, fileChecksText, jsonReport, sarifReport, summarize, summaryText } from './checkReport';
import { collectFiles } from './checkFiles';
import { type CliIo, toJson, UsageError } from './io';
import { nodeWorkspaceFs } from './nodeWorkspaceFs';
import { requireRuleset } from './rulesetArgument';
import { rollLine } from './rollText';

const FORMATS = ['text', 'json', 'sarif'] as const;
type Format = (typeof FORMATS)[number];

function textReport(files: readonly CheckedFile[], io: CliIo, showChecks: boolean, seed: number | undefined): void {
  for (const file of files) {
    const lines = new LineIndex(file.text);
    const where = (offset: number) => {
      const p = lines.positionAt(offset);
      return `${file.path}:${p.line + 1}:${p.character + 1}`;
    };
    for (const d of allDiagnostics(file)) io.out(`${where(d.range.start)} ${d.severity} ${d.code} ${d.message}\n`);
    if (!showChecks || !file.analysis) continue;
    io.out(`${file.path}: ${fileChecksText(file.analysis, io.locale)}\n`);
    for (const check of file.analysis.checks) {
      io.out(`  ${where(check.range.start)} ${check.text} · ${checkText(check, file.analysis.ruleset, io.locale)}\n`);
      if (seed !== undefined && check.spec) io.out(`    ${rollLine(rollCheck(file.analysis.ruleset, check.spec, { seed }), file.analysis.ruleset, io.locale)}\n`);
    }
  }
  io.out(`${summaryText(summarize(files), io.locale)}\n`);
}

/** `rollmark check`: exit 1 when there are errors or more warnings than allowed. */
export async function checkCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      ruleset: { type: 'string' },
      format: { type: 'string', default: 'text' },
      'max-warnings': { type: 'string' },
      checks: { type: 'boolean' },
      seed: { type: 'string' },
    },
  });
  const format = values.format as Format;
  if (!FORMATS.includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}`);
  if (positionals.length === 0) throw new UsageError('name the files or folders to check, e.g. `rollmark check examples/`');
  const defaultRuleset = values.ruleset === undefined ? undefined : requireRuleset(values.ruleset).id;
  const maxWarnings = values['max-warnings'] === undefined ? undefined : Number(values['max-warnings']);
  if (maxWarnings !== undefined && !Number.isInteger(maxWarnings)) throw new UsageError('--max-warnings must be a whole number');
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isInteger(seed)) throw new UsageError('--seed must be a whole number');

  const workspace = await loadWorkspaceConfig(nodeWorkspaceFs(process.cwd()), io.locale);
  const files: CheckedFile[] = [];
  for (const [configPath, diagnostics] of workspace.fileDiagnostics) {
    const text = await readFile(path.join(process.cwd(), configPath), 'utf8').catch(() => '');
    files.push({ path: configPath, text, extraDiagnostics: diagnostics });
  }
  for (const file of await collectFiles(positionals)) {
    const text = await readFile(file, 'utf8');
    const analysis = analyzeDocument(text, { locale: io.locale, rulesets: workspace.rulesets, dictionary: workspace.dictionary, ...(defaultRuleset ? { defaultRuleset } : {}) });
    files.push({ path: file, text, analysis });
  }

  if (format === 'json') io.out(`${toJson(jsonReport(files))}\n`);
  else if (format === 'sarif') io.out(`${toJson(sarifReport(files, io.locale, '0.1.0'))}\n`);
  else textReport(files, io, values.checks ?? false, seed);

  const s = summarize(files);
  return s.errors > 0 || (maxWarnings !== undefined && s.warnings > maxWarnings) ? 1 : 0;
}
