/**
 * The canonical form of a check (docs/markup.en.md, "Canonical form"): one parameter and a whole
 * check's content printed as the documentation writes them, which RM010 compares with what was
 * written and every fix writes.
 */
import type { ParamKind } from './checkTokens';
import type { CheckExpression, Term, TraitTerm } from './checkExpression';
import type { Param } from './checkParams';

/** Russian plural form for a count: 1 успех, 2 успеха, 5 успехов, 11 успехов, 21 успех. */
export function pluralRu(n: number, one: string, few: string, many: string): string {
  const abs = Math.abs(n);
  const d10 = abs % 10;
  const d100 = abs % 100;
  if (d10 === 1 && d100 !== 11) return one;
  if (d10 >= 2 && d10 <= 4 && (d100 < 12 || d100 > 14)) return few;
  return many;
}

/** An integer as the canonical form prints it: a minus is U+2212. */
export function formatInteger(n: number): string {
  return n < 0 ? `\u2212${-n}` : String(n);
}

/** Options for printing parameters. */
export interface FormatParamOptions {
  /**
   * How the ruleset spells the Willpower parameter (e.g. `Сила Воли` in mage-revised,
   * `Воля` in storytelling). Default: the grammar form that was written (`Сила воли` or `Воля`).
   */
  willpower?: string;
  /**
   * Keep the parameters in the order written (docs/markup.en.md, "Canonical form": order and the
   * separators «,» / «;» are free, issue 20), a «;» only after helpers by name, whose own commas
   * separate the names.
   */
  writtenOrder?: boolean;
  /** The canonical name of a trait in an `урон:` / `поглощение:` pool; default: as written. */
  poolName?: (term: TraitTerm) => string;
}

/**
 * The canonical keyword of a parameter, to compare with `param.keyword` (RM010).
 * For counted parameters it agrees with the count («2 Помехи», «10 успехов»).
 */
export function canonicalKeyword(param: Param, options: FormatParamOptions = {}): string {
  switch (param.kind) {
    case 'difficulty':
      return 'сложность';
    case 'successesNeeded':
      return pluralRu(param.value, 'успех', 'успеха', 'успехов');
    case 'rollLimit':
      return pluralRu(param.value, 'бросок', 'броска', 'бросков');
    case 'extendedMarker':
      return param.form;
    case 'advantage':
      // The grammar has no «Преимуществ»: 5 and more keep the plural the grammar has.
      return param.count === 1 ? 'Преимущество' : 'Преимущества';
    case 'hindrance':
      return param.count === 1 ? 'Помеха' : 'Помехи';
    case 'static':
      return 'статичная';
    case 'again':
      return param.rule === 'none' ? 'без снова-10' : `снова-${param.rule}`;
    case 'specialty':
      return 'специализация';
    case 'willpower':
      return options.willpower ?? param.form;
    case 'helpers':
      return 'помощь';
    case 'noBotch':
      return param.form;
    case 'initiative':
      return 'инициатива';
    case 'threshold':
      return `${pluralRu(param.value, 'успех', 'успеха', 'успехов')} ${param.form}`;
    case 'twice':
      return 'дважды';
    case 'attempts':
      return pluralRu(param.value, 'попытка', 'попытки', 'попыток');
    case 'penalty':
      return 'штраф';
    case 'secondAttempt':
      return 'вторая попытка';
    case 'special':
      return 'особое';
    case 'damage':
      return 'урон';
    case 'soak':
      return 'поглощение';
    case 'combatRole':
      return param.role === 'attack' ? 'атака' : 'защита';
    case 'deal':
      return param.form;
    case 'extraSuccesses':
      return pluralRu(param.value, 'успех', 'успеха', 'успехов');
    case 'durability':
      return 'прочность';
    case 'maneuver':
      return 'маневр';
    case 'headStart':
      return 'фора';
    case 'replay':
      return 'воспроизведение';
  }
}

/** A pool's terms as a side's are printed: `Сила 2 + 1`, `Выносливость − 1`. */
function formatPoolTerms(terms: readonly Term[], name: (term: TraitTerm) => string): string {
  return terms
    .map((term, k) => {
      const body = term.kind === 'modifier' ? formatInteger(term.value) : name(term) + (term.rating ? ` ${formatInteger(term.rating.value)}` : '');
      if (k === 0) return (term.sign < 0 ? '\u2212' : '') + body;
      return (term.sign < 0 ? ' \u2212 ' : ' + ') + body;
    })
    .join('');
}

