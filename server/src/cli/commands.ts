import { parseArgs } from 'node:util';
import type { RollmarkService } from '../service';
import { requireCheck } from './checkArgument';
import { type CliIo, toJson, UsageError } from './io';
import { oddsText, rulesetText } from './oddsText';
import { requireRuleset } from './rulesetArgument';
import { rollText } from './rollText';

function integerOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d{1,9}$/.test(value)) throw new UsageError(`${name} must be a whole number, got "${value}"`);
  return Number(value);
}

export function oddsCommand(args: string[], io: CliIo, rollmark: RollmarkService): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { ruleset: { type: 'string' }, json: { type: 'boolean' } } });
  const ruleset = requireRuleset(values.ruleset, rollmark);
  const check = positionals.join(' ');
  const spec = requireCheck(check, ruleset, io, rollmark);
  const { ruleset: id, ...report } = rollmark.odds(ruleset, spec);
  io.out(values.json ? `${toJson({ ruleset: id, check, ...report })}\n` : oddsText(check, { ruleset: id, ...report }, ruleset, spec, io.locale));
  return 0;
}

export function rollCommand(args: string[], io: CliIo, rollmark: RollmarkService): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { ruleset: { type: 'string' }, json: { type: 'boolean' }, seed: { type: 'string' }, pool: { type: 'string' } },
  });
  const ruleset = requireRuleset(values.ruleset, rollmark);
  const check = positionals.join(' ');
  const spec = requireCheck(check, ruleset, io, rollmark);
  const seed = integerOption(values.seed, '--seed');
  const pool = integerOption(values.pool, '--pool');
  // The same bound as the server's roll command: a pool is dice on a table, not a stress test.
  if (pool !== undefined && (pool < 0 || pool > 100)) throw new UsageError('--pool must be between 0 and 100');
  const report = rollmark.roll(ruleset, spec, { ...(seed !== undefined ? { seed } : {}), ...(pool !== undefined ? { pool } : {}) });
  const { ruleset: id, ...rest } = report;
  io.out(values.json ? `${toJson({ ruleset: id, check, ...rest })}\n` : rollText(check, report, ruleset, io.locale, pool !== undefined));
  return 0;
}

export function rulesetsCommand(args: string[], io: CliIo, rollmark: RollmarkService): number {
  const { values } = parseArgs({ args, options: { json: { type: 'boolean' } } });
  const rulesets = rollmark.builtinRulesets();
  if (values.json) {
    const rows = rulesets.map((r) => ({ id: r.id, title: r.title, family: r.family, vocabulary: r.vocabulary, traits: r.traits.length, summary: r.summary }));
    io.out(`${toJson(rows)}\n`);
    return 0;
  }
  for (const r of rulesets) io.out(rulesetText(r, io.locale));
  return 0;
}

