/**
 * The edits of the fixes resolving a check offers (resolveCheck.ts): each removes or adds exactly
 * what it must, never loses the author's other text, and never changes how Markdown reads the line.
 */
import { type CheckExpression, type Param, type PoolExpr } from '../check/checkExpression';
import type { Fix, TextEdit, TextRange } from '../types';

/**
 * What to delete to drop one parameter and leave a well-formed check: its separator with it,
 * or the whole group (and the space before it) when it is the group's only parameter. A group
 * right before a word («(статичная)против») leaves one space, so the words do not join. A group
 * right after a specialty gets a space before it: «[Ножи](Преимущество, сложность 2)» is not a
 * Markdown link (a link's address has no space), but «[Ножи](Преимущество)» would be.
 */
export function removalEdit(side: PoolExpr, param: Param, charAt: (offset: number) => string): TextEdit {
  const at = side.params.indexOf(param);
  const group = side.paramsRange;
  if (side.params.length === 1 && group) {
    const joins = charAt(group.end) !== '' && !/\s/u.test(charAt(group.end));
    if (!joins) return { range: { start: side.range ? Math.min(group.start, side.range.end) : group.start, end: group.end }, newText: '' };
    const spaced = /\s/u.test(charAt(group.start - 1));
    return { range: group, newText: spaced || charAt(group.start - 1) === '' ? '' : ' ' };
  }
  const removed = at > 0 ? { start: side.params[at - 1].range.end, end: param.range.end } : { start: param.range.start, end: side.params[1].range.start };
  if (!group || charAt(group.start - 1) !== ']') return { range: removed, newText: '' };
  let kept = ' ';
  for (let offset = group.start; offset < removed.start; offset++) kept += charAt(offset);
  return { range: { start: group.start, end: removed.end }, newText: kept };
}

/**
 * What to insert to add one parameter with no value (`особое`): a new group after the pool, or a
 * slot in the group. Helpers by name run to the group's end, so after them the word goes first.
 * Undefined when the group holds nothing well-formed to stand next to.
 */
export function addParamEdit(side: PoolExpr, text: string): TextEdit | undefined {
  if (!side.paramsRange) return side.range ? { range: { start: side.range.end, end: side.range.end }, newText: ` (${text})` } : undefined;
  if (side.params.length === 0) return undefined;
  const last = side.params[side.params.length - 1];
  if (last.kind === 'helpers' && last.names !== undefined) return { range: { start: side.params[0].range.start, end: side.params[0].range.start }, newText: `${text}, ` };
  return { range: { start: last.range.end, end: last.range.end }, newText: `, ${text}` };
}

/**
 * Whether the text before `offset` is a number that begins its line (after spaces or block-quote
 * «>»): a «)» right after it would make the line a Markdown list item («2)»).
 */
function startsLineWithNumber(offset: number, charAt: (offset: number) => string): boolean {
  let at = offset - 1;
  if (!/[0-9]/.test(charAt(at))) return false;
  while (/[0-9]/.test(charAt(at))) at--;
  while (charAt(at) === ' ' || charAt(at) === '\t' || charAt(at) === '>') at--;
  return charAt(at) === '\n' || charAt(at) === '\r';
}

/**
 * Whether a «)» right after `offset` could change how Markdown reads the text before it: after a
 * number that begins its line it would make a list item («2)»); after an emphasis or
 * strikethrough marker it would let that marker open an emphasis («+*)» can open, «+* )» not)
 * that closes on a later marker, over the check's » and splitting the check.
 */
function needsSpaceBeforeParen(offset: number, charAt: (offset: number) => string): boolean {
  return startsLineWithNumber(offset, charAt) || /[*_~]/u.test(charAt(offset - 1));
}

/**
 * A «)» where the parser ended the unclosed group (before the next «(» or «против»), which is
 * where it closes that group: at the end of the check it would close only the last of several.
 * A group right after a specialty («[Ножи](сложность 2») gets a space before it as well, or the
 * «)» would make «[Ножи](…)» a Markdown link; where a «)» would change the Markdown before it,
 * « )». None for a group with nothing in it («Сила (»): «()» would be another error.
 */
export function closeParenFix(ast: CheckExpression, paren: TextRange, charAt: (offset: number) => string): Fix[] {
  const group = ast.sides.find((side) => side.paramsRange?.start === paren.start)?.paramsRange;
  if (!group || group.end <= paren.end) return [];
  const close: TextEdit = { range: { start: group.end, end: group.end }, newText: needsSpaceBeforeParen(group.end, charAt) ? ' )' : ')' };
  const edits = charAt(paren.start - 1) === ']' ? [{ range: { start: paren.start, end: paren.start }, newText: ' ' }, close] : [close];
  return [{ title: { id: 'closeParen' }, edits, preferred: true }];
}
