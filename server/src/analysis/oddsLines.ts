import type { OddsNote, PoolOdds } from '../engine/oddsReport';
import type { Ruleset } from '../engine/ruleset';
import { formatPercent } from './oddsSummary';
import type { Locale } from './types';

export interface OutcomeLine {
  key: string;
  /** In the ruleset's own words. */
  name: string;
  probability: number;
}

/** Partition keys first, in the order a reader expects; d20's overlapping critical keys after. */
const OUTCOME_ORDER = ['no_dice', 'botch', 'dramatic_failure', 'painful_failure', 'failure', 'success', 'exceptional_success', 'critical_success', 'critical_failure', 'critical_rescue'];

export function outcomeLines(odds: PoolOdds, ruleset: Ruleset, locale: Locale): OutcomeLine[] {
  const outcomes = odds.outcomes ?? {};
  return OUTCOME_ORDER.filter((key) => key in outcomes).map((key) => ({
    key,
    name: ruleset.outcomes[key]?.[locale] ?? key,
    probability: outcomes[key],
  }));
}

const BLOCKS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉', '█'];

/** A bar of `width` cells for a probability, in eighths of a cell. */
export function bar(probability: number, width = 10): string {
  const eighths = Math.round(Math.max(0, Math.min(1, probability)) * width * 8);
  return '█'.repeat(Math.floor(eighths / 8)) + BLOCKS[eighths % 8];
}

export interface DistributionLine {
  label: string;
  probability: number;
}

/** Successes 0, 1, … (d10) or margins (d20), the negligible tail folded into the last line. */
export function distributionLines(odds: PoolOdds, maxLines = 8): DistributionLine[] {
  if (odds.successes) {
    const lines: DistributionLine[] = [];
    const s = odds.successes;
    for (let k = 0; k < s.length && k < maxLines; k++) {
      const last = k === maxLines - 1 && s.length > maxLines;
      const probability = last ? s.slice(k).reduce((a, b) => a + b, 0) : s[k];
      lines.push({ label: last ? `${k}+` : String(k), probability });
    }
    // Trailing entries too small to see only lengthen the chart.
    while (lines.length > 2 && lines[lines.length - 1].probability < 0.0005) lines.pop();
    return lines;
  }
  if (odds.margin) {
    return Object.entries(odds.margin)
      .map(([m, probability]) => ({ label: Number(m) > 0 ? `+${m}` : m, probability }))
      .sort((a, b) => Number(a.label) - Number(b.label));
  }
  return [];
}

const NOTE_TEXT: Record<OddsNote, Record<Locale, string>> = {
  chance_die: { ru: 'Бросок на удачу: одна кость, успех только на 10; 1 — полный провал.', en: 'Chance die: one die, success only on a 10; a 1 is a dramatic failure.' },
  no_dice: { ru: 'Костей не осталось: бросок невозможен.', en: 'No dice left: no roll is possible.' },
  high_competence: {
    ru: 'Высокая компетентность: можно взять базовый успех без броска (кроме атаки и защиты).',
    en: 'High competence: a base success may be taken without rolling (except attack or defence).',
  },
  willpower: { ru: 'С тратой Силы воли.', en: 'Willpower spent.' },
  static_value: { ru: 'Статичное значение: без броска, исход известен заранее.', en: 'Static value: no roll, the result is certain.' },
};

export function noteText(note: OddsNote, locale: Locale): string {
  return NOTE_TEXT[note][locale];
}

export function percent(probability: number): string {
  return formatPercent(probability);
}