/** One parameter in canonical form: `сложность 2`, `10 успехов`, `Преимущество`, `2 Помехи`, `снова-9`. */
export function formatParam(param: Param, options: FormatParamOptions = {}): string {
  const keyword = canonicalKeyword(param, options);
  switch (param.kind) {
    case 'difficulty':
      return `${keyword} ${formatInteger(param.value)}`;
    case 'successesNeeded':
    case 'rollLimit':
    case 'threshold':
      return `${param.value} ${keyword}`;
    case 'attempts':
      return `${param.value} ${keyword}${param.penalty !== undefined ? ` штраф ${param.penalty}` : ''}`;
    case 'penalty':
    case 'durability':
    case 'maneuver':
    case 'headStart':
      return `${keyword} ${param.value}`;
    case 'extraSuccesses':
      return `+${param.value} ${keyword}`;
    case 'advantage':
    case 'hindrance':
      return param.count === 1 ? keyword : `${param.count} ${keyword}`;
    case 'helpers':
      if (param.names) {
        const named = (n: (typeof param.names)[number]) => (n.trait ? `${n.name} (${n.trait.name})` : n.name);
        return `${keyword}: ${param.names.map((n, k) => (k === 0 ? named(n) : `${n.joinedBy === 'и' ? ' и ' : ', '}${named(n)}`)).join('')}`;
      }
      return `${keyword}: ${param.count ?? 0}`;
    case 'damage':
    case 'soak':
      return `${keyword}: ${formatPoolTerms(param.terms, options.poolName ?? ((term) => term.name))}`;
    default:
      return keyword;
  }
}

/** The canonical spelling of a trait term's name; `side` is 0, or 1 after «против» (genitive allowed there). */
export type CanonicalName = (term: TraitTerm, side: number) => string;

const PARAM_ORDER_FIRST: ParamKind = 'difficulty';

/**
 * Prints a check's content in canonical form (docs/markup.en.md, "Canonical form"), without the guillemets:
 * `Катастрофа: Ловкость + Атлетика (сложность 2)`, `Сила 3 − 2`, `… против …`.
 *
 * - trait names come from `canonicalName`; ratings, specialties (`[text]`) and modifiers
 *   as parsed; one space around `+` and `−`, the minus printed as U+2212; a minus on the
 *   first term is written against it (`−3 + Сила`);
 * - alternatives: « или » with one space each side, «/» with none, as written
 *   (`Ловкость или Интеллект + Ремесло`, `Ловкость + Атлетизм/Вождение`);
 * - parameters as {@link formatParam} prints them, `сложность` first, the rest in written
 *   order, separated by `, `; helpers by name last, after `; ` (`сложность 6; помощь: Вера, Гордей`);
 * - «против» in lower case with one space each side; the actor as written, then `: `.
 *
 * Meant for an AST without errors; with errors it prints what was recovered.
 */
export function formatCanonical(ast: CheckExpression, canonicalName: CanonicalName, given: FormatParamOptions = {}): string {
  const options: FormatParamOptions = { poolName: (term) => canonicalName(term, 0), ...given };
  const sides = ast.sides.map((side, index) => {
    let out = '';
    const open = side.groupedPools ? '(' : '';
    const close = side.groupedPools ? ')' : '';
    side.terms.forEach((term, k) => {
      const body =
        term.kind === 'modifier'
          ? formatInteger(term.value)
          : canonicalName(term, index) +
            (term.rating ? ` ${formatInteger(term.rating.value)}` : '') +
            (term.specialty ? ` [${term.specialty.text}]` : '');
      const minus = term.sign < 0 ? '\u2212' : '';
      if (term.or?.scope === 'term') out += (term.or.written === '/' ? '/' : ' или ') + body;
      else if (term.or?.scope === 'pool') out += `${close} или ${open}${minus}${body}`;
      else if (k === 0) out += open + minus + body;
      else out += (term.sign < 0 ? ' \u2212 ' : ' + ') + body;
    });
    if (side.terms.length > 0) out += close;
    if (side.params.length > 0) {
      // Helpers by name come last, after a «;»: their own commas separate the names.
      const named = side.params.filter((p) => p.kind === 'helpers' && p.names !== undefined);
      if (options.writtenOrder) {
        const group = side.params.map((p, k) => (k === 0 ? '' : named.includes(side.params[k - 1]) ? '; ' : ', ') + formatParam(p, options)).join('');
        out += `${out === '' ? '' : ' '}(${group})`;
        return out;
      }
      const ordered = [
        ...side.params.filter((p) => p.kind === PARAM_ORDER_FIRST),
        ...side.params.filter((p) => p.kind !== PARAM_ORDER_FIRST && !named.includes(p)),
      ];
      const group = [ordered.map((p) => formatParam(p, options)).join(', '), ...named.map((p) => formatParam(p, options))].filter((part) => part !== '').join('; ');
      out += `${out === '' ? '' : ' '}(${group})`;
    }
    return out;
  });
  const actor = ast.actor ? `${ast.actor.name}: ` : '';
  return actor + sides.join(' против ');
}
