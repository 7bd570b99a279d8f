/**
 * Checks written as prose, without «…» (docs/markup.en.md, "Checks written as prose"; RM012): «бросок Ловкость + Атлетика
 * (сложность 4)», «проверку Силы + Атлетики со сложностью 2», «броска Выносливости
 * (сложность 8)». Each is reported with the canonical markup (§6) that a quick fix writes
 * over exactly the span, leaving the rest of the sentence as it was.
 *
 * What counts as a prose check (decisions, checked against the five rules texts;
 * test/fixtures/prose/seeds.labels.tsv labels every one):
 *
 * - A pool: a trait, then any number of `sign term`, where a term is a trait (up to three
 *   words, or as many as the ruleset's longest name; any grammatical case; resolved by the
 *   ruleset's TraitIndex, longest name first; «рейтинг Управления» is the trait Управление)
 *   with an optional rating («Ловкость 3 + Вождение 3»), or an integer modifier. Then an
 *   optional difficulty: a parenthesised parameter group the check grammar accepts
 *   («(сложность 6, специализация)», also «(по сложности 6)»), or «сложность N»,
 *   «со сложностью N», «по сложности N», optionally after a comma. Then optionally
 *   «против» and a second pool written the same way.
 * - Alternatives (docs/markup.en.md) in both shapes: whole pools joined by «или»/«либо» (and
 *   commas before the last «или»: «A, B или C») when each has a sign, or when a single trait is
 *   also the first trait after «или» («Сила или Сила + Атлетизм»); otherwise «или», «либо» and
 *   «/» join the single traits next to them («Ловкость или Интеллект + Ремесло», «Интеллект +
 *   Языки или Компьютеры», «Ловкость + Атлетизм/Вождение», «Ловкость + Фехтование или
 *   Огнестрельное Оружие (сложность 4)»). The markup keeps the joiner («/» stays «/»: the
 *   markup reads it as the prose does; «либо» is «или»); at most 8 combinations.
 * - A difficulty written before its trait: «сложность любого броска Вождения равна 3». The span
 *   is «Вождения равна 3» (the rest of the sentence stays a sentence), the markup
 *   «Вождение (сложность 3)».
 * - It is reported when some pool has two or more traits, or one trait (with its alternatives)
 *   and a difficulty.
 * - Generic words («Характеристика + Навык», «Силу + Навык», «Атрибута + Навыка») describe
 *   a class of checks, not a check: a pool with any `generic` trait is not reported, since
 *   its markup could never be resolved against a character.
 * - A pool needs a trait that is rolled (attribute, ability, rollable, power, or a project
 *   dictionary term of such a category): a sum of `other` traits is a derived value
 *   («Прочности + Размеру»), and Mage Spheres are `other` («Силы + Жизнь» is an effect, not a
 *   roll). In a pool that has a rolled trait, and for a single trait with a difficulty, an
 *   `other` trait sharing a stem with a rolled one is read as the rolled one («Силы +
 *   Атлетизм», «бросок Силы со сложностью 9» are Сила, not the Sphere Силы).
 * - A sum that is a value, not a roll, is not a check: right after «сумма», «значение»,
 *   «удвоенный», «равный» («(сумма Ловкости + Кражи протагониста)» rolls, «против сложности,
 *   равной Интеллект + Компьютеры хакера»).
 * - Letter case: the texts capitalise trait names and write the same words in lower case as
 *   ordinary nouns («время», «жизнь», «дух», «сила», «до»). A trait must be written with a
 *   capital letter, except inside a `+` pool of two or more traits, where a rolled trait
 *   (not `other`) may be in lower case («сила + атлетика» in a draft).
 * - Not a check, because the span would cut a larger expression: a pool preceded or
 *   followed by `+`/`−` that does not continue it («12 + Ловкость»,
 *   «Самообладание + Упорство − сложность», «… + 2 кости»), or preceded by `/` or by
 *   a trait and «или» that the pool before did not take. The hyphen and the en dash are also
 *   Russian punctuation dashes, so only `+` and `−` (U+2212) are taken as proof that a formula
 *   goes on; a dash after a pool just ends it.
 * - A number followed by a word (other than a conjunction) is not a rating or a modifier
 *   but a count («Атлетика 2 раза», «+ 2 кости»); «сложность 6 или 7» and «сложность 4–6»
 *   are not a difficulty.
 * - A pool never crosses a blank line (paragraph break), a «…» span (the caller cuts them
 *   out of the segments) or the end of a segment.
 *
 * The markup keeps what the sentence says beyond the pool: the actor, when the sentence names a
 * character of the front matter as the one who acts («Мирон совершает бросок Силы + Атлетики» →
 * «Мирон: Сила + Атлетика», «Мирону нужен…»; a possessor right after the pool, «Интеллект +
 * Ремесло Маркуса», first; not «Охранник замечает Мирона»); an initiative
 * roll («к показателю инициативы (Ловкость + Смекалка)» → «Ловкость + Смекалка (инициатива)»);
 * a damage roll in a classic pool («Урон: Сила + Оружие» → «Сила + Оружие (урон)»).
 * What the ruleset cannot take is said in the fix's title: no difficulty in the text where the
 * ruleset wants one, a difficulty left out where it has none (storytelling), any other warning
 * the markup will still get.
 *
 * Performance: a check needs a sign or a «сложност…» word ("anchor"), so a check is only
 * tried at words shortly before one, and its first name is only looked up when what follows
 * it can continue a check (a sign, a parameter group, a difficulty phrase, an alternative);
 * each distinct written name is looked up once per call. The rest of the text is only
 * tokenized, in linear time (about 0.1–0.2 s for 3 million characters). Never throws.
 *
 * Here: the entry and the diagnostics. The scanner reads tokens (proseTokens.ts) through
 * proseReader.ts into sides (proseSides.ts), with their parameters (proseParams.ts) and actor
 * (proseActors.ts); proseMarkup.ts writes the fix.
 */

