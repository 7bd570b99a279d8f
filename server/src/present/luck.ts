/**
 * The luck audit in words (features/luckAudit.ts computes it): the verdict, the totals, and a line
 * per kept roll, for `rollmark audit` and the editor's page alike.
 */
import type { AuditEntry, AuditSkip, SessionAudit } from '../analysis/luckAudit';
import type { Voice } from './voice';

/** A percentile as the verdict says it: «12» (Russian adds «-м»), «12th». Whole numbers: the rounding of a 0…100 scale. */
export function percentileWord(percentile: number, v: Voice): string {
  const n = Math.round(percentile);
  if (v.locale === 'ru') return v.number(n);
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

function skipReason(skip: AuditSkip, v: Voice): string {
  switch (skip) {
    case 'noScenario':
      return v.w.auditNoScenario;
    case 'noCheck':
      return v.w.auditNoCheck;
    case 'otherRuleset':
      return v.w.auditOtherRuleset;
    case 'noActor':
      return v.w.auditNoActor;
    case 'noSuccesses':
      return v.w.auditNoSuccesses;
  }
}

/** Where a kept roll's check is: its scenario and line in a session log, else the kept line's own line (1-based). */
function entryPlace(entry: AuditEntry): string {
  return entry.kept.file !== undefined ? `${entry.kept.file}:${entry.kept.line ?? 1}` : `${entry.line + 1}`;
}

/** One kept roll's line: ««Сила + Атлетика» (12) · Ирина: 2 при ожидаемых 1,6 — 58-й процентиль». */
export function auditEntryLine(entry: AuditEntry, v: Voice): string {
  const check = `${entry.kept.check} (${entryPlace(entry)})`;
  if (entry.skipped) return v.w.auditSkipped(check, skipReason(entry.skipped, v));
  const who = entry.actor !== undefined ? ` · ${entry.actor}` : '';
  const percentile = entry.percentile === undefined ? '—' : percentileWord(entry.percentile, v);
  return v.w.auditRollLine(check, who, v.number(entry.observed), v.number(Math.round((entry.expected ?? 0) * 100) / 100), percentile);
}

/** The verdict and the totals, or why there is none. */
export function auditHeadline(result: SessionAudit, v: Voice): string[] {
  if (result.tooLarge) return [v.w.auditTooLarge];
  const audit = result.audit;
  if (!audit) return [v.w.auditNoRolls];
  const rolls = v.count(audit.rolls.length, 'roll');
  return [v.w.auditVerdict(percentileWord(audit.percentile, v)), v.w.auditTotals(v.number(audit.observed), v.number(Math.round(audit.expected * 100) / 100), rolls)];
}

/** `rollmark audit` without --format json: the headline, then each kept roll. */
export function auditText(path: string, result: SessionAudit, v: Voice): string {
  return [`${v.w.auditTitle}: ${path}`, ...auditHeadline(result, v).map((line) => `  ${line}`), ...result.entries.map((e) => `    ${auditEntryLine(e, v)}`)].join('\n') + '\n';
}
