import type { ExtendedStep } from './families/family';

/** Without a roll limit, report until the action is this likely to be done … */
const LIKELY_DONE = 0.99;
/** … or this many rolls, whichever comes first. */
const DEFAULT_ROLL_HORIZON = 20;

/**
 * P(the accumulated successes reach `target` by roll k), k = 1 … . Successes above the target
 * do not matter, so the state is the accumulated count below it; aborted actions drop out.
 */
export function probabilityDoneWithin(step: ExtendedStep, target: number, maxRolls?: number): number[] {
  const needed = Math.max(1, Math.ceil(target));
  let alive = new Array<number>(needed).fill(0);
  alive[0] = 1;
  let done = 0;
  const within: number[] = [];
  const horizon = maxRolls ?? DEFAULT_ROLL_HORIZON;
  for (let roll = 1; roll <= horizon; roll++) {
    const next = new Array<number>(needed).fill(0);
    for (let have = 0; have < needed; have++) {
      const mass = alive[have];
      if (mass === 0) continue;
      for (let gained = 0; gained < step.gain.length; gained++) {
        const reached = have + gained;
        if (reached >= needed) done += mass * step.gain[gained];
        else next[reached] += mass * step.gain[gained];
      }
    }
    alive = next;
    within.push(Math.min(1, done));
    if (maxRolls === undefined && done >= LIKELY_DONE) break;
  }
  return within;
}
