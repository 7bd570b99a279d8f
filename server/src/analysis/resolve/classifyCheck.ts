import { getBuiltinRuleset, BUILTIN_RULESET_IDS } from '../../engine/builtinRulesets';
import { type CheckExpression, hasParamKeyword, parseCheckExpression, type Term } from '../check/checkExpression';
import { normalizeWords, stemKey } from './russianWords';
import { traitIndex, type TraitIndex } from './traitIndex';
import type { CharacterSheet, TextRange } from '../types';

function knownAnywhere(name: string, active: TraitIndex, sheetKnows: (name: string) => boolean): boolean {
  if (active.lookup(name) || sheetKnows(name)) return true;
  return BUILTIN_RULESET_IDS.some((id) => {
    const ruleset = getBuiltinRuleset(id);
    return ruleset !== undefined && traitIndex(ruleset).lookup(name) !== undefined;
  });
}

/**
 * Whether the actor's sheet has a trait of that name (any case form): the author's own traits
 * make a check of «Рэй: Взлом + 1» (docs/markup.en.md, open vocabularies).
 */
function sheetOfActor(ast: CheckExpression, characters: readonly CharacterSheet[]): (name: string) => boolean {
  const actor = ast.actor ? normalizeWords(ast.actor.name) : undefined;
  const sheet = actor === undefined ? undefined : characters.find((c) => normalizeWords(c.name) === actor);
  if (!sheet) return () => false;
  return (name) => {
    const stem = stemKey(name);
    for (const key of sheet.traits.keys()) if (stemKey(key) === stem) return true;
    return false;
  };
}

/** Punctuation that ends or splits a sentence; a stray «)» or «]» is a mistyped check instead. */
const SENTENCE_PUNCTUATION = /[—!?…,.;]/u;

/** Whether the parser found text between `from` and `to` that is no part of a check («—», «,», «!», a stray «). */
function strayBetween(ast: CheckExpression, from: number, to: number): boolean {
  return ast.errors.some((e) => e.code === 'unexpected-token' && e.range.start >= from && e.range.end <= to);
}

/**
 * A sentence, not a formula: after text that is no part of a check, words go on without a sign
 * («Атлетика — это жизнь», «Ловкость + Атлетика, как учил тренер»). A number there is more
 * likely a mistyped minus («Сила — 2») and leaves the check a check, with its syntax error.
 */
function goesOnAsProse(ast: CheckExpression): boolean {
  return ast.sides.some((side) =>
    side.terms.some((term: Term, k) => k > 0 && term.kind === 'trait' && !term.signRange && strayBetween(ast, side.terms[k - 1].range.end, term.range.start)),
  );
}

/**
 * docs/markup.en.md, "Check or quotation": a «…» is a check when it has a parameter keyword (a), two or more terms at least
 * one of which is a trait of any built-in ruleset (b), or a single trait of the active one (c)
 * that can be rolled (an Attribute, a Skill, a rollable trait or a power). A trait on the actor's
 * sheet counts as the active ruleset's. Everything else is a quotation and gets nothing: so is a
 * sentence that merely starts with a trait («Атлетика — это жизнь»).
 */
export function isCheck(ast: CheckExpression, active: TraitIndex, characters: readonly CharacterSheet[] = []): boolean {
  if (hasParamKeyword(ast)) return true;
  if (goesOnAsProse(ast)) return false;
  const sheetKnows = sheetOfActor(ast, characters);
  return ast.sides.some((side) => {
    const traits = side.terms.filter((t) => t.kind === 'trait');
    if (side.terms.length >= 2) return traits.some((t) => knownAnywhere(t.name, active, sheetKnows));
    if (traits.length !== 1) return false;
    // «Атлетика!», «Сила — вот что главное»: a word and sentence punctuation are an exclamation, not a roll.
    if (ast.errors.some((e) => e.code === 'unexpected-token' && SENTENCE_PUNCTUATION.test(e.text))) return false;
    if (sheetKnows(traits[0].name)) return true;
    // A lone «Недостатки» or «Человечность» names a rule or a section, not a roll: (c) counts
    // only traits a pool is made of.
    const match = active.lookup(traits[0].name);
    const category = match?.trait.category;
    // A trait the rules only spend, written with its dots as a roll («Воля 6», 000 l.89), is the
    // mistake RM002 reports, as it is inside a longer pool (issue 20).
    if (match && traits[0].rating !== undefined && active.ruleset.neverRolled?.includes(match.trait.name)) return true;
    return category !== undefined && category !== 'other' && category !== 'generic';
  });
}

