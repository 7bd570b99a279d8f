/**
 * An oracle for the classic combat chain (RULESETS.md "Additions (3)", 001 l.268–275, 306) that lists
 * die faces: every face of the attack, of the defence, of each possible number of damage dice and of
 * the soak dice, counted by the text's wording and combined by hand. It shares no code with the engine.
 */
import { forEachFaces } from './bruteForce';

/** P(successes = k) of `dice` d10 at difficulty `t`, floored at 0, and P(botch), from all 10^dice faces. */
export function listed(dice: number, t: number): { successes: number[]; botch: number } {
  const successes: number[] = [];
  let botch = 0;
  const each = Math.pow(10, -dice);
  forEachFaces(dice, 10, (faces) => {
    const hits = faces.filter((f) => f >= t).length;
    const ones = faces.filter((f) => f === 1).length;
    const net = Math.max(0, hits - ones);
    successes[net] = (successes[net] ?? 0) + each;
    // 001 l.19: no success and at least one 1.
    if (hits === 0 && ones > 0) botch += each;
  });
  return { successes: Array.from(successes, (p) => p ?? 0), botch };
}

/**
 * The chain as the text tells it: a hit is ≥ 1 success (against a defence: more successes than
 * it), each success beyond the first (beyond the defence's and one more) adds a damage die; the
 * damage and the soak at difficulty 6 (1s cancel, never a botch); levels = damage − soak, at least 0.
 */
export function combatOracle(attackDice: number, t: number, defence: { dice: number; t: number } | undefined, damageDice: number, soakDice: number) {
  const attack = listed(attackDice, t);
  const guard = defence ? listed(defence.dice, defence.t).successes : [1];
  const soak = listed(soakDice, 6).successes;
  const levels: number[] = [];
  let hit = 0;
  attack.successes.forEach((pa, a) => {
    guard.forEach((pd, d) => {
      const hits = defence ? a > d : a >= 1;
      const p = pa * pd;
      if (!hits) {
        levels[0] = (levels[0] ?? 0) + p;
        return;
      }
      hit += p;
      const extra = defence ? a - d - 1 : a - 1;
      const damage = listed(damageDice + extra, 6).successes;
      damage.forEach((pk, k) =>
        soak.forEach((ps, s) => {
          const l = Math.max(0, k - s);
          levels[l] = (levels[l] ?? 0) + p * pk * ps;
        }),
      );
    });
  });
  const damage = Array.from(levels, (p) => p ?? 0);
  return { hit, botch: attack.botch, damage, expected: damage.reduce((sum, p, k) => sum + p * k, 0) };
}

