import { type Hover, MarkupKind, type Position } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { formatPercent } from '../analysis/oddsSummary';
import { outcomeLines, noteText } from '../analysis/oddsLines';
import { traitIndex } from '../analysis/traitIndex';
import type { AnalyzedCheck, DocumentAnalysis, Locale, TextRange } from '../analysis/types';
import { isKnownPool, type OddsNote, type PoolOdds, type UnknownPoolReport } from '../engine/oddsReport';
import type { Ruleset, TraitEntry } from '../engine/ruleset';
import { contains, toRange } from './convert';
import { checkAt, termAt } from './locate';
import {
  barChart,
  CATEGORY_WORDS,
  checkFormula,
  CONTEST_WORDS,
  expectedMargin,
  formatNumber,
  marginSparkline,
  rollsWord,
  successesWord,
  type Words,
} from './oddsText';

const FAMILY_WORDS: Record<Ruleset['family'], Words> = {
  classic: { ru: 'классический пул d10 против сложности', en: 'classic d10 pool against a difficulty' },
  storytelling: { ru: 'пул d10, успех на 8+, переброс десяток', en: 'd10 pool, success on 8+, 10-again' },
  'pool-minus-difficulty': { ru: 'пул d10 минус сложность, успех на 8+', en: 'd10 pool minus difficulty, success on 8+' },
  d20: { ru: 'd20 + модификаторы против сложности', en: 'd20 + modifiers against a difficulty' },
};

/** The rules' notes, in the words of the family they come from. */
function noteFor(note: OddsNote, ruleset: Ruleset, locale: Locale): string {
  const ru = locale === 'ru';
  if (note === 'willpower' && ruleset.family === 'classic') {
    return ru
      ? 'Сила воли: один автоматический успех, который не отменяют единицы; провала (botch) не будет.'
      : 'Willpower: one automatic success that 1s cannot cancel; the roll cannot botch.';
  }
  if (note === 'willpower' && ruleset.family === 'storytelling') {
    return ru ? `Воля: +${ruleset.params.willpowerDice} кости к пулу.` : `Willpower: +${ruleset.params.willpowerDice} dice.`;
  }
  if (note === 'no_dice' && ruleset.family === 'pool-minus-difficulty') {
    return ru
      ? 'Костей не осталось: броска нет. По тексту можно принять неудачу и получить Ускорение, перегруппироваться или помочь другому.'
      : 'No dice left: no roll. The text offers: accept failure and gain Momentum, regroup, or help another.'
  }
  if (note === 'high_competence' && ruleset.family === 'pool-minus-difficulty') {
    return ru
      ? `Высокая компетентность (пул ${ruleset.params.highCompetenceAt}+): базовый успех можно взять без броска, кроме атаки и защиты.`
      : `High competence (pool ${ruleset.params.highCompetenceAt}+): a base success may be taken without rolling, except for attack or defence.`;
  }
  return noteText(note, locale);
}

function rulesetTitle(ruleset: Ruleset, locale: Locale): string {
  return locale === 'en' && ruleset.titleEn ? ruleset.titleEn : ruleset.title;
}

