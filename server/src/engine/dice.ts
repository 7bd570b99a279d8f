import type { RandomSource } from './random';

/**
 * A re-roll chain can only end by chance; an injected source that always answers 10 must
 * not hang the server, so a chain stops after this many dice.
 */
export const MAX_CHAIN = 10_000;

export function rollDice(random: RandomSource, count: number, faces = 10): number[] {
  const dice: number[] = [];
  for (let i = 0; i < count; i++) dice.push(random.int(1, faces));
  return dice;
}

export function countAtLeast(dice: readonly number[], threshold: number): number {
  return dice.filter((face) => face >= threshold).length;
}

export function countEqual(dice: readonly number[], face: number): number {
  return dice.filter((d) => d === face).length;
}
