/**
 * A compact, exact printing of a check's AST (server/src/analysis/check/checkExpression.ts), so that a
 * parser test reads as `assert.strictEqual(printCheck(text), expected)` with the expected form
 * inline. Every field of the AST is printed or follows from what is printed: two different ASTs of
 * one text never print alike.
 *
 * A range prints as the text it covers and its start, counted from the content's first character:
 * `‹Атлетика›7` is offsets 7 to 15. Tabs, line breaks and no-break spaces print escaped (`\t`, `\n`,
 * `\u00a0`); a range outside the content prints as `‹!start-end›`. One line per part:
 *
 *     range ‹…›n            the content's range, only when it is not the whole content
 *     actor ‹…›n "name"     the name only when it is not the text as written
 *     side ‹…›n: term, term (no range) when the side has none
 *     params ‹…›n: p; p     the side's parameter group, (no group) when unwritten; (keyword seen) or
 *                           (no keyword seen) when `paramKeywordSeen` is not simply «has parameters»
 *     versus ‹…›n "written" the written form only when it is not the text at the range
 *     error code ‹…›n param=kind reason=why, and text="…" when not the text at the range
 *
 * A term is `[or][sign]trait ‹name›n` or `[or][sign]modifier value ‹…›n`: `or` is an alternative's
 * joiner, `or ‹или›9 term ` or `or ‹/›8 pool `, with "written" when not the text at its range; the
 * sign `+` or `−` (the value of `sign`) with its range when written (`+‹+›5`, `−‹-›12`); `−` alone
 * for a minus never written.
 * A trait adds "name" when normalised, `rating v ‹…›n`, `specialty "text" ‹…›n in ‹[…]›n`, and
 * `range ‹…›n` when its range is more than its name. A parameter is `kind [what] ‹range›n` (what:
 * its value, count, form or again rule; helpers: their count, or `names A ‹…›n, B ‹…›n` with `и`
 * before a name joined by «и»), then
 * `kw ‹…›n` when the keyword is not the whole parameter, "keyword" when not as written, and its
 * `value ‹…›n` or `count ‹…›n`.
 *
 * A node with a field the AST types do not have, or with a field set to `undefined` instead of
 * left out, prints `{odd: field}` after it.
 */
import { type CheckExpression, type Param, parseCheckExpression, type PoolExpr, type Term, type TextRange } from '../../../server/src/analysis/check/checkExpression';

/** Where parser tests start their content: an offset bug shows in the printed starts. */
export const CONTENT_OFFSET = 1000;

const PARAM_FIELDS: Record<Param['kind'], string[]> = {
  difficulty: ['value', 'valueRange'],
  successesNeeded: ['value', 'valueRange'],
  rollLimit: ['value', 'valueRange'],
  advantage: ['count', 'countRange'],
  hindrance: ['count', 'countRange'],
  extendedMarker: ['form'],
  willpower: ['form'],
  special: [],
  extraSuccesses: ['value', 'valueRange'],
  durability: ['value', 'valueRange'],
  maneuver: ['value', 'valueRange'],
  headStart: ['value', 'valueRange'],
  replay: [],
  again: ['rule'],
  static: [],
  specialty: [],
  helpers: ['count', 'countRange', 'names'],
  noBotch: ['form'],
  initiative: [],
  threshold: ['value', 'valueRange', 'form'],
  twice: [],
  attempts: ['value', 'valueRange', 'penalty', 'penaltyRange'],
  penalty: ['value', 'valueRange'],
  secondAttempt: [],
  damage: ['terms', 'poolRange'],
  soak: ['terms', 'poolRange'],
  combatRole: ['role'],
  deal: ['form'],
};

/** ` {odd: a, b}` for the fields of `node` that are not among `fields` or are set to undefined. */
function odd(node: object, fields: readonly string[]): string {
  const found = Object.entries(node)
    .filter(([key, value]) => !fields.includes(key) || value === undefined)
    .map(([key]) => key);
  return found.length > 0 ? ` {odd: ${found.join(', ')}}` : '';
}

export function escaped(text: string): string {
  return text.replace(/[\t\n\r\u00a0]/g, (c) => ({ '\t': '\\t', '\n': '\\n', '\r': '\\r', '\u00a0': '\\u00a0' })[c] ?? c);
}

