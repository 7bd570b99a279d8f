import type { Locale } from '../present/locale';
import type { RolledCheck } from '../engine/rollReport';
import type { Ruleset } from '../engine/ruleset';
import { rollLog, rollSummary } from '../present/roll';
import { voice } from '../present/voice';

/** The check as the editor quotes it: in «», however it was typed on the command line. */
export function asWritten(check: string): string {
  const trimmed = check.trim();
  return /^«[\s\S]*»$/.test(trimmed) ? trimmed : `«${trimmed}»`;
}

/** `rollmark roll` without --json: the lines the editor's roll log writes. `poolGiven`: --pool was given. */
export function rollText(check: string, report: RolledCheck, ruleset: Ruleset, locale: Locale, poolGiven: boolean): string {
  const assumed = report.assumed_pool ? { pool: report.pool, source: poolGiven ? ('argument' as const) : ('typical' as const) } : undefined;
  return `${rollLog(asWritten(check), report, ruleset, voice(locale), assumed).join('\n')}\n`;
}

/**
 * `rollmark check --checks --seed`: a roll under its check's line, «🎲 Вера: …» for a member of the
 * party; an unknown pool rolls the typical one.
 */
export function rollLine(report: RolledCheck, ruleset: Ruleset, locale: Locale, actor?: string): string {
  const assumed = report.assumed_pool ? { pool: report.pool, source: 'typical' as const } : undefined;
  return `🎲 ${actor === undefined ? '' : `${actor}: `}${rollSummary(report, ruleset, voice(locale), assumed)}`;
}
