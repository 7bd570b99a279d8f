/**
 * Hover texts in Markdown, read in two seconds: the chance that matters on the first line, the
 * formula under it, then the outcome rows as bars, then the rules' notes. A plain check's hover
 * stays within about a dozen lines, VS Code's hover height without scrolling.
 */
import type { AnalyzedCheck } from '../analysis/types';
import { isKnownPool, type UnknownPoolReport } from '../engine/oddsReport';
import type { Ruleset, TraitEntry } from '../engine/ruleset';
import { markdownTable } from './charts';
import { checkFormula } from './formula';
import {
  alternativeLines,
  alternativeRows,
  figureText,
  headlineContext,
  headlineText,
  isInitiative,
  mainFigureText,
  type OddsContext,
  oddsChart,
  oddsView,
  type OddsView,
  type PoolTable,
  unknownPoolTable,
} from './odds';
import { partyHoverParts } from './party';
import { categoryName, rulesetFacts, rulesetSummary, rulesetTitle, unknownPoolText } from './ruleset';
import { capitalize, type Voice } from './voice';

/** Lines of one paragraph: Markdown's hard line break between them. */
function paragraph(lines: readonly string[]): string {
  return lines.join('  \n');
}

function codeBlock(lines: readonly string[]): string {
  return ['```text', ...lines, '```'].join('\n');
}

/** «**Успех 76 %** · болезненный провал 11 %»: the main chance in bold, the rest after it. */
function headlineMarkdown(view: OddsView, v: Voice): string {
  return [`**${capitalize(mainFigureText(view, v))}**`, ...view.also.map((figure) => figureText(figure, v))].join(' · ');
}

function knownPoolParts(view: OddsView, formula: readonly string[], alternatives: readonly string[], v: Voice): string[] {
  // The mean ends the formula's line: one line less keeps a plain check within the hover's height.
  const [first, ...rest] = formula;
  const parts = [paragraph([headlineMarkdown(view, v), view.mean ? `${first} · ${view.mean}` : first, ...rest]), codeBlock(oddsChart(view, v))];
  // One line, however many combinations: the hover wraps it, and stays within its height.
  if (alternatives.length > 0) parts.push([v.w.alternatives, alternatives.join(' · ')].join(' '));
  if (view.oneRoll) parts.push(v.w.oneRoll(headlineText(view.oneRoll, v)));
  if (view.goals) parts.push(markdownTable(view.goals.header, view.goals.rows).join('\n'));
  if (view.notes.length > 0) parts.push(paragraph(view.notes.map((note) => `_${note}_`)));
  return parts;
}

/** Tables longer than this are set in two halves side by side, to stay within the hover's height. */
const MAX_TABLE_ROWS = 10;

function sideBySide({ header, rows }: PoolTable): string[] {
  if (rows.length <= MAX_TABLE_ROWS) return markdownTable(header, rows);
  const half = Math.ceil(rows.length / 2);
  const blank = header.map(() => '');
  return markdownTable([...header, ...header], rows.slice(0, half).map((left, i) => [...left, ...(rows[half + i] ?? blank)]), header.length);
}

/** Named helpers whose pool is unknown: not in the front matter (RM007), or a trait missing from their sheet (RM008). */
function helpersWithoutPool(check: AnalyzedCheck): string[] {
  const spec = check.spec?.alternatives?.[0]?.spec ?? check.spec;
  const rolls = [spec?.side, spec?.opponent];
  return check.sides.flatMap((side, i) => (rolls[i]?.helpers ?? []).flatMap((helper, k) => (helper.base === null && side.helpers?.[k] !== undefined ? [side.helpers[k]] : [])));
}

function unknownPoolParts(check: AnalyzedCheck, report: UnknownPoolReport, formula: readonly string[], ctx: OddsContext): string[] {
  const { ruleset, v } = ctx;
  const missing = check.sides.flatMap((side) => side.terms.filter((t) => t.value === undefined).map((t) => t.trait?.name ?? t.written));
  const helpers = helpersWithoutPool(check);
  const headline = [
    `**${capitalize(unknownPoolText(ruleset, v, isInitiative(report)))}**`,
    ...(missing.length > 0 ? [v.w.missingValues(missing.join(', '))] : []),
    ...(helpers.length > 0 ? [v.w.helpersWithoutPool(helpers.join(', '))] : []),
  ].join(' · ');
  const parts = [paragraph([headline, ...formula]), sideBySide(unknownPoolTable(report, ctx)).join('\n')];
  const alternatives = alternativeLines(alternativeRows(report, ctx), v);
  if (alternatives.length > 0) parts.push(`${[v.w.alternatives, alternatives.join(' · ')].join(' ')} _(${v.w.firstAlternativeTable})_`);
  return parts;
}

/** A trait in one line: «**Сила** · Strength · Характеристика (Физические) · ✓ есть в тексте правил». */
export function traitLine(trait: TraitEntry, ruleset: Ruleset, v: Voice): string {
  const parts = [`**${trait.name}**`];
  if (trait.en && trait.en !== trait.name) parts.push(trait.en);
  parts.push(categoryName(ruleset, trait.category, v) + (trait.group ? ` (${trait.group})` : ''));
  parts.push(!ruleset.traits.includes(trait) ? v.w.fromDictionary : trait.attested ? v.w.attested : v.w.unattested);
  const others = [...(trait.aliases ?? []), ...(trait.variants ?? [])];
  if (others.length > 0) parts.push(v.w.otherSpellings(others.join(', ')));
  return parts.join(' · ');
}

/**
 * Everything the hover says about a check: the odds first (a check without an actor: the
 * party's), whatever part of the check is under the cursor; the trait under it, if any, after them.
 */
export function checkHoverMarkdown(check: AnalyzedCheck, ruleset: Ruleset, v: Voice, hovered?: TraitEntry): string {
  const ctx: OddsContext = { ruleset, v, spec: check.spec };
  const formula = checkFormula(check, ruleset, v);
  const odds = check.odds;
  let parts: string[];
  if (!odds || formula.length === 0) parts = [v.w.checkHasError];
  else if (check.party) parts = partyHoverParts(check.party, formula, ruleset, v);
  else if (!isKnownPool(odds)) parts = unknownPoolParts(check, odds, formula, ctx);
  else {
    // The best combination in bold: the one the headline and a roll use.
    const alternatives = alternativeLines(alternativeRows(odds, ctx), v).map((line, i) => (i === odds.best ? `**${line}**` : line));
    parts = knownPoolParts(oddsView(odds, headlineContext(odds, ctx)), formula, alternatives, v);
  }
  if (hovered) parts.push('---', traitLine(hovered, ruleset, v));
  return parts.join('\n\n');
}

/** The front matter's ruleset: its title and id, its summary, how it rolls. */
export function rulesetHoverMarkdown(ruleset: Ruleset, v: Voice): string {
  return [`**${rulesetTitle(ruleset, v)}** (\`${ruleset.id}\`)`, rulesetSummary(ruleset, v), rulesetFacts(ruleset, v).join(' · ')].join('\n\n');
}
