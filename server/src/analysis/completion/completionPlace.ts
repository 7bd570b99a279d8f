/**
 * What completion offers where, judged from the text up to the cursor so that it works mid-edit:
 * inside «…» (check templates right after «, traits, parameters after `(`, character names before
 * `:`), in the front matter (keys, ruleset ids, a character sheet's line and traits) and, in prose,
 * check templates when the author asks (and the front matter on the first line of a document
 * without one). Nothing elsewhere, so that nothing of Rollmark pops up in prose uninvited.
 */
import { CHARACTER_KEYS, RULESET_KEYS } from '../project/frontMatter';
import { DIRECTIVE_PREFIX, SUPPRESSION_DIRECTIVES } from '../markdown/suppressionSyntax';
import type { DiagnosticCode } from '../types';

/** One kind of suggestion, replacing the text from `start` to the cursor (offsets). */
export type CompletionOffer =
  | { kind: 'rulesetIds' | 'sheetLine' | 'frontMatterKeys' | 'parameters' | 'characters' | 'frontMatterTemplate'; start: number }
  /** `check`: the check's text before the slot (from after «), which ranks the traits; absent in the front matter. */
  | { kind: 'traits'; start: number; check?: string }
  /** `wrap`: whole checks, guillemets included; else the content right after «, with » added unless `closed`. */
  | { kind: 'checkTemplates'; start: number; wrap: boolean; closed: boolean }
  /** In `<!-- … -->`: the suppression directives (`rollmark-disable-next-line` …). */
  | { kind: 'suppressionDirectives'; start: number }
  /** After a directive: the codes it may name, less those `written` already. */
  | { kind: 'suppressionCodes'; start: number; written: DiagnosticCode[] };

export interface CompletionPlace {
  /** In the front matter, nothing to offer is no answer; inside «…» it is an empty one. */
  where: 'frontMatter' | 'check' | 'prose' | 'comment';
  /** In the order their suggestions are listed. */
  offers: CompletionOffer[];
}

/** A front-matter key and what it is: `alias` for the Russian spellings of `ruleset` and `characters`. */
export interface FrontMatterKey {
  key: string;
  names: 'ruleset' | 'characters';
  alias: boolean;
}

/** The keys completion offers in the front matter: the English ones first. */
export const FRONT_MATTER_KEYS: readonly FrontMatterKey[] = [
  { key: RULESET_KEYS[0], names: 'ruleset', alias: false },
  { key: CHARACTER_KEYS[0], names: 'characters', alias: false },
  ...RULESET_KEYS.slice(1).map((key) => ({ key, names: 'ruleset' as const, alias: true })),
  ...CHARACTER_KEYS.slice(1).map((key) => ({ key, names: 'characters' as const, alias: true })),
];

const RULESET_VALUE = new RegExp(`^((?:${RULESET_KEYS.join('|')})\\s*:\\s*)([\\w-]*)$`, 'u');
const CHARACTERS_LINE = new RegExp(`^(?:${CHARACTER_KEYS.join('|')})\\s*:\\s*$`, 'u');

/** Where the line holding `offset` starts: after the last line break (LF, CR or CRLF, as LSP counts lines). */
function lineStartOf(text: string, offset: number): number {
  for (let i = offset; i > 0; i--) {
    const c = text.charCodeAt(i - 1);
    if (c === 10 || c === 13) return i;
  }
  return 0;
}

/** Where the line after the one starting at `start` starts; the text's length for the last line. */
function nextLineStart(text: string, start: number): number {
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) return i + 1;
    if (c === 13) return text.charCodeAt(i + 1) === 10 ? i + 2 : i + 1;
  }
  return text.length;
}

/** Where the line before the one starting at `start` (> 0) starts. */
function previousLineStart(text: string, start: number): number {
  const breakLength = text.charCodeAt(start - 1) === 10 && text.charCodeAt(start - 2) === 13 ? 2 : 1;
  return lineStartOf(text, start - breakLength);
}

