import { randomInt } from 'node:crypto';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/** Where dice get their faces: injected so tests and `--seed` replay a roll exactly. */
export interface RandomSource {
  /** A uniform integer in [min, max]. */
  int(min: number, max: number): number;
}

/** Real rolls: the operating system's cryptographic generator. */
export const cryptoRandom: RandomSource = {
  int: (min, max) => randomInt(min, max + 1),
};

/** Reproducible rolls for tests, demos and `--seed`. */
export function seededRandom(seed: number): RandomSource {
  const generator = xoroshiro128plus(seed | 0);
  return { int: (min, max) => uniformInt(generator, min, max) };
}

/** A fresh seed for a roll that should still be replayable from its report. */
export function freshSeed(): number {
  return randomInt(0, 2 ** 31 - 1);
}
