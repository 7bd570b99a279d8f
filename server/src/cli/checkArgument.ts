import type { CheckSpec } from '../engine/checkSpec';
import type { Ruleset } from '../engine/ruleset';
import type { RollmarkService } from '../service';
import { diagnosticMessage } from '../present/messages';
import { voice } from '../present/voice';
import { type CliIo, UsageError } from './io';

/**
 * The check of `odds` and `roll`: errors stop the command (exit 2) with the analysis's own
 * messages; warnings and notes go to stderr and the command goes on. A check the rules cannot
 * roll with only a warning («Воля 5»: RM002, the trait is spent, never rolled) stops it too, that
 * warning given as the reason.
 */
export function requireCheck(text: string | undefined, ruleset: Ruleset, io: CliIo, rollmark: RollmarkService): CheckSpec {
  if (!text) throw new UsageError('a check is required, e.g. "«Сила 3 + Атлетика 3 (сложность 2)»"');
  const resolved = rollmark.readCheck(text, ruleset);
  const v = voice(io.locale);
  const describe = (d: (typeof resolved.diagnostics)[number]) => `${d.severity} ${d.code} ${diagnosticMessage(d.message, v)} (at ${d.range.start})`;
  const errors = resolved.diagnostics.filter((d) => d.severity === 'error');
  const reasons = errors.length > 0 || resolved.spec ? errors : resolved.diagnostics;
  if (reasons.length > 0) throw new UsageError(`cannot take this check:\n  ${reasons.map(describe).join('\n  ')}`);
  for (const d of resolved.diagnostics) io.err(`${describe(d)}\n`);
  if (!resolved.spec) throw new UsageError('cannot take this check: it has no pool');
  return resolved.spec;
}
