/**
 * Initiative (001 l.253, 003 l.11): one d10 plus the rating; there is no success or failure,
 * only the total, which orders the characters' actions.
 */
import { rollDice } from './dice';
import type { PoolOdds } from './oddsReport';
import type { RandomSource } from './random';
import type { SideRoll } from './rollReport';

const FACES = 10;

/** P(1d10 + rating = total) for each total, keyed as in the JSON. */
export function initiativeOdds(rating: number): PoolOdds {
  const initiative: Record<string, number> = {};
  for (let face = 1; face <= FACES; face++) initiative[String(rating + face)] = 1 / FACES;
  return { pool: rating, initiative, expected: rating + (FACES + 1) / 2, notes: ['initiative'] };
}

export function rollInitiative(rating: number, random: RandomSource): SideRoll {
  const dice = rollDice(random, 1, FACES);
  return { pool: rating, dice, rerolled: [], bonus: [], total: rating + dice[0], successes: 0, outcome: 'initiative' };
}
