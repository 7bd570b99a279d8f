/**
 * The luck audit (docs/cli.md «rollmark audit»): a text's kept rolls each compared with the exact
 * odds of its check, read in the check's own scenario as it is now, and the session's total
 * through engine/luck.ts. Shared by the editor's command and `rollmark audit` (service/).
 */
import { findKeptLines, type KeptRoll } from './keptRolls';
import type { AnalyzedCheck, DocumentAnalysis } from './types';
import { type AuditedRoll, type LuckAudit, luckAudit } from '../engine/luck';
import { isKnownPool, type OddsReport, type PoolOdds } from '../engine/oddsReport';

/** Why a kept roll was left out of the audit. */
export type AuditSkip = 'noScenario' | 'noCheck' | 'otherRuleset' | 'noActor' | 'noSuccesses';

/** One roller's kept roll, audited or not. */
export interface AuditEntry {
  /** 0-based line of the kept line in the audited text. */
  line: number;
  kept: KeptRoll;
  actor?: string;
  observed: number;
  /** The odds' mean successes, and the roll's mid-rank percentile (0…100), when audited. */
  expected?: number;
  percentile?: number;
  skipped?: AuditSkip;
}

export interface SessionAudit {
  entries: AuditEntry[];
  /** Over the audited entries; undefined when none was, or there were too many to compute exactly. */
  audit?: LuckAudit;
  /** Entries were audited, but the exact total would cost too much (engine/luck.ts `MAX_AUDIT_WORK`). */
  tooLarge: boolean;
}

/** The analysis of a kept roll's scenario: the audited text's own (`file` undefined), or the file a session log names, relative to the log. */
export type ScenarioSource = (file: string | undefined) => Promise<ScenarioText | undefined>;

export interface ScenarioText {
  text: string;
  analysis: DocumentAnalysis;
}

/** Where 0-based line `line` starts (the text's end past its last line). */
function lineOffset(text: string, line: number): number {
  let offset = 0;
  for (let i = 0; i < line; i++) {
    const next = text.indexOf('\n', offset);
    if (next < 0) return text.length;
    offset = next + 1;
  }
  return offset;
}

/** The check a kept roll names: with that text, the nearest above `offset` (a kept line follows its check), else the nearest below. */
export function keptCheck(checks: readonly AnalyzedCheck[], text: string, offset: number): AnalyzedCheck | undefined {
  let above: AnalyzedCheck | undefined;
  for (const check of checks) {
    if (check.text !== text) continue;
    if (check.range.start <= offset) above = check;
    else return above ?? check;
  }
  return above;
}

/** The pool's odds the roll was rolled at: the check's, or with an unknown pool those of the pool it took. */
function poolOdds(report: OddsReport, pool: number | undefined): PoolOdds | undefined {
  if (isKnownPool(report)) return report;
  return pool === undefined ? undefined : report.by_pool[String(pool)];
}

/** P(k successes) of a single roll whose successes are counted; none for contests, actions of several rolls, initiative. */
function successDistribution(odds: PoolOdds | undefined): readonly number[] | undefined {
  if (!odds?.successes || odds.contest || odds.within || odds.initiative) return undefined;
  return odds.successes;
}

function rollerOdds(check: AnalyzedCheck, actor: string | undefined): OddsReport | 'noActor' | undefined {
  if (actor === undefined) return check.odds;
  const member = check.party?.members.find((m) => m.character === actor);
  return member ? member.odds : 'noActor';
}

/** Audits the kept lines of `text`. */
export async function auditKeptRolls(text: string, scenario: ScenarioSource): Promise<SessionAudit> {
  const entries: AuditEntry[] = [];
  const audited: AuditedRoll[] = [];
  const analyses = new Map<string, Promise<ScenarioText | undefined>>();
  const analysisOf = (file: string | undefined) => {
    const key = file ?? '';
    if (!analyses.has(key)) analyses.set(key, scenario(file));
    return analyses.get(key) as Promise<ScenarioText | undefined>;
  };
  for (const kept of findKeptLines(text)) {
    const source = await analysisOf(kept.roll.file);
    const analysis = source?.analysis;
    const offset = kept.roll.file === undefined ? kept.start : source ? lineOffset(source.text, (kept.roll.line ?? 1) - 1) : 0;
    const check = analysis ? keptCheck(analysis.checks, kept.roll.check, offset) : undefined;
    for (const roll of kept.roll.rolls) {
      const entry: AuditEntry = { line: kept.line, kept: kept.roll, observed: roll.successes, ...(roll.actor !== undefined ? { actor: roll.actor } : {}) };
      entries.push(entry);
      if (!analysis) entry.skipped = 'noScenario';
      else if (!check) entry.skipped = 'noCheck';
      else if (analysis.ruleset.id !== kept.roll.ruleset) entry.skipped = 'otherRuleset';
      if (entry.skipped || !check) continue;
      const odds = rollerOdds(check, kept.roll.party || roll.actor !== undefined ? roll.actor : undefined);
      const distribution = odds === 'noActor' ? undefined : successDistribution(odds && poolOdds(odds, kept.roll.pool));
      if (odds === 'noActor') entry.skipped = 'noActor';
      else if (!distribution) entry.skipped = 'noSuccesses';
      else {
        audited.push({ distribution, observed: roll.successes });
        entry.expected = distribution.reduce((sum, p, k) => sum + p * k, 0);
      }
    }
  }
  const audit = luckAudit(audited);
  if (audit) {
    let i = 0;
    for (const entry of entries) if (entry.expected !== undefined) entry.percentile = audit.rolls[i++];
  }
  return { entries, ...(audit ? { audit } : {}), tooLarge: audited.length > 0 && !audit };
}