import { DEFAULT_SEVERITY } from '../diagnosticCatalog';
import type { TraitIndex } from '../resolve/traitIndex';
import type { AnalysisDiagnostic, CharacterSheet, ProseCheck, TextRange } from '../types';
import { ProseScanner } from './proseScanner';
import { type Found, rulesetFacts } from './proseSides';
import { tokenizeProse } from './proseTokens';

export interface ProseCheckResult {
  /** In document order. */
  checks: ProseCheck[];
  /** One per check, same order, each with one preferred fix: RM012, or RM001 when a trait is misspelt. */
  diagnostics: AnalysisDiagnostic[];
}

function clampRange(range: TextRange, length: number): TextRange | undefined {
  const start = Math.max(0, Math.min(length, Math.floor(range.start)));
  const end = Math.max(0, Math.min(length, Math.floor(range.end)));
  return Number.isFinite(start) && Number.isFinite(end) && end > start ? { start, end } : undefined;
}

function isLineBreak(c: number): boolean {
  return c === 10 || c === 13;
}

/**
 * Where the paragraph around `offset` starts: after the last blank line before it, or at `floor`
 * if there is none at or after `floor` (scanned backwards, never below `floor`).
 */
function paragraphStart(text: string, offset: number, floor: number): number {
  let rightBreak = -1;
  let content = false;
  for (let k = offset - 1; k >= floor; k--) {
    const c = text.charCodeAt(k);
    if (c === 13 && text.charCodeAt(k + 1) === 10) continue; // the CR of a CRLF: the LF was the break
    if (isLineBreak(c)) {
      if (rightBreak >= 0 && !content) return rightBreak + 1;
      rightBreak = k;
      content = false;
    } else if (c !== 32 && c !== 9) {
      content = true;
    }
  }
  return floor;
}

/**
 * For each offset (ascending), whether a « before it in its paragraph is still unpaired there.
 * The analysis pairs a « with the first » after it in the same text, across line breaks, and a
 * text never spans a blank line; this reads the same pairs, in one pass over the paragraphs
 * that hold the offsets.
 */
function afterUnpairedGuillemet(text: string, offsets: readonly number[]): boolean[] {
  const out: boolean[] = [];
  let open = false;
  let at = -1;
  for (const offset of offsets) {
    const from = paragraphStart(text, offset, Math.max(at, 0));
    if (at < 0 || from > at) {
      open = false;
      at = from;
    }
    for (; at < offset; at++) {
      const c = text.charCodeAt(at);
      if (c === 0xab) open = true;
      else if (c === 0xbb) open = false;
    }
    out.push(open);
  }
  return out;
}

/**
 * One scanner per context (its character sheets are one array per ruleset, dictionary and front
 * matter, as for lazyCheck.ts's shared specs), not one per block: a book's blocks then share the
 * scanner's memory of the words it has looked up (issue 24).
 */
const scanners = new WeakMap<readonly CharacterSheet[], { index: TraitIndex; scanner: ProseScanner }>();

function scannerFor(index: TraitIndex, characters: readonly CharacterSheet[]): ProseScanner {
  const kept = scanners.get(characters);
  if (kept?.index === index) return kept.scanner;
  const scanner = new ProseScanner(index, rulesetFacts(index), characters);
  scanners.set(characters, { index, scanner });
  return scanner;
}

/**
 * Finds the checks written as prose in `segments` of `text` (the ranges of Markdown prose the
 * caller allows, «…» spans already cut out) and reports each as RM012 with its fix.
 */
export function findProseChecks(text: string, segments: readonly TextRange[], index: TraitIndex, characters: readonly CharacterSheet[] = []): ProseCheckResult {
  let found: Found[] = [];
  let scanner: ProseScanner;
  try {
    scanner = scannerFor(index, characters);
  } catch {
    // A broken ruleset or index must cost the hint, not the document's analysis.
    return { checks: [], diagnostics: [] };
  }
  for (const segment of segments) {
    const range = clampRange(segment, text.length);
    if (!range) continue;
    try {
      scanner.scan(tokenizeProse(text, range.start, range.end), found);
    } catch {
      // Same reason: a hint is never worth an exception; the other segments still count.
    }
  }
  found.sort((a, b) => a.check.range.start - b.check.range.start);
  // A «…» written after an unpaired « would close that « instead: the fix would swallow the
  // text between into a broken check. Such a paragraph is being edited; no hint until it is not.
  const unsafe = afterUnpairedGuillemet(text, found.map((f) => f.check.range.start));
  found = found.filter((_, k) => !unsafe[k]);
  // A misspelt trait is a mistake, not a hint (issue 20): RM001 as a warning, the markup with the
  // trait the misspelling is nearest to as its fix, so the correction is seen, never silent.
  const diagnostics = found.map(
    ({ check, note, misspelt }): AnalysisDiagnostic => ({
      ...(misspelt
        ? { code: 'RM001', severity: 'warning', message: { id: 'unknownTrait', name: misspelt[0].written, suggestions: [misspelt[0].name] } }
        : { code: 'RM012', severity: DEFAULT_SEVERITY.RM012, message: { id: 'proseCheck', markup: check.markup } }),
      range: check.range,
      fixes: [
        {
          title: { id: 'toMarkup', markup: check.markup, ...(note ? { note } : {}) },
          edits: [{ range: check.range, newText: check.markup }],
          preferred: true,
        },
      ],
    }),
  );
  return { checks: found.map((f) => f.check), diagnostics };
}
