import type { CheckSpec, RollSide } from './checkSpec';
import { compareScores } from './contest';
import { mean } from './distribution';
import { probabilityDoneWithin } from './extended';
import { classicFamily } from './families/classic';
import { d20Family } from './families/d20';
import type { FamilyModel } from './families/family';
import { poolMinusDifficultyFamily } from './families/poolMinusDifficulty';
import { storytellingFamily } from './families/storytelling';
import type { OddsReport, PoolOdds } from './oddsReport';
import type { Ruleset } from './ruleset';

export function familyOf(ruleset: Ruleset): FamilyModel {
  // Each model is typed for its own ruleset variant; the discriminant guarantees the match.
  switch (ruleset.family) {
    case 'classic':
      return classicFamily as FamilyModel;
    case 'storytelling':
      return storytellingFamily as FamilyModel;
    case 'pool-minus-difficulty':
      return poolMinusDifficultyFamily as FamilyModel;
    case 'd20':
      return d20Family as FamilyModel;
  }
}

function contestOdds(family: FamilyModel, ruleset: Ruleset, side: RollSide, pool: number, opponent: RollSide, opponentPool: number): PoolOdds {
  const score = family.contestScore(ruleset, side, pool);
  return {
    pool,
    expected: mean(score),
    contest: compareScores(score, family.contestScore(ruleset, opponent, opponentPool)),
    notes: [],
  };
}

function poolOdds(family: FamilyModel, ruleset: Ruleset, spec: CheckSpec, pool: number, opponentPool: number | undefined): PoolOdds {
  if (spec.opponent && opponentPool !== undefined) {
    return contestOdds(family, ruleset, spec.side, pool, spec.opponent, opponentPool);
  }
  const odds = family.odds(ruleset, spec.side, pool);
  if (!spec.extended) return odds;
  const step = family.extendedStep(ruleset, spec.side, pool);
  return { ...odds, within: probabilityDoneWithin(step, spec.extended.target, spec.extended.maxRolls) };
}

/**
 * Exact odds of a check. When a side's pool is unknown, the same report for each pool size
 * the family tabulates (an unknown opponent gets the same size as the row).
 */
export function computeOdds(ruleset: Ruleset, spec: CheckSpec): OddsReport {
  const family = familyOf(ruleset);
  const role = spec.opponent ? 'contest' : 'check';
  const pool = family.resolvePool(ruleset, spec.side, role);
  const opponentPool = spec.opponent ? family.resolvePool(ruleset, spec.opponent, 'contest') : undefined;
  if (pool !== null && opponentPool !== null) {
    return { ruleset: ruleset.id, ...poolOdds(family, ruleset, spec, pool, opponentPool) };
  }
  const byPool: Record<string, PoolOdds> = {};
  for (const size of family.unknownPoolRange) {
    byPool[String(size)] = poolOdds(family, ruleset, spec, pool ?? size, opponentPool === null ? size : opponentPool);
  }
  return { ruleset: ruleset.id, pool: null, by_pool: byPool };
}
