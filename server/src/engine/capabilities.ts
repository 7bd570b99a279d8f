/**
 * Which of the mechanics beyond a single roll (alternatives, teamwork, races, soak and damage,
 * initiative) a ruleset has, for the analysis to accept a parameter or report it (RM005). The engine itself computes what it is given.
 */
import type { Ruleset } from './ruleset';

/** `помощь`: the ruleset's own word, else the family's rule (vampire-pack's text has none). */
export function supportsTeamwork(ruleset: Ruleset): boolean {
  return ruleset.teamwork ?? ruleset.family !== 'pool-minus-difficulty';
}

/** `инициатива`, and a pool of the Initiative trait alone: where the ruleset names that trait. */
export function supportsInitiative(ruleset: Ruleset): boolean {
  return ruleset.initiativeTrait !== undefined;
}

/** `урон` / `поглощение`: rolls that cannot botch exist only where rolls can botch (classic). */
export function supportsNoBotch(ruleset: Ruleset): boolean {
  return ruleset.family === 'classic';
}

/** `маневр N`: where the ruleset says a vehicle's Maneuver caps a driver's pool (mage-revised 001 l.32). */
export function supportsManeuver(ruleset: Ruleset): boolean {
  return ruleset.maneuver === true;
}

/** A target of successes in a contest (a race); a d20 contest has no difficulty to count successes by. */
export function supportsRaces(ruleset: Ruleset): boolean {
  return ruleset.family !== 'd20';
}

/** `урон:` / `поглощение:`: the attack, damage and soak chain of the classic texts (001 l.268–275, 306). */
export function supportsCombat(ruleset: Ruleset): boolean {
  return ruleset.family === 'classic';
}
