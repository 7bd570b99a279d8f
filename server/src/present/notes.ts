/** The rules' notes on a result (`OddsNote`), in the words of the family they come from. */
import type { OddsNote } from '../engine/oddsReport';
import type { Ruleset } from '../engine/ruleset';
import type { Voice } from './voice';

export function noteText(note: OddsNote, ruleset: Ruleset, v: Voice): string {
  switch (note) {
    case 'chance_die':
      return v.w.noteChanceDie;
    case 'no_dice':
      return ruleset.family === 'pool-minus-difficulty' ? v.w.noteNoDiceOptions : v.w.noteNoDice;
    case 'high_competence':
      return ruleset.family === 'pool-minus-difficulty' ? v.w.noteHighCompetenceFrom(v.number(ruleset.params.highCompetenceAt)) : v.w.noteHighCompetence;
    case 'willpower':
      if (ruleset.family === 'classic') return v.w.noteClassicWillpower;
      if (ruleset.family === 'storytelling') return v.w.noteStorytellingWillpower(v.count(ruleset.params.willpowerDice, 'die'));
      return v.w.noteWillpower;
    case 'static_value':
      return v.w.noteStaticValue;
  }
}