export interface CheckSpan {
  /** The « (or, for a check quoted inside a quotation, the „ of Russian inner quotes). */
  open: number;
  /** The » (or “, ”), or −1 when the « is never closed in its text (then the check runs to the end of its line). */
  close: number;
  contentEnd: number;
  ast: CheckExpression;
}

/** Russian inner quotes: „ opens, “ closes (” as some keyboards type it). */
const INNER_OPEN = '„';
const INNER_CLOSE = /[“”]/u;

/**
 * The checks a quotation quotes in Russian inner quotes, „…“, between `from` and `to`
 * («Проверь „Сила + Атлетика (сложность 2)“ и беги»): each „…“ that is a check, read as a «…» would be.
 */
function innerQuotedChecks(text: string, from: number, to: number, index: TraitIndex, characters: readonly CharacterSheet[]): CheckSpan[] {
  const spans: CheckSpan[] = [];
  let open = text.indexOf(INNER_OPEN, from);
  while (open >= 0 && open < to) {
    let close = open + 1;
    while (close < to && !INNER_CLOSE.test(text[close])) close++;
    if (close >= to) break;
    const ast = parseCheckExpression(text.slice(open + 1, close), open + 1);
    if (isCheck(ast, index, characters)) spans.push({ open, close, contentEnd: close, ast });
    open = text.indexOf(INNER_OPEN, close + 1);
  }
  return spans;
}

/**
 * The «…» checks of one prose range, in order; quotations are left out. A « pairs with the first
 * » after it; an unclosed « runs to the end of its line, and a « inside it opens nothing of its
 * own. A «…» that holds a « (or Russian inner quotes, „) is a check when what comes before that «
 * is one (its » is missing); otherwise it is a quotation, read again from its last «, so that a
 * check quoted inside a quotation («Бросайте «Ловкость + Вождение + 1», и побыстрее») is found and
 * the quotation is not; a check in „…“ inside it is found the same way («Проверь „Сила + Атлетика
 * (сложность 2)“ и беги»). Each character is parsed at most three times: linear in the range.
 */
export function checkSpans(text: string, range: TextRange, index: TraitIndex, characters: readonly CharacterSheet[] = []): CheckSpan[] {
  const spans: CheckSpan[] = [];
  // Once no » follows in the range, none follows any later « either: a run of unclosed « stays linear.
  let closable = true;
  let at = text.indexOf('«', range.start);
  while (at >= 0 && at < range.end) {
    const close = closable ? text.indexOf('»', at + 1) : -1;
    if (close >= 0 && close < range.end) {
      const content = text.slice(at + 1, close);
      const ast = parseCheckExpression(content, at + 1);
      // With a « inside, what comes before it decides: a check whose » is missing («Сила (сложность
      // 2 «…»), or a quotation that quotes a check. Inner quotes „…“ are decided the same way.
      const nested = content.indexOf('«');
      const innerQuote = nested < 0 ? content.indexOf(INNER_OPEN) : -1;
      const inner = nested >= 0 ? nested : innerQuote;
      const check = inner < 0 ? ast : parseCheckExpression(content.slice(0, inner), at + 1);
      if (isCheck(check, index, characters)) {
        spans.push({ open: at, close, contentEnd: close, ast });
        at = text.indexOf('«', close + 1);
        continue;
      }
      if (innerQuote >= 0) spans.push(...innerQuotedChecks(text, at + 1 + innerQuote, close, index, characters));
      at = nested >= 0 ? at + 1 + content.lastIndexOf('«') : text.indexOf('«', close + 1);
      continue;
    }
    closable = false;
    let lineEnd = at;
    while (lineEnd < range.end && text[lineEnd] !== '\n' && text[lineEnd] !== '\r') lineEnd++;
    const ast = parseCheckExpression(text.slice(at + 1, lineEnd), at + 1);
    if (isCheck(ast, index, characters)) spans.push({ open: at, close: -1, contentEnd: lineEnd, ast });
    // The rest of the line belongs to this unclosed «; a « inside it opens nothing of its own.
    at = text.indexOf('«', lineEnd);
  }
  return spans;
}
