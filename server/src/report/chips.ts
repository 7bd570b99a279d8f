/**
 * A check as a chip: its text and a badge with its chance (the party's as a range), coloured by
 * how hard it is, marked when a problem sits on it. The Markdown preview gets the chips through
 * `rollmark/checkChips` and the report draws the same ones (chipHtml), with one markup
 * (protocol.ts `chipMarkup`) and one stylesheet (styles.ts).
 */
import type { AnalyzedCheck, DocumentAnalysis, Severity, TextRange } from '../analysis/types';
import { showControls } from '../present/escape';
import { analyzedCheckDetail, partyRange } from '../present/party';
import type { Voice } from '../present/voice';
import { type ChipBand, chipMarkup, escapeHtml } from '../protocol';
import { analysisSeverity, checkProblems, headlineChance, type SeverityOf } from './checks';

export interface Chip {
  range: TextRange;
  text: string;
  chance: number | null;
  label: string;
  title: string;
  band: ChipBand;
  severity?: Severity;
}

/** From 70 % a check is easy, from 40 % middling, below that hard. */
export function bandOf(chance: number | null): ChipBand {
  if (chance === null) return 'unknown';
  return chance >= 0.7 ? 'easy' : chance >= 0.4 ? 'medium' : 'hard';
}

/** «76 %»; a party's «51 %–76 %» (weakest to strongest); «?» when unknown. */
function badge(check: AnalyzedCheck, chance: number | null, v: Voice): string {
  if (check.party) return partyRange(check.party, v);
  return chance === null ? '?' : v.percent(chance);
}

/** The chip of one check; `severity` is the worst problem on it, as shown; a name's controls (U+202E) shown as escapes in its badge and title. */
export function checkChip(check: AnalyzedCheck, ruleset: DocumentAnalysis['ruleset'], v: Voice, severity?: Severity): Chip {
  const chance = headlineChance(check) ?? null;
  return {
    range: check.range,
    text: check.text,
    chance,
    label: showControls(badge(check, chance, v)),
    title: showControls(analyzedCheckDetail(check, ruleset, v)),
    band: bandOf(chance),
    ...(severity ? { severity } : {}),
  };
}

/** Every check of a document as a chip, in document order. */
export function documentChips(analysis: DocumentAnalysis, v: Voice, severityOf: SeverityOf = analysisSeverity): Chip[] {
  const problems = checkProblems(analysis, severityOf);
  return analysis.checks.map((check, i) => checkChip(check, analysis.ruleset, v, problems[i].worst));
}

// html.ts escapes the rest of the report with the same function.
export { escapeHtml };

/** The chip's markup (protocol.ts `chipMarkup`, the preview's too) around the escaped check. */
export function chipHtml(chip: Pick<Chip, 'text' | 'label' | 'title' | 'band' | 'severity'>): string {
  const { open, close } = chipMarkup(chip);
  return `${open}${escapeHtml(chip.text)}${close}`;
}
