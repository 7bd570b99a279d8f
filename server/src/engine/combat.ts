/**
 * The classic combat chain (docs/markup.md «Атака, урон и поглощение»; 001 l.268–275, 306): an attack, its extra
 * successes added to the damage dice, the damage rolled against the target's soak. Pure: the
 * attack's and the defence's successes come in as distributions (the family computed them, helpers,
 * a specialty and Willpower included); everything after them is at difficulty 6 and cannot botch.
 */
import { convolve, type Distribution, floorAt, pointMass, TAIL_EPSILON, trimUpperTail } from './distribution';
import { countAtLeast, countEqual, rollDice } from './dice';
import type { RandomSource } from './random';

/** Damage and soak rolls are at difficulty 6 (001 l.273 «все броски поглощения имеют сложность 6»). */
export const COMBAT_DIFFICULTY = 6;

/**
 * The most dice an `урон:` or `поглощение:` pool may have (more is RM003): far above any weapon or
 * Stamina of the texts, and small enough that the chain stays exact and quick.
 */
export const MAX_COMBAT_POOL = 100;

/** What the chain needs besides the attack: the damage pool (before extra successes) and the soak pool, in dice. */
export interface CombatSpec {
  damage: number;
  /** 0 when the check gives no `поглощение:`. */
  soak: number;
}

/** The chain's answer, as the JSON writes it (docs/cli.en.md, "Combat"). */
export interface CombatOdds {
  /** P(the attack hits). */
  hit: number;
  /** P(levels dealt = k), k = 0, 1, …; a miss counts in 0. */
  damage: number[];
  expected_damage: number;
}

/** One die at difficulty 6: a 1 takes a success away, 2–5 nothing, 6–10 one success. */
const NET_DIE: Distribution = { min: -1, p: [0.1, 0.4, 0.5] };

/**
 * One more die of a damage or soak roll, both tails trimmed: the lowest values, whose mass stays
 * below TAIL_EPSILON, join the lowest value kept (a large roll's net far below 0 is as unlikely as
 * far above its mean, and its floor is 0 either way), so every count stays a few deviations wide.
 */
function addDie(net: Distribution): Distribution {
  const next = trimUpperTail(convolve(net, NET_DIE));
  let start = 0;
  let dropped = 0;
  while (start < next.p.length - 1 && dropped + next.p[start] < TAIL_EPSILON) dropped += next.p[start++];
  if (start === 0) return next;
  const p = next.p.slice(start);
  p[0] += dropped;
  return { min: next.min + start, p };
}

/** P(k successes) of a damage or soak roll of `dice` dice (k from 0): the dice's net, floored at 0. */
export function noBotchSuccesses(dice: number): number[] {
  let net = pointMass(0);
  for (let n = 0; n < dice; n++) net = addDie(net);
  const floored = floorAt(net, 0);
  return [...new Array<number>(floored.min).fill(0), ...floored.p];
}

/**
 * The damage's net successes before the floor, over the hits: Σₑ P(extra = e) · net of (pool + e)
 * dice. A floor of a mixture is the mixture of the floors, so one floor afterwards is exact; one
 * convolution per die keeps it linear in the dice.
 */
function damageNet(pool: number, extra: readonly number[]): Distribution {
  let net = pointMass(0);
  for (let n = 0; n < pool; n++) net = addDie(net);
  const mixed: number[] = [];
  const min = -(pool + extra.length);
  extra.forEach((weight, e) => {
    if (e > 0) net = addDie(net);
    if (weight === 0) return;
    net.p.forEach((p, i) => {
      const at = net.min + i - min;
      mixed[at] = (mixed[at] ?? 0) + weight * p;
    });
  });
  return { min, p: Array.from(mixed, (p) => p ?? 0) };
}

