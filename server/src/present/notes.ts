/** The rules' notes on a result (`OddsNote`), in the words of the family they come from. */
import type { OddsNote, PoolOdds } from '../engine/oddsReport';
import type { Ruleset } from '../engine/ruleset';
import { outcomeName } from './ruleset';
import type { Voice } from './voice';

/** How the family's helpers help (docs/rulesets.en.md), agreeing with their number. */
function helpersNote(helpers: number, ruleset: Ruleset, v: Voice): string {
  const count = v.count(helpers, 'helper');
  const one = v.singular(helpers);
  switch (ruleset.family) {
    case 'storytelling':
      return v.w.noteHelpersDice(count, one);
    case 'd20':
      return v.w.noteHelpersEdge(count, one);
    default:
      return v.w.noteHelpersSuccesses(count, one);
  }
}

/** A note of `odds` in words; the report's own fields give its numbers (helpers, rounds, chances). */
export function noteText(note: OddsNote, odds: PoolOdds, ruleset: Ruleset, v: Voice): string {
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
    case 'teamwork':
      return helpersNote(odds.helpers ?? 0, ruleset, v);
    case 'no_botch':
      return v.w.noteNoBotch;
    case 'critical_rescue':
      return v.w.rescue(v.percent(odds.outcomes?.critical_success ?? 0), outcomeName(ruleset, 'critical_rescue', v));
    case 'specialty':
      return v.w.noteSpecialty;
    case 'tie_break': {
      // 004 l.119: the higher Attribute «либо тот, кто начал состязание, — по решению Рассказчика».
      const initiator = odds.tie_to_initiator;
      if (!initiator) return v.w.noteTieBreak;
      return v.w.noteTieBreakOrInitiator(v.percent(initiator.roller - initiator.opponent), v.percent(initiator.roller), v.percent(initiator.opponent));
    }
    case 'tie_initiator': {
      const initiator = odds.tie_to_initiator ?? { roller: 0, opponent: 0 };
      return v.w.noteTieToInitiator(v.percent(initiator.roller - initiator.opponent), v.percent(initiator.roller), v.percent(initiator.opponent));
    }
    case 'dramatic_contest':
      return v.w.noteDramaticContest(outcomeName(ruleset, 'dramatic_failure', v));
    case 'unfinished':
      return v.w.raceUnfinished(v.count(odds.within?.length ?? 0, 'round'), v.percent(odds.unfinished ?? 0));
    case 'initiative':
      // 001 l.253, 003 l.11: equal totals go to the higher rating, equal ratings act at once.
      return ruleset.family === 'classic' ? v.w.noteInitiativeTies : v.w.noteInitiative;
    case 'twice':
      return v.w.noteTwice;
    case 'second_attempt':
      return v.w.noteSecondAttempt;
    case 'special':
      return v.w.noteSpecial;
    case 'combat':
      return v.w.noteCombat(v.count(odds.damage_pool ?? 0, 'die'), odds.soak_pool ? v.count(odds.soak_pool, 'die') : undefined);
    case 'no_high_competence':
      return odds.combat_role === 'defence' ? v.w.noteNoHighCompetenceDefence : v.w.noteNoHighCompetenceAttack;
    case 'deal':
      return v.w.noteDeal;
    case 'extra_successes':
      return v.w.noteExtraSuccesses(v.count(odds.extra_successes ?? 0, 'success'));
    case 'durability':
      return v.w.noteDurability(v.number(odds.durability ?? 0));
    case 'maneuver':
      return v.w.noteManeuver(v.number(odds.maneuver?.cap ?? 0), v.number(odds.maneuver?.written ?? 0));
    case 'replay':
      return v.w.noteReplay;
    case 'head_start':
      return v.w.noteHeadStart(v.count(odds.head_start?.[0] ?? 0, 'success'), v.count(odds.head_start?.[1] ?? 0, 'success'));
  }
}