function table(header: string[], rows: string[][]): string {
  const align = header.map((_, i) => (i === 0 ? ':--' : '--:'));
  return [header, align, ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

function outcomesTable(odds: PoolOdds, ruleset: Ruleset, locale: Locale): string {
  const ru = locale === 'ru';
  if (odds.contest) {
    const c = odds.contest;
    return table([ru ? 'Исход' : 'Outcome', ru ? 'Вероятность' : 'Probability'], (['win', 'tie', 'lose'] as const).map((k) => [CONTEST_WORDS[k][locale], formatPercent(c[k])]));
  }
  // A zero `no_dice` row in every d10 pool is noise; keep rows that can happen, or the one that must.
  const lines = outcomeLines(odds, ruleset, locale).filter((l) => l.probability > 0 || l.key === 'success');
  return table([ru ? 'Исход' : 'Outcome', ru ? 'Вероятность' : 'Probability'], lines.map((l) => [l.name, formatPercent(l.probability)]));
}

/** Successes 0, 1, 2, … as bars; vampire-pack labels each count with its degree of success. */
function successesChart(odds: PoolOdds, ruleset: Ruleset, locale: Locale): string {
  const s = odds.successes;
  if (!s || s.length < 2) return '';
  const rows: { label: string; probability: number }[] = [];
  const cap = 8;
  for (let k = 0; k < s.length && k < cap; k++) {
    const folded = k === cap - 1 && s.length > cap;
    const probability = folded ? s.slice(k).reduce((a, b) => a + b, 0) : s[k];
    const degree = k > 0 ? ruleset.outcomes[`degree_${Math.min(k, 5)}`]?.[locale] : undefined;
    rows.push({ label: `${k}${folded || (degree && k === 5 && s.length > 6) ? '+' : ''}${degree ? ` ${degree}` : ''}`, probability });
  }
  // A long exploding tail too thin to see only lengthens the chart.
  while (rows.length > 2 && rows[rows.length - 1].probability < 0.0005) rows.pop();
  // vampire-pack: 5 and more successes are one degree.
  if (ruleset.outcomes.degree_5 && rows.length > 6) {
    const tail = rows.splice(5).reduce((sum, r) => sum + r.probability, 0);
    rows.push({ label: `5+ ${ruleset.outcomes.degree_5[locale]}`, probability: tail });
  }
  const title = locale === 'ru' ? 'Успехи:' : 'Successes:';
  return `${title}\n\n${barChart(rows)}`;
}

function knownPoolSection(check: AnalyzedCheck, odds: PoolOdds, ruleset: Ruleset, locale: Locale): string[] {
  const ru = locale === 'ru';
  const parts: string[] = [];
  const spec = check.spec;
  if (spec?.extended) {
    const { target, maxRolls } = spec.extended;
    const limit = maxRolls ? (ru ? `, не больше ${rollsWord(maxRolls, locale)}` : `, at most ${rollsWord(maxRolls, locale)}`) : '';
    parts.push(ru ? `Продолжительное действие: нужно ${successesWord(target, locale)}${limit}.` : `Extended action: ${successesWord(target, locale)} needed${limit}.`);
    const within = odds.within ?? [];
    parts.push(`${ru ? 'Готово к броску:' : 'Done by roll:'}\n\n${barChart(within.map((p, i) => ({ label: String(i + 1), probability: p })))}`);
    parts.push(ru ? 'Один бросок:' : 'One roll:');
  }
  parts.push(outcomesTable(odds, ruleset, locale));
  if (odds.contest) return parts;
  if (ruleset.family === 'd20') {
    const margin = expectedMargin(odds);
    const expected = ru ? `Ожидаемый итог: ${formatNumber(odds.expected)}` : `Expected total: ${formatNumber(odds.expected)}`;
    parts.push(margin === undefined ? expected : `${expected} · ${ru ? 'запас' : 'margin'} ${formatNumber(margin)}`);
    if (odds.margin && !odds.notes.includes('static_value')) {
      parts.push(`${ru ? 'Запас (итог − сложность):' : 'Margin (total − difficulty):'}\n\n${['```text', marginSparkline(odds.margin), '```'].join('\n')}`);
    }
  } else {
    parts.push(ru ? `Ожидаемое число успехов: ${formatNumber(odds.expected)}` : `Expected successes: ${formatNumber(odds.expected)}`);
    const chart = successesChart(odds, ruleset, locale);
    if (chart) parts.push(chart);
  }
  return parts;
}

/** The compact table over pool sizes (d20: total modifiers) when some value is unknown. */
function unknownPoolSection(check: AnalyzedCheck, report: UnknownPoolReport, ruleset: Ruleset, locale: Locale): string[] {
  const ru = locale === 'ru';
  const missing = check.sides.flatMap((s) => s.terms.filter((t) => t.value === undefined).map((t) => t.trait?.name ?? t.written));
  const lead = ru
    ? `Пул неизвестен${missing.length ? ` (нет значения: ${missing.join(', ')})` : ''}. Шансы по ${ruleset.family === 'd20' ? 'модификатору' : 'размеру пула'}:`
    : `Pool unknown${missing.length ? ` (no value for ${missing.join(', ')})` : ''}. Odds by ${ruleset.family === 'd20' ? 'modifier' : 'pool size'}:`;
  // Integer-like keys come first in a JS object whatever their order: "-2" would follow "12".
  const rows = Object.entries(report.by_pool).sort((a, b) => Number(a[0]) - Number(b[0]));
  const first = rows[0]?.[1];
  if (!first) return [lead];
  const keyHeader = ruleset.family === 'd20' ? (ru ? 'Модификатор' : 'Modifier') : ru ? 'Пул' : 'Pool';
  const keyText = (key: string) => (ruleset.family === 'd20' && Number(key) > 0 ? `+${key}` : key.replace('-', '−'));
  let header: string[];
  let cells: (odds: PoolOdds) => string[];
  if (first.contest) {
    header = (['win', 'tie', 'lose'] as const).map((k) => CONTEST_WORDS[k][locale]);
    cells = (odds) => (['win', 'tie', 'lose'] as const).map((k) => formatPercent(odds.contest?.[k] ?? 0));
  } else if (first.within) {
    header = [ru ? 'готово' : 'done', ru ? 'бросков' : 'rolls'];
    cells = (odds) => [formatPercent(odds.within?.[odds.within.length - 1] ?? 0), String(odds.within?.length ?? 0)];
  } else {
    // Columns: every outcome that can happen at some pool size, in the order the rules list them.
    const keys = new Map<string, string>();
    for (const [, odds] of rows) for (const line of outcomeLines(odds, ruleset, locale)) if (line.probability > 0) keys.set(line.key, line.name);
    const ordered = outcomeLines({ ...first, outcomes: Object.fromEntries([...keys.keys()].map((k) => [k, 1])) }, ruleset, locale);
    header = ordered.map((l) => l.name);
    cells = (odds) => ordered.map((l) => formatPercent(odds.outcomes?.[l.key] ?? 0));
    if (ruleset.family !== 'd20') {
      header.push(ru ? 'успехов ≈' : 'successes ≈');
      const base = cells;
      cells = (odds) => [...base(odds), formatNumber(odds.expected)];
    }
  }
  return [lead, table([keyHeader, ...header], rows.map(([key, odds]) => [keyText(key), ...cells(odds)]))];
}

/** Everything the hover says about a check: ruleset, formula, outcomes, expectation, chart, notes. */
export function checkHoverMarkdown(check: AnalyzedCheck, ruleset: Ruleset, locale: Locale): string {
  const ru = locale === 'ru';
  const parts = [`**🎲 ${rulesetTitle(ruleset, locale)}**`];
  const formula = checkFormula(check, ruleset, locale);
  if (!formula || !check.odds) {
    parts.push(ru ? 'Шансы не считаются: в записи проверки есть ошибка.' : 'No odds: the check has an error.');
    return parts.join('\n\n');
  }
  parts.push(formula);
  const odds = check.odds;
  if (isKnownPool(odds)) parts.push(...knownPoolSection(check, odds, ruleset, locale));
  else parts.push(...unknownPoolSection(check, odds, ruleset, locale));
  const notes = new Set<string>();
  const noteSource: PoolOdds[] = isKnownPool(odds) ? [odds] : [];
  for (const o of noteSource) for (const note of o.notes) notes.add(noteFor(note, ruleset, locale));
  if (ruleset.family === 'classic' && check.spec && check.spec.side.specialties > 0) {
    notes.add(ru ? 'Специализация: каждая 10 даёт дополнительную кость, которая не отменяется единицами.' : 'Specialty: each 10 grants a bonus die that 1s never cancel.');
  }
  for (const note of notes) parts.push(`_${note}_`);
  return parts.join('\n\n');
}

function isDictionaryTrait(trait: TraitEntry, ruleset: Ruleset): boolean {
  return !ruleset.traits.includes(trait);
}

/** What a trait is: its category and group, the ruleset, and whether the rules text spells it so. */
export function traitHoverMarkdown(trait: TraitEntry, ruleset: Ruleset, locale: Locale): string {
  const ru = locale === 'ru';
  const english = trait.en && trait.en !== trait.name ? ` · ${trait.en}` : '';
  const category = CATEGORY_WORDS[trait.category][locale] + (trait.group ? ` (${trait.group})` : '');
  const where = isDictionaryTrait(trait, ruleset)
    ? ru
      ? 'из словаря проекта'
      : 'from the project dictionary'
    : trait.attested
      ? ru
        ? '✓ есть в тексте правил'
        : '✓ attested in the rules text'
      : ru
        ? '○ нет в тексте правил: взято из списка игры'
        : '○ not in the rules text: from the game’s list';
  const lines = [`**${trait.name}**${english}`, `${category} · ${rulesetTitle(ruleset, locale)}`, where];
  const others = [...(trait.aliases ?? []), ...(trait.variants ?? [])];
  if (others.length > 0) lines.push(`${ru ? 'Другие написания' : 'Other spellings'}: ${others.join(', ')}`);
  return lines.join('  \n');
}

function rulesetHoverMarkdown(ruleset: Ruleset, locale: Locale): string {
  const ru = locale === 'ru';
  const summary = locale === 'en' && ruleset.summaryEn ? ruleset.summaryEn : ruleset.summary;
  const vocabulary = ruleset.vocabulary === 'closed' ? (ru ? 'словарь закрытый' : 'closed vocabulary') : ru ? 'словарь открытый' : 'open vocabulary';
  const typical = ru ? `типичный пул ${ruleset.typicalPool}` : `typical pool ${ruleset.typicalPool}`;
  return [`**${rulesetTitle(ruleset, locale)}** (\`${ruleset.id}\`)`, summary, `${FAMILY_WORDS[ruleset.family][locale]} · ${vocabulary} · ${typical}`].join('\n\n');
}

/**
 * A sheet entry from its key to its value («Атлетика: 3»). The analysis gives the value's
 * range; the key is what precedes it on the line, after `{`, `,` or the indentation.
 */
function sheetEntryRange(text: string, value: TextRange): TextRange {
  let start = value.start;
  while (start > 0 && text[start - 1] === ' ') start--;
  if (text[start - 1] !== ':') return value;
  start--;
  while (start > 0 && !/[{,\n\r]/.test(text[start - 1])) start--;
  while (text[start] === ' ' || text[start] === '\t') start++;
  return { start, end: value.end };
}

function markdownHover(document: TextDocument, value: string, range: TextRange): Hover {
  return { contents: { kind: MarkupKind.Markdown, value }, range: toRange(document, range) };
}

/**
 * Hover: the odds of a check (with the trait under the cursor on top), a character sheet's
 * trait, or the front matter's ruleset id. Quotations and plain prose get nothing.
 */
export function provideHover(document: TextDocument, analysis: DocumentAnalysis, position: Position, locale: Locale, dictionary: readonly string[] = []): Hover | null {
  const offset = document.offsetAt(position);
  const { ruleset, frontMatter } = analysis;
  if (frontMatter && contains(frontMatter.range, offset)) {
    const id = frontMatter.rulesetId;
    if (id && contains(id.range, offset) && ruleset.id === id.value) return markdownHover(document, rulesetHoverMarkdown(ruleset, locale), id.range);
    const index = traitIndex(ruleset, dictionary);
    const text = document.getText();
    for (const sheet of frontMatter.characters) {
      for (const [name, entry] of sheet.traits) {
        const written = sheetEntryRange(text, entry.range);
        if (!contains(written, offset)) continue;
        const match = index.lookup(name);
        return match ? markdownHover(document, traitHoverMarkdown(match.trait, ruleset, locale), written) : null;
      }
    }
    return null;
  }
  const check = checkAt(analysis, offset);
  if (!check) return null;
  const term = termAt(check, offset);
  const checkText = checkHoverMarkdown(check, ruleset, locale);
  if (term?.trait) return markdownHover(document, `${traitHoverMarkdown(term.trait, ruleset, locale)}\n\n---\n\n${checkText}`, term.range);
  return markdownHover(document, checkText, check.range);
}