/** Whether the line starting at `lineStart` is inside the front matter block. */
function inFrontMatter(text: string, lineStart: number): boolean {
  if (lineStart === 0) return false;
  let start = nextLineStart(text, 0);
  if (text.slice(0, start).replace(/^\uFEFF/, '').trimEnd() !== '---') return false;
  while (start < lineStart) {
    const next = nextLineStart(text, start);
    const line = text.slice(start, next).trimEnd();
    if (line === '---' || line === '...') return false;
    start = next;
  }
  return true;
}

/** Whether the line starting at `lineStart` is a character sheet's place: below `characters:` (or `персонажи:`) in the front matter. */
function underCharacters(text: string, lineStart: number): boolean {
  for (let end = lineStart; end > 0; ) {
    const start = previousLineStart(text, end);
    // The first line is the front matter's `---`.
    if (start === 0) return false;
    const line = text.slice(start, end).trimEnd();
    if (CHARACTERS_LINE.test(line)) return true;
    if (!/^\s/u.test(line) && line !== '') return false;
    end = start;
  }
  return false;
}

function frontMatterOffers(text: string, lineStart: number, before: string): CompletionOffer[] {
  const at = (start: number) => lineStart + start;
  const rulesetValue = RULESET_VALUE.exec(before);
  if (rulesetValue) return [{ kind: 'rulesetIds', start: at(rulesetValue[1].length) }];
  // A new character's line: its name and two traits of the ruleset.
  const sheet = /^( {1,2})\p{L}*$/u.exec(before);
  if (sheet && underCharacters(text, lineStart)) return [{ kind: 'sheetLine', start: at(sheet[1].length) }];
  if (/^[\p{L}_]*$/u.test(before)) return [{ kind: 'frontMatterKeys', start: at(0) }];
  // A trait key of a character sheet: indented under a name, or inside `{ … }` after one.
  const traitKey = /^(\s{3,})([\p{L} ]*)$/u.exec(before) ?? /^(.*[{,]\s*)([\p{L} ]*)$/u.exec(before);
  if (traitKey) return [{ kind: 'traits', start: at(traitKey[1].length) }];
  return [];
}

const TERM_SEPARATORS = new Set(['+', '-', '−', '–', ':', '(', ')', '/']);
/** Words that end a term as a sign does: a contest's other side, an alternative. */
const TERM_WORDS = ['против', 'или'];

/** Whether `content` holds one of TERM_WORDS as a whole word ending at `end` (JS `\b` knows no Cyrillic). */
function termWordEndsAt(content: string, end: number): boolean {
  return TERM_WORDS.some((word) => {
    const start = end - word.length;
    return start >= 0 && content.slice(start, end).toLowerCase() === word && (start === 0 || /\s/u.test(content[start - 1]));
  });
}

/** Where the term being typed starts: after the last separator, «против» or «или». */
function termStartOf(content: string): number {
  for (let i = content.length - 1; i >= 0; i--) {
    if (TERM_SEPARATORS.has(content[i])) return i + 1;
    if (/\s/u.test(content[i]) && termWordEndsAt(content, i)) return i + 1;
  }
  return 0;
}

/** `from` moved past the whitespace that follows it in `text`. */
function skipSpaces(text: string, from: number): number {
  return from + (text.slice(from).length - text.slice(from).trimStart().length);
}

/**
 * Whether the `(` at `open` starts a whole pool («(Сила Воли 4) или (Выносливость 2 + 3)», docs/markup.md)
 * rather than the parameter group: nothing of its side before it, or «или» right before it.
 */
function opensPool(content: string, open: number): boolean {
  const head = content.slice(0, open).trimEnd();
  return head === '' || head.endsWith(':') || termWordEndsAt(head, head.length);
}

/** Inside a «…» whose content (from `contentStart`) runs to the cursor. */
function checkOffers(content: string, contentStart: number, hasFrontMatter: boolean): CompletionOffer[] {
  const lastOpen = content.lastIndexOf('(');
  if (lastOpen > content.lastIndexOf(')') && !opensPool(content, lastOpen)) {
    // Parameters: replace the word being typed after `(`, `,` or `;`.
    const sep = Math.max(lastOpen, content.lastIndexOf(','), content.lastIndexOf(';'));
    // An attack's `урон:` / `поглощение:` pool (docs/markup.md): its terms are traits, as a side's.
    if (/^\s*(?:урон|поглощение)\s*:/iu.test(content.slice(sep + 1))) {
      const termStart = skipSpaces(content, termStartOf(content));
      return [{ kind: 'traits', start: contentStart + termStart, check: content.slice(0, termStart) }];
    }
    return [{ kind: 'parameters', start: contentStart + skipSpaces(content, sep + 1) }];
  }
  // A term: replace from after the last sign, colon, parenthesis or «против» to the cursor.
  const termStartRaw = termStartOf(content);
  const termStart = skipSpaces(content, termStartRaw);
  const start = contentStart + termStart;
  const traits: CompletionOffer = { kind: 'traits', start, check: content.slice(0, termStart) };
  // Before anything else is written, the check may start with a character's name and a colon.
  return termStartRaw === 0 && hasFrontMatter ? [traits, { kind: 'characters', start }] : [traits];
}

/** `<!--` and what is typed of a directive: a prefix of «rollmark-», or more of it. */
const TYPING_DIRECTIVE = /<!--\s*([\w-]*)$/u;
const TYPING_CODE = new RegExp(`<!--\\s*${DIRECTIVE_PREFIX}(?:${SUPPRESSION_DIRECTIVES.join('|')})((?:\\s+RM\\d{3})*)[\\s,]+(RM\\d{0,3}|)$`, 'u');

/** `<!--` not closed before the cursor: in an HTML comment, where no check is written. */
const IN_COMMENT = /<!--(?:(?!-->).)*$/u;

/**
 * In an HTML comment: a suppression comment's directives, then its codes (analysis/document/suppressions.ts);
 * nothing in another tool's comment. A bare `<!--` offers the directives only when the author asks:
 * it opens every other comment too. Undefined outside a comment.
 */
function commentOffers(before: string, offset: number, invoked: boolean): CompletionOffer[] | undefined {
  if (!IN_COMMENT.test(before)) return undefined;
  const code = TYPING_CODE.exec(before);
  if (code) {
    const written = (code[1].match(/RM\d{3}/gu) ?? []) as DiagnosticCode[];
    return [{ kind: 'suppressionCodes', start: offset - code[2].length, written }];
  }
  const directive = TYPING_DIRECTIVE.exec(before);
  if (!directive) return [];
  const typed = directive[1];
  if (typed === '' ? !invoked : !(DIRECTIVE_PREFIX.startsWith(typed) || typed.startsWith(DIRECTIVE_PREFIX))) return [];
  return [{ kind: 'suppressionDirectives', start: offset - typed.length }];
}

/**
 * What to offer at `offset` (a cursor LSP has clamped to its line) of `text`; undefined where
 * nothing is. `invoked`: the author asked (Ctrl+Space), rather than typed a trigger character.
 */
export function completionPlace(text: string, offset: number, hasFrontMatter: boolean, invoked: boolean): CompletionPlace | undefined {
  const lineStart = lineStartOf(text, offset);
  const before = text.slice(lineStart, offset);
  if (inFrontMatter(text, lineStart)) return { where: 'frontMatter', offers: frontMatterOffers(text, lineStart, before) };
  const comment = commentOffers(before, offset, invoked);
  if (comment) return { where: 'comment', offers: comment };
  const open = before.lastIndexOf('«');
  if (open >= 0 && before.indexOf('»', open) < 0) {
    const content = before.slice(open + 1);
    const offers = checkOffers(content, lineStart + open + 1, hasFrontMatter);
    if (content.trim() !== '') return { where: 'check', offers };
    // Right after «: whole checks of this ruleset first; the » an editor closed the « with stays.
    return { where: 'check', offers: [{ kind: 'checkTemplates', start: offset, wrap: false, closed: text[offset] === '»' }, ...offers] };
  }
  if (!invoked) return undefined;
  // The word the cursor ends (letters, digits, hyphens) is what a template typed in prose replaces.
  const word = offset - (/[\p{L}\p{N}-]*$/u.exec(before)?.[0].length ?? 0);
  const templates: CompletionOffer = { kind: 'checkTemplates', start: word, wrap: true, closed: false };
  return { where: 'prose', offers: !hasFrontMatter && word === 0 ? [{ kind: 'frontMatterTemplate', start: word }, templates] : [templates] };
}
