/**
 * The whole party on a check without an actor (analysis/resolve/party.ts), said the same way in the
 * hover, the code lens, the outline and the CLI: each character's chance, best first, then the
 * party's «хотя бы один» and «все».
 */
import type { AnalyzedCheck, PartyOdds } from '../analysis/types';
import type { Ruleset } from '../engine/ruleset';
import { barChart, type ChartRow } from './charts';
import { checkDetail, checkLine, lensHead, type LensOptions } from './odds';
import { poolText } from './ruleset';
import type { Voice } from './voice';

/** Each member as a bar: «Катастрофа (пул 4)  76 % ████████████▏». */
export function partyRows(party: PartyOdds, ruleset: Ruleset, v: Voice): ChartRow[] {
  return party.members.map((m) => ({
    label: m.odds.pool === null ? m.character : v.w.partyMember(m.character, poolText(ruleset, m.odds.pool, v)),
    probability: m.success,
  }));
}

/** The members' chances from the weakest to the strongest: «51 %–76 %» (one number when they agree). */
export function partyRange(party: PartyOdds, v: Voice): string {
  const low = v.percent(party.members[party.members.length - 1].success);
  const high = v.percent(party.members[0].success);
  return low === high ? high : `${low}–${high}`;
}

/** «хотя бы один 94 % · все 41 %». */
export function partySummary(party: PartyOdds, v: Voice): string {
  return `${v.w.partyAnyShort(v.percent(party.any))} · ${v.w.partyAllShort(v.percent(party.all))}`;
}

/** The hover's party section: the party's chances in bold, the formula, a bar per member, who helps instead and who cannot roll. */
export function partyHoverParts(party: PartyOdds, formula: readonly string[], ruleset: Ruleset, v: Voice): string[] {
  const headline = `**${v.w.partyAny(v.percent(party.any))}** · ${v.w.partyAll(v.percent(party.all))}`;
  const parts = [[headline, ...formula].join('  \n'), ['```text', ...barChart(partyRows(party, ruleset, v), v), '```'].join('\n')];
  const notes = [...(party.helping.length > 0 ? [v.w.partyHelping(party.helping.join(', '))] : []), ...(party.lacking.length > 0 ? [v.w.partyLacking(party.lacking.join(', '))] : [])];
  if (notes.length > 0) parts.push(notes.map((note) => `_${note}_`).join('  \n'));
  return parts;
}

/**
 * «партия: Катастрофа 76 %, Адриан 61 % · хотя бы один 94 % · все 41 % · нет значений в листе:
 * Ольха»: the outline's detail, the CLI's line, the inlay hint's tooltip, the chip's title. Who
 * cannot roll is named, as the hover names them.
 */
export function partyDetail(party: PartyOdds, v: Voice): string {
  const members = party.members.map((m) => `${m.character} ${v.percent(m.success)}`).join(', ');
  const lacking = party.lacking.length > 0 ? ` · ${v.w.partyLackingShort(party.lacking.join(', '))}` : '';
  return `${v.w.partyLabel}: ${members} · ${partySummary(party, v)}${lacking}`;
}

/** A check in one line, the party's figures when it has a party: the outline's detail, `rollmark check --checks`. */
export function analyzedCheckDetail(check: AnalyzedCheck, ruleset: Ruleset, v: Voice): string {
  return check.party ? partyDetail(check.party, v) : checkDetail(checkLine(check.odds, { ruleset, v, spec: check.spec }));
}

/** «🎲 Бросить»; with the odds «🎲 Бросить · партия: хотя бы один 76 %, все 12 %». */
export function partyLensTitle(party: PartyOdds, v: Voice, options: LensOptions): string {
  const head = lensHead(v, options);
  return options.odds ? `${head} · ${v.w.partyLabel}: ${v.w.partyAnyShort(v.percent(party.any))}, ${v.w.partyAllShort(v.percent(party.all))}` : head;
}