/** P(extra = e), e = 0, 1, …, for the hits only: their sum is P(hit). */
function extraOnHit(attack: Distribution, defence: Distribution | undefined): number[] {
  const extra: number[] = [];
  const add = (e: number, p: number) => (extra[e] = (extra[e] ?? 0) + p);
  attack.p.forEach((pa, i) => {
    const a = attack.min + i;
    if (pa === 0) return;
    if (!defence) {
      if (a >= 1) add(a - 1, pa);
      return;
    }
    defence.p.forEach((pd, j) => {
      const d = Math.max(0, defence.min + j);
      if (a > d && pd > 0) add(a - d - 1, pa * pd);
    });
  });
  return Array.from(extra, (p) => p ?? 0);
}

/**
 * The exact chain: `attack` and `defence` are the sides' successes floored at 0 (a botch is 0
 * successes, so it misses). Without a defence a hit is ≥ 1 success and extra = successes − 1; with
 * one, a hit is more successes than the defence and extra = the difference − 1. The damage is
 * (damage pool + extra) dice, the soak `soak` dice; levels dealt = max(0, damage − soak), 0 on a miss.
 */
export function combatOdds(attack: Distribution, defence: Distribution | undefined, combat: CombatSpec): CombatOdds {
  const attackFloored = floorAt(attack, 0);
  const defenceFloored = defence ? floorAt(defence, 0) : undefined;
  const extra = extraOnHit(attackFloored, defenceFloored);
  const hit = Math.min(1, extra.reduce((sum, p) => sum + p, 0));
  // The hits' damage successes (their total mass is P(hit)), then the soak taken off each.
  const dealt = floorAt(damageNet(Math.max(0, combat.damage), extra), 0);
  const soak = noBotchSuccesses(combat.soak);
  const levels: number[] = [Math.max(0, 1 - hit)];
  dealt.p.forEach((pd, i) => {
    if (pd === 0) return;
    const k = dealt.min + i;
    soak.forEach((ps, j) => {
      const l = Math.max(0, k - j);
      levels[l] = (levels[l] ?? 0) + pd * ps;
    });
  });
  const damage = trimUpperTail({ min: 0, p: Array.from(levels, (p) => p ?? 0) }).p;
  return { hit, damage, expected_damage: damage.reduce((sum, p, k) => sum + p * k, 0) };
}

/** One rolled damage or soak roll: its dice and successes (≥ 6 less the 1s, at least 0). */
export interface NoBotchRoll {
  pool: number;
  dice: number[];
  successes: number;
}

export function rollNoBotch(dice: number, random: RandomSource): NoBotchRoll {
  const pool = Math.max(0, dice);
  const rolled = rollDice(random, pool);
  return { pool, dice: rolled, successes: Math.max(0, countAtLeast(rolled, COMBAT_DIFFICULTY) - countEqual(rolled, 1)) };
}

/** A rolled chain (RolledCheck `combat`): whether it hit, the extra dice, the damage and soak rolls, the levels dealt. */
export interface CombatRoll {
  hit: boolean;
  /** Extra successes of the attack added to the damage dice (0 on a miss). */
  extra: number;
  /** Absent on a miss: nothing is rolled for damage. */
  damage?: NoBotchRoll;
  soak?: NoBotchRoll;
  levels: number;
}

/**
 * The chain after the attack: `attack` and `defence` are the sides' rolled successes (a botch is
 * 0), `defence` undefined without a defender.
 */
export function rollCombat(attack: number, defence: number | undefined, combat: CombatSpec, random: RandomSource): CombatRoll {
  const a = Math.max(0, attack);
  const d = defence === undefined ? undefined : Math.max(0, defence);
  const hit = d === undefined ? a >= 1 : a > d;
  if (!hit) return { hit: false, extra: 0, levels: 0 };
  const extra = d === undefined ? a - 1 : a - d - 1;
  const damage = rollNoBotch(Math.max(0, combat.damage) + extra, random);
  const soak = combat.soak > 0 ? rollNoBotch(combat.soak, random) : undefined;
  return { hit: true, extra, damage, ...(soak ? { soak } : {}), levels: Math.max(0, damage.successes - (soak?.successes ?? 0)) };
}
