import { bar, distributionLines, noteText, outcomeLines } from '../analysis/oddsLines';
import { formatPercent, headlineProbability } from '../analysis/oddsSummary';
import type { Locale } from '../analysis/types';
import { isKnownPool, type OddsReport, type PoolOdds } from '../engine/oddsReport';
import type { Ruleset } from '../engine/ruleset';

const WORDS = {
  pool: { ru: 'пул', en: 'pool' },
  modifier: { ru: 'модификатор', en: 'modifier' },
  expected: { ru: 'в среднем', en: 'expected' },
  successes: { ru: 'успехи', en: 'successes' },
  margin: { ru: 'разница с сложностью', en: 'margin' },
  within: { ru: 'готово к броску', en: 'done by roll' },
  win: { ru: 'победа', en: 'win' },
  tie: { ru: 'ничья', en: 'tie' },
  lose: { ru: 'поражение', en: 'lose' },
  unknown: { ru: 'пул неизвестен: шансы по размеру пула', en: 'pool unknown: odds per pool size' },
} satisfies Record<string, Record<Locale, string>>;

function poolBlock(odds: PoolOdds, ruleset: Ruleset, locale: Locale, indent: string): string[] {
  const lines: string[] = [];
  if (odds.contest) {
    for (const key of ['win', 'tie', 'lose'] as const) lines.push(`${indent}${WORDS[key][locale].padEnd(22)} ${formatPercent(odds.contest[key]).padStart(7)}`);
    return lines;
  }
  for (const o of outcomeLines(odds, ruleset, locale)) lines.push(`${indent}${o.name.padEnd(22)} ${formatPercent(o.probability).padStart(7)}`);
  lines.push(`${indent}${WORDS.expected[locale].padEnd(22)} ${odds.expected.toFixed(2).padStart(7)}`);
  const distribution = distributionLines(odds, 8);
  if (distribution.length > 1) {
    lines.push(`${indent}${(odds.successes ? WORDS.successes : WORDS.margin)[locale]}:`);
    for (const d of distribution) lines.push(`${indent}  ${d.label.padStart(4)} ${bar(d.probability, 20).padEnd(20)} ${formatPercent(d.probability)}`);
  }
  if (odds.within) {
    lines.push(`${indent}${WORDS.within[locale]}: ${odds.within.map((p, k) => `${k + 1}: ${formatPercent(p)}`).join(', ')}`);
  }
  for (const note of odds.notes) lines.push(`${indent}${noteText(note, locale)}`);
  return lines;
}

/** `rollmark odds` without --json: the same numbers, for reading. */
export function oddsText(check: string, report: OddsReport, ruleset: Ruleset, locale: Locale): string {
  const title = locale === 'en' && ruleset.titleEn ? ruleset.titleEn : ruleset.title;
  const head = [`${title} (${ruleset.id})`];
  if (isKnownPool(report)) {
    const poolWord = ruleset.family === 'd20' ? WORDS.modifier : WORDS.pool;
    head.push(`${check} — ${poolWord[locale]} ${report.pool}`);
    return [...head, ...poolBlock(report, ruleset, locale, '  ')].join('\n') + '\n';
  }
  head.push(`${check} — ${WORDS.unknown[locale]}`);
  for (const [size, odds] of Object.entries(report.by_pool)) {
    const headline = headlineProbability(odds);
    head.push(`  ${size.padStart(3)}: ${bar(headline, 20).padEnd(20)} ${formatPercent(headline)}`);
  }
  return head.join('\n') + '\n';
}
