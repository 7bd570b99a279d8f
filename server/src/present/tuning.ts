/** Difficulty tuning in words: «Подобрать сложность: 70 % → сложность 3 (72 %)». */
import type { Tuning } from '../analysis/resolve/tuning';
import type { Voice } from './voice';

/** The value a tuning writes: «сложность 3», «модификатор +1», «без модификатора». */
function tunedValue(tuning: Tuning, v: Voice): string {
  if (tuning.kind === 'difficulty') return v.w.difficultyValue(v.number(tuning.value));
  return tuning.value === 0 ? v.w.noModifier : v.w.modifier(v.signed(tuning.value));
}

/** The code action's title, «Подобрать сложность: 30 %, 50 % → сложность 8 (44 %)»; for a check the party rolls, whose chance: «(Катастрофа — 72 %)». */
export function tuningTitle(tuning: Tuning, v: Voice): string {
  const chance = v.percent(tuning.chance);
  return v.w.tuneDifficulty(tuning.targets.map((t) => v.percent(t)).join(', '), tunedValue(tuning, v), tuning.character ? v.w.whoseChance(tuning.character, chance) : chance);
}
