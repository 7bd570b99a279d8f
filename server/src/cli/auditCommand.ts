/**
 * `rollmark audit FILE… [--format text|json] [--ruleset ID]`: the luck audit of each file's kept
 * rolls (a session log, or a scenario with kept lines). Each file and each scenario a log names
 * beside it is read through its project's file system (inside the project, size first, UTF-8) and
 * analysed under that project, as `rollmark check` would.
 */
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import type { ScenarioSource } from '../analysis/luckAudit';
import { ProjectFs } from '../node/projectFs';
import { auditText } from '../present/luck';
import { unreadFileMessage } from '../present/refusals';
import { voice } from '../present/voice';
import type { RollmarkService } from '../service';
import { type CliIo, toJson, UsageError } from './io';
import { CliProjects } from './projects';

const FORMATS = ['text', 'json'] as const;

/** A file's path inside its project, `/`-separated. */
function inside(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join('/');
}

/**
 * Exit 0 with every file audited; 2 when a file could not be read (the others are audited all the
 * same) or the arguments are wrong.
 */
export async function auditCommand(args: string[], io: CliIo, rollmark: RollmarkService): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { format: { type: 'string', default: 'text' }, ruleset: { type: 'string' } } });
  const format = values.format as (typeof FORMATS)[number];
  if (!FORMATS.includes(format)) throw new UsageError(`--format must be text or json, got "${values.format}"`);
  if (positionals.length === 0) throw new UsageError('name the session logs to audit');
  const v = voice(io.locale);
  const cwd = process.cwd();
  const projects = new CliProjects(cwd, rollmark);
  const json: unknown[] = [];
  let exit = 0;
  for (const file of positionals) {
    const absolute = path.resolve(cwd, file);
    const found = await projects.rootOf(absolute);
    // Without a `.rollmark/` above it, a file outside the current directory is read in its own folder.
    const root = inside(found, absolute).startsWith('../') ? path.dirname(absolute) : found;
    const fs = new ProjectFs(root);
    const relative = inside(root, absolute);
    const read = await fs.readScenario(relative);
    if (read.kind !== 'text') {
      io.err(`rollmark audit: ${unreadFileMessage(file, read.kind === 'missing' ? { reason: 'unreadable', detail: 'ENOENT' } : read.refusal, v)}\n`);
      exit = 2;
      continue;
    }
    const project = await projects.config(root);
    const options = values.ruleset ? { defaultRuleset: values.ruleset } : {};
    const folder = relative.slice(0, relative.lastIndexOf('/') + 1);
    const scenario: ScenarioSource = async (named) => {
      if (named === undefined) return { text: read.text, analysis: rollmark.analyzeText(read.text, project, options) };
      const scenarioRead = await fs.readScenario(`${folder}${named}`);
      return scenarioRead.kind === 'text' ? { text: scenarioRead.text, analysis: rollmark.analyzeText(scenarioRead.text, project, options) } : undefined;
    };
    const result = await rollmark.auditKeptRolls(read.text, scenario);
    if (format === 'json') json.push({ file, ...jsonAudit(result) });
    else io.out(auditText(file, result, v));
  }
  if (format === 'json') io.out(`${toJson(json)}\n`);
  return exit;
}

type Audit = Awaited<ReturnType<RollmarkService['auditKeptRolls']>>;

/** The audit as `--format json` writes it (docs/cli.en.md). */
function jsonAudit(result: Audit): Record<string, unknown> {
  const audit = result.audit;
  return {
    ...(audit ? { percentile: audit.percentile, observed: audit.observed, expected: audit.expected, total: audit.total } : {}),
    ...(result.tooLarge ? { too_large: true } : {}),
    rolls: result.entries.map((e) => ({
      line: e.line + 1,
      check: e.kept.check,
      ...(e.kept.file !== undefined ? { file: e.kept.file, check_line: e.kept.line } : {}),
      seed: e.kept.seed,
      ...(e.actor !== undefined ? { actor: e.actor } : {}),
      successes: e.observed,
      ...(e.expected !== undefined ? { expected: e.expected, percentile: e.percentile } : {}),
      ...(e.skipped ? { skipped: e.skipped } : {}),
    })),
  };
}
