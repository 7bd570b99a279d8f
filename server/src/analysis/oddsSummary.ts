import { isKnownPool, type OddsReport, type PoolOdds } from '../engine/oddsReport';

/**
 * The one number a lens, an inlay hint or a report line shows: P(success) counting every kind
 * of success (exceptional included), P(win) in a contest, P(done in time) for an extended action.
 */
export function headlineProbability(odds: PoolOdds): number {
  if (odds.contest) return odds.contest.win;
  if (odds.within && odds.within.length > 0) return odds.within[odds.within.length - 1];
  const outcomes = odds.outcomes ?? {};
  return (outcomes.success ?? 0) + (outcomes.exceptional_success ?? 0);
}

/** The headline for a report, or null when the pool is unknown. */
export function reportHeadline(report: OddsReport): number | null {
  return isKnownPool(report) ? headlineProbability(report) : null;
}

/** «76%», «0.4%», «<0.01%», «100%»: rounded for reading, never rounded to a false 0 or 100. */
export function formatPercent(probability: number): string {
  const percent = probability * 100;
  if (probability <= 0) return '0%';
  if (probability >= 1) return '100%';
  if (percent < 0.01) return '<0.01%';
  if (percent > 99.99) return '>99.99%';
  if (percent < 1 || percent > 99) return `${percent.toFixed(2).replace(/0+$/, '').replace(/\.$/, '')}%`;
  return `${Math.round(percent)}%`;
}
