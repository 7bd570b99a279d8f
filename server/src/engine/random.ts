import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/** Where dice get their faces: injected so tests and `--seed` replay a roll exactly. */
export interface RandomSource {
  /** A uniform integer in [min, max]. */
  int(min: number, max: number): number;
}

/**
 * What a cryptographic source needs of its host: Web Crypto's `getRandomValues`, which Node ≥ 20
 * and browsers both have as `globalThis.crypto`. The host passes it in, so that the engine names
 * no runtime.
 */
export interface RandomValues {
  getRandomValues<T extends Uint32Array>(array: T): T;
}

const TWO_TO_32 = 2 ** 32;

/** Real rolls: the host's cryptographic generator, every integer of the range equally likely. */
export function cryptoRandom(crypto: RandomValues): RandomSource {
  const word = new Uint32Array(1);
  return {
    int(min, max) {
      const size = max - min + 1;
      // Words at or past the last whole multiple of `size` would favour the smallest results: drawn again.
      const limit = TWO_TO_32 - (TWO_TO_32 % size);
      for (;;) {
        const value = crypto.getRandomValues(word)[0];
        if (value < limit) return min + (value % size);
      }
    },
  };
}

/** Reproducible rolls for tests, demos and `--seed`. */
export function seededRandom(seed: number): RandomSource {
  const generator = xoroshiro128plus(seed | 0);
  return { int: (min, max) => uniformInt(generator, min, max) };
}

/** A fresh seed for a roll that should still be replayable from its report. */
export function freshSeed(random: RandomSource): number {
  return random.int(0, 2 ** 31 - 2);
}