/** Prints an AST parsed from `content` at offset `base`. */
export function printAst(ast: CheckExpression, content: string, base: number): string {
  const at = (range: TextRange): string => {
    const start = range.start - base;
    const end = range.end - base;
    if (start < 0 || end > content.length || start > end) return `‹!${start}-${end}›`;
    return `‹${escaped(content.slice(start, end))}›${start}${odd(range, ['start', 'end'])}`;
  };
  const textAt = (range: TextRange): string => content.slice(range.start - base, range.end - base);
  const same = (a: TextRange | undefined, b: TextRange | undefined): boolean => a?.start === b?.start && a?.end === b?.end;
  /** ` "text"` when `text` is not what the range covers. */
  const unlike = (text: string, range: TextRange): string => (text === textAt(range) ? '' : ` "${escaped(text)}"`);

  const term = (t: Term): string => {
    const mark = t.sign === 1 ? '+' : t.sign === -1 ? '−' : `(sign ${t.sign})`;
    const or = t.or ? `or ${at(t.or.range)}${unlike(t.or.written, t.or.range)} ${t.or.scope}${odd(t.or, ['written', 'range', 'scope'])} ` : '';
    const sign = or + (t.signRange ? `${mark}${at(t.signRange)} ` : t.sign === 1 ? '' : `${mark} `);
    if (t.kind !== 'trait') return `${sign}${t.kind} ${t.value} ${at(t.range)}${odd(t, ['kind', 'value', 'sign', 'signRange', 'range', 'or'])}`;
    let out = `${sign}${t.kind} ${at(t.nameRange)}${unlike(t.name, t.nameRange)}`;
    if (t.rating) out += ` rating ${t.rating.value} ${at(t.rating.range)}${odd(t.rating, ['value', 'range'])}`;
    if (t.specialty) out += ` specialty "${escaped(t.specialty.text)}" ${at(t.specialty.range)} in ${at(t.specialty.bracketsRange)}${odd(t.specialty, ['text', 'range', 'bracketsRange'])}`;
    if (!same(t.range, t.nameRange)) out += ` range ${at(t.range)}`;
    return out + odd(t, ['kind', 'name', 'nameRange', 'rating', 'specialty', 'sign', 'signRange', 'range', 'or']);
  };

  const param = (p: Param): string => {
    const what =
      p.kind === 'difficulty' || p.kind === 'successesNeeded' || p.kind === 'rollLimit' || p.kind === 'penalty'
        ? ` ${p.value}`
        : p.kind === 'attempts'
          ? ` ${p.value}${p.penalty !== undefined ? ` штраф ${p.penalty} ${at(p.penaltyRange ?? p.range)}` : ''}`
        : p.kind === 'advantage' || p.kind === 'hindrance'
          ? ` ${p.count}`
          : p.kind === 'extendedMarker' || p.kind === 'willpower' || p.kind === 'noBotch' || p.kind === 'deal'
            ? ` "${p.form}"`
            : p.kind === 'again'
              ? ` ${p.rule}`
              : p.kind === 'combatRole'
                ? ` ${p.role}`
              : p.kind === 'helpers' && p.count !== undefined
                ? ` ${p.count}`
                : p.kind === 'threshold'
                  ? ` ${p.value} "${p.form}"`
                  : '';
    let out = `${p.kind}${what} ${at(p.range)}`;
    if (!same(p.keywordRange, p.range)) out += ` kw ${at(p.keywordRange)}`;
    out += unlike(p.keyword, p.keywordRange);
    if ('valueRange' in p) out += ` value ${at(p.valueRange)}`;
    if ('countRange' in p && p.countRange) out += ` count ${at(p.countRange)}`;
    if (p.kind === 'damage' || p.kind === 'soak') out += ` pool ${at(p.poolRange)}: ${p.terms.map(term).join(', ')}`;
    if (p.kind === 'helpers' && p.names) {
      out += ` names ${p.names.map((n) => `${n.joinedBy === 'и' ? 'и ' : ''}${escaped(n.name)} ${at(n.range)}${unlike(n.name, n.range)}${odd(n, ['name', 'range', 'joinedBy'])}`).join(', ')}`;
    }
    return out + odd(p, ['kind', 'range', 'keyword', 'keywordRange', ...(PARAM_FIELDS[p.kind] ?? [])]);
  };

  const side = (s: PoolExpr): string[] => {
    const lines = [`side ${s.range ? at(s.range) : '(no range)'}${odd(s, ['terms', 'range', 'params', 'paramsRange', 'paramKeywordSeen'])}${s.terms.length > 0 ? `: ${s.terms.map(term).join(', ')}` : ''}`];
    const seen = s.paramKeywordSeen === s.params.length > 0 ? '' : s.paramKeywordSeen ? ' (keyword seen)' : ' (no keyword seen)';
    if (s.paramsRange || s.params.length > 0 || seen) {
      lines.push(`params ${s.paramsRange ? at(s.paramsRange) : '(no group)'}${s.params.length > 0 ? `: ${s.params.map(param).join('; ')}` : ''}${seen}`);
    }
    return lines;
  };

  const lines: string[] = [];
  if (ast.range.start !== base || ast.range.end !== base + content.length) lines.push(`range ${at(ast.range)}`);
  const oddCheck = odd(ast, ['range', 'actor', 'sides', 'versus', 'errors']);
  if (oddCheck) lines.push(`check${oddCheck}`);
  if (ast.actor) lines.push(`actor ${at(ast.actor.range)}${unlike(ast.actor.name, ast.actor.range)}${odd(ast.actor, ['name', 'range'])}`);
  ast.sides.forEach((s, i) => {
    if (i === 1) lines.push(ast.versus ? `versus ${at(ast.versus.range)}${unlike(ast.versus.written, ast.versus.range)}${odd(ast.versus, ['written', 'range'])}` : 'versus (none)');
    lines.push(...side(s));
  });
  if (ast.sides.length < 2 && ast.versus) lines.push(`versus ${at(ast.versus.range)}${unlike(ast.versus.written, ast.versus.range)} with one side`);
  for (const e of ast.errors) {
    lines.push(`error ${e.code} ${at(e.range)}${e.param ? ` param=${e.param}` : ''}${e.reason ? ` reason=${e.reason}` : ''}${e.text === textAt(e.range) ? '' : ` text="${escaped(e.text)}"`}${odd(e, ['code', 'range', 'text', 'param', 'reason'])}`);
  }
  return lines.join('\n');
}

/** Parses `content` at {@link CONTENT_OFFSET} and prints the AST. */
export function printCheck(content: string): string {
  return printAst(parseCheckExpression(content, CONTENT_OFFSET), content, CONTENT_OFFSET);
}
