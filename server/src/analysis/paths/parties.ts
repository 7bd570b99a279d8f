/**
 * Whose chances the paths are computed with. A party is a name and the chance it succeeds at a
 * check; every function of this stage takes a list of them, so a project with several parties
 * asks once per party.
 */
import { successChance } from '../resolve/party';
import type { AnalyzedCheck } from '../types';

export interface NamedParty {
  name: string;
  /** The party's chance of succeeding at the check; undefined when unknown. */
  chance(check: AnalyzedCheck): number | undefined;
}

/** Limit: the parties compared side by side (`rollmark report --party A,B`, the overview); more would not fit its columns. */
export const MAX_COMPARED_PARTIES = 4;

/** The key of the party a scenario's own front matter makes (its characters), in the report's JSON. */
export const SCENARIO_PARTY = 'front-matter';

/**
 * The scenario's own characters: a check that names one is rolled by them; a check without an
 * actor that the whole party could roll (analysis/resolve/party.ts) is rolled once, by the
 * character best at it; any other check at its own odds.
 */
export function scenarioParty(): NamedParty {
  return {
    name: SCENARIO_PARTY,
    chance: (check) => {
      if (check.party && check.party.members.length > 0) return check.party.members[0].success;
      return check.odds ? successChance(check.odds) : undefined;
    },
  };
}
