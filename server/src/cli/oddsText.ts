/** The text output of `rollmark odds` and `rollmark rulesets` (without --json), from the presentation layer. */
import type { Locale } from '../present/locale';
import type { CheckSpec } from '../engine/checkSpec';
import type { OddsReport } from '../engine/oddsReport';
import { isKnownPool } from '../service';
import type { Ruleset } from '../engine/ruleset';
import { textTable } from '../present/charts';
import { alternativeLines, alternativeRows, checkLine, headlineContext, headlineText, oddsChart, oddsView, unknownPoolTable } from '../present/odds';
import { rulesetFacts, rulesetSummary, rulesetTitle } from '../present/ruleset';
import { capitalize, voice } from '../present/voice';
import { asWritten } from './rollText';

/** `rollmark odds` without --json: what the hover shows, for a terminal. */
export function oddsText(check: string, report: OddsReport, ruleset: Ruleset, spec: CheckSpec, locale: Locale): string {
  const v = voice(locale);
  const ctx = { ruleset, v, spec };
  // « · », not brackets: a title may end in its own («Нити Судьбы (К20)»).
  const lines = [`${rulesetTitle(ruleset, v)} · ${ruleset.id}`];
  const alternatives = alternativeLines(alternativeRows(report, ctx), v);
  if (isKnownPool(report)) {
    const view = oddsView(report, headlineContext(report, ctx));
    lines.push(`${asWritten(check)} · ${checkLine(report, ctx).pool}`, capitalize(headlineText(view, v)));
    lines.push(...[...oddsChart(view, v), ...(view.mean ? [view.mean] : [])].map((line) => `  ${line}`));
    if (alternatives.length > 0) lines.push(v.w.alternatives, ...alternatives.map((line) => `  ${line}`));
    if (view.oneRoll) lines.push(v.w.oneRoll(headlineText(view.oneRoll, v)));
    if (view.goals) lines.push(...textTable(view.goals.header, view.goals.rows).map((line) => `  ${line}`));
    lines.push(...view.notes);
  } else {
    const table = unknownPoolTable(report, ctx);
    lines.push(`${asWritten(check)} · ${checkLine(report, ctx).pool}`, ...textTable(table.header, table.rows).map((line) => `  ${line}`));
    if (alternatives.length > 0) lines.push(v.w.alternatives, ...alternatives.map((line) => `  ${line}`), v.w.firstAlternativeTable);
  }
  return `${lines.join('\n')}\n`;
}

/** `rollmark rulesets` without --json: a ruleset's id and title, how it rolls, its summary. */
export function rulesetText(ruleset: Ruleset, locale: Locale): string {
  const v = voice(locale);
  const indent = ' '.repeat(19);
  const facts = [...rulesetFacts(ruleset, v), v.count(ruleset.traits.length, 'trait')].join(' · ');
  return `${ruleset.id.padEnd(18)} ${rulesetTitle(ruleset, v)}\n${indent}${facts}\n${indent}${rulesetSummary(ruleset, v)}\n`;
}
