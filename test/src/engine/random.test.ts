/**
 * The random sources (server/src/engine/random.ts): the cryptographic one takes the host's Web
 * Crypto (Node ≥ 20 and browsers alike) and makes every integer of a range equally likely, drawing
 * again a word that would favour the smallest ones; a fresh seed comes from the source it is given.
 */
import * as assert from 'node:assert/strict';
import { cryptoRandom, freshSeed, type RandomValues, seededRandom } from '../../../server/out/engine/random';

/** A host whose generator gives these 32-bit words, in order. */
function words(...list: number[]): RandomValues & { left: () => number } {
  const queue = [...list];
  return {
    getRandomValues(array) {
      const word = queue.shift();
      assert.ok(word !== undefined, 'more words asked for than the test scripted');
      array[0] = word;
      return array;
    },
    left: () => queue.length,
  };
}

describe('random sources', () => {
  it('maps a word to the range by its remainder', () => {
    assert.equal(cryptoRandom(words(0)).int(1, 6), 1);
    assert.equal(cryptoRandom(words(5)).int(1, 6), 6);
    assert.equal(cryptoRandom(words(6)).int(1, 6), 1);
    assert.equal(cryptoRandom(words(41)).int(-2, 12), -2 + (41 % 15));
  });

  it('draws again a word past the last whole multiple of the range, which would favour the low faces', () => {
    // 2^32 = 4,294,967,296 = 6 × 715,827,882 + 4: the four largest words are drawn again.
    const host = words(2 ** 32 - 1, 2 ** 32 - 4, 2 ** 32 - 5, 0);
    assert.equal(cryptoRandom(host).int(1, 6), 1 + ((2 ** 32 - 5) % 6));
    assert.equal(host.left(), 1, 'the two words past the limit were refused, the third taken');
  });

  it('gives every face of a die with Web Crypto, none outside it', () => {
    const random = cryptoRandom(globalThis.crypto);
    const counts = new Map<number, number>();
    for (let k = 0; k < 6000; k++) {
      const face = random.int(1, 10);
      counts.set(face, (counts.get(face) ?? 0) + 1);
    }
    assert.deepEqual([...counts.keys()].sort((a, b) => a - b), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // 600 expected per face; below 450 or above 750 happens with probability under 1e-9.
    for (const [face, count] of counts) assert.ok(count > 450 && count < 750, `face ${face}: ${count} of 6000`);
  });

  it('draws a fresh seed from the source it is given: a seeded source, a reproducible seed', () => {
    assert.equal(freshSeed(seededRandom(7)), freshSeed(seededRandom(7)));
    assert.equal(freshSeed(cryptoRandom(words(12345))), 12345);
    const seed = freshSeed(cryptoRandom(globalThis.crypto));
    assert.ok(Number.isInteger(seed) && seed >= 0 && seed <= 2 ** 31 - 2);
  });
});
