/**
 * Numbers and plurals as each language writes them, through Intl: decimal comma and a
 * non-breaking space before % in Russian, a true minus sign, Russian four-digit numbers whole,
 * and the plural forms Intl.PluralRules picks.
 */
import * as assert from 'node:assert/strict';
import { formatCount, formatNumber, formatPercent, formatSigned } from '../../../server/out/present/numbers';
import { NOUNS } from '../../../server/out/present/words';
import { NBSP } from './text';

describe('present: numbers', () => {
  it('writes probabilities with whole percents in the middle and two decimals at the ends', () => {
    const cases: [number, string, string][] = [
      [0.76, `76${NBSP}%`, '76%'],
      [0.0081, `0,81${NBSP}%`, '0.81%'],
      [0.9925, `99,25${NBSP}%`, '99.25%'],
      [0.004, `0,4${NBSP}%`, '0.4%'],
      [0.5049, `50${NBSP}%`, '50%'],
      [0.0099999, `1${NBSP}%`, '1%'],
      [0.00004, `<0,01${NBSP}%`, '<0.01%'],
      [0.99996, `>99,99${NBSP}%`, '>99.99%'],
      [0, `0${NBSP}%`, '0%'],
      [1, `100${NBSP}%`, '100%'],
    ];
    for (const [p, ru, en] of cases) {
      assert.equal(formatPercent(p, 'ru'), ru, `ru ${p}`);
      assert.equal(formatPercent(p, 'en'), en, `en ${p}`);
    }
  });

  it('writes a computed number with at most two decimals and a minus sign', () => {
    assert.deepEqual(
      [1.2, 1.666666, 17.83, -1, 0, 1001, 12001].map((n) => formatNumber(n, 'ru')),
      ['1,2', '1,67', '17,83', '−1', '0', '1001', `12${NBSP}001`],
    );
    assert.deepEqual(
      [1.2, 1.666666, 17.83, -1, 0, 1001, 12001].map((n) => formatNumber(n, 'en')),
      ['1.2', '1.67', '17.83', '−1', '0', '1,001', '12,001'],
    );
    assert.deepEqual([4, -2, 0, 2.83].map((n) => formatSigned(n, 'ru')), ['+4', '−2', '0', '+2,83']);
  });

  it('puts a noun in the form the number asks for', () => {
    const ru = (n: number, noun: keyof typeof NOUNS, orMore = false) => formatCount(n, NOUNS[noun].ru, 'ru', orMore);
    const en = (n: number, noun: keyof typeof NOUNS) => formatCount(n, NOUNS[noun].en, 'en');
    assert.deepEqual(
      [1, 2, 5, 11, 21, 22, 25, 101, 112].map((n) => ru(n, 'success')),
      ['1 успех', '2 успеха', '5 успехов', '11 успехов', '21 успех', '22 успеха', '25 успехов', '101 успех', '112 успехов'],
    );
    assert.deepEqual([1, 4, 5].map((n) => ru(n, 'roll')), ['1 бросок', '4 броска', '5 бросков']);
    assert.deepEqual([1, 3, 5].map((n) => ru(n, 'die')), ['1 кость', '3 кости', '5 костей']);
    assert.deepEqual([1.2, 0.11].map((n) => ru(n, 'success')), ['1,2 успеха', '0,11 успеха']);
    assert.deepEqual([5, 3].map((n) => ru(n, 'success', true)), ['5+ успехов', '3+ успеха']);
    assert.deepEqual([1, 2, 1.2].map((n) => en(n, 'success')), ['1 success', '2 successes', '1.2 successes']);
    assert.deepEqual([1, 4].map((n) => en(n, 'die')), ['1 die', '4 dice']);
  });
});
