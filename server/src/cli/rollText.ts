import type { Locale } from '../analysis/types';
import type { RollReport, SideRoll } from '../engine/rollReport';
import type { Ruleset } from '../engine/ruleset';

function diceText(roll: SideRoll): string {
  const parts = [`[${roll.dice.join(', ')}]`];
  if (roll.rerolled.length) parts.push(`+ [${roll.rerolled.join(', ')}]`);
  if (roll.bonus.length) parts.push(`bonus [${roll.bonus.join(', ')}]`);
  if (roll.total !== undefined) parts.push(`= ${roll.total}`);
  return parts.join(' ');
}

/** One line a person reads: «Сила + Атлетика: [3, 9, 10, 1] → 2 успеха — уверенный успех». */
export function rollLine(check: string, report: RollReport, locale: Locale): string {
  const name = report.outcome_name[locale];
  const seed = report.seed !== undefined ? ` (seed ${report.seed})` : '';
  const assumed = report.assumed_pool ? (locale === 'ru' ? ` [пул неизвестен, взят ${report.pool}]` : ` [pool unknown, used ${report.pool}]`) : '';
  if (report.opponent) return `${check}: ${diceText(report)} vs ${diceText(report.opponent)} → ${name}${assumed}${seed}`;
  if (report.extended) {
    const rolls = report.extended.rolls.map((r) => `${diceText(r)}=${r.successes}`).join('; ');
    return `${check}: ${rolls} → ${report.extended.accumulated}/${report.extended.target} — ${name}${assumed}${seed}`;
  }
  const count = report.total !== undefined ? '' : ` ${report.successes}`;
  return `${check}: ${diceText(report)} →${count} ${name}${assumed}${seed}`;
}

export function rollText(check: string, report: RollReport, ruleset: Ruleset, locale: Locale): string {
  return `${ruleset.id}: ${rollLine(check, report, locale)}\n`;
}
