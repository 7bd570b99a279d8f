/**
 * The fix of a prose check (proseChecks.ts, the header): the canonical markup of what the scanner
 * read, through the check parser, and what the fix's title must say the markup does not carry over.
 */
import { formatCanonical, parseCheckExpression } from '../check/checkExpression';
import type { ProseNote } from '../diagnosticCatalog';
import { resolveCheck } from '../resolve/resolveCheck';
import type { TraitIndex } from '../resolve/traitIndex';
import type { CharacterSheet, TextRange } from '../types';
import { PLACEHOLDER_TRAIT } from './proseParams';
import type { Alternative, Found, Pool, RulesetFacts, Side } from './proseSides';

/** Same number of words, each starting in the same letter case. */
function sameCapitals(a: string, b: string): boolean {
  const wa = a.split(' ');
  const wb = b.split(' ');
  const upper = (w: string) => w !== '' && w[0] !== w[0].toLowerCase();
  return wa.length === wb.length && wa.every((w, k) => upper(w) === upper(wb[k]));
}

/**
 * A trait's name in the markup: the nominative, or after «против» the case form as written
 * (Russian puts the genitive there, as canonical as the nominative, docs/markup.en.md "Canonical form") when it is
 * capitalised as the ruleset spells the name: «против Силы Воли».
 */
function markupName(alternative: Alternative, afterVersus: boolean): string {
  return afterVersus && alternative.matchKind === 'case-form' && sameCapitals(alternative.written, alternative.trait.name) ? alternative.written : alternative.trait.name;
}

function poolText(pool: Pool, afterVersus: boolean): string {
  let out = '';
  pool.forEach((term, k) => {
    const body =
      term.kind === 'modifier'
        ? String(term.value)
        : term.alternatives.map((alternative, i) => (i === 0 ? '' : alternative.slash ? '/' : ' или ') + markupName(alternative, afterVersus) + (alternative.rating === undefined ? '' : ` ${alternative.rating}`)).join('');
    out += k === 0 ? body : `${term.sign < 0 ? ' \u2212 ' : ' + '}${body}`;
  });
  return out;
}

/**
 * A side's pools without its parameters. Alternatives keep the joiner the text wrote: «/» always
 * joins the traits next to it, in the markup as in the prose, while «или» between pools with signs
 * makes them whole pools; «Сила/Ловкость + Атлетизм или Сила + Драка» written with «или» only
 * would be another check.
 */
function sideText(side: Side, afterVersus: boolean): string {
  return side.pools.map((pool) => poolText(pool, afterVersus)).join(' или ');
}

export class ProseMarkup {
  /** Markup → the note its fix's title needs (`null`: none). */
  private readonly notes = new Map<string, ProseNote | null>();

  constructor(
    private readonly index: TraitIndex,
    private readonly facts: RulesetFacts,
    private readonly characters: readonly CharacterSheet[],
  ) {}

  /** The check as found: its span, canonical markup and what its fix must say. */
  found(range: TextRange, side1: Side, side2: Side | undefined, actor: string | undefined, marker: string | undefined): Found | undefined {
    const family = this.index.ruleset.family;
    // Storytelling has no difficulty (RM005): the markup leaves it out and the title says so.
    let dropped = false;
    for (const side of side2 ? [side1, side2] : [side1]) {
      if (family === 'storytelling' && side.hasDifficulty && side.params !== undefined) {
        side.params = this.withoutDifficulty(side.params);
        side.hasDifficulty = false;
        dropped = true;
      }
    }
    const markup = this.markup(side1, side2, actor, marker);
    if (markup === undefined) return undefined;
    const check = { range, markup };
    if (dropped) return { check, note: { id: 'droppedDifficulty' } };
    const note = this.noteFor(markup, side1, side2, marker);
    return note ? { check, note } : { check };
  }

  /** A parameter group without its difficulty, or undefined when nothing else was in it. */
  private withoutDifficulty(params: string): string | undefined {
    const ast = parseCheckExpression(`${PLACEHOLDER_TRAIT} (${params})`);
    const rest = ast.sides[0].params.filter((param) => param.kind !== 'difficulty');
    if (rest.length === 0) return undefined;
    const options = this.facts.willpower === undefined ? {} : { willpower: this.facts.willpower };
    return formatCanonical({ ...ast, sides: [{ ...ast.sides[0], terms: [], params: rest }] }, (term) => term.name, options).slice(1, -1);
  }

  /** The canonical markup, through the check parser, so that it is exactly what the canonical form prints. */
  private markup(side1: Side, side2: Side | undefined, actor: string | undefined, marker: string | undefined): string | undefined {
    const options = this.facts.willpower === undefined ? {} : { willpower: this.facts.willpower };
    const withParams = (side: Side, afterVersus: boolean, extra?: string) => {
      const params = [side.params, extra].filter((p): p is string => p !== undefined);
      return params.length === 0 ? sideText(side, afterVersus) : `${sideText(side, afterVersus)} (${params.join(', ')})`;
    };
    const prefix = actor === undefined ? '' : `${actor}: `;
    const content = prefix + (side2 ? `${withParams(side1, false)} против ${withParams(side2, true)}` : withParams(side1, false, marker));
    const ast = parseCheckExpression(content);
    // Cannot happen for what the scanner builds; if it did, a fix must not write a broken check.
    if (ast.errors.length > 0) return undefined;
    return `«${formatCanonical(ast, (term) => term.name, options)}»`;
  }

  /**
   * What the fix's title must say the markup cannot carry over: a difficulty the ruleset wants
   * and the text does not give, or any other warning or error the markup will still get.
   */
  private noteFor(markup: string, side1: Side, side2: Side | undefined, marker: string | undefined): ProseNote | undefined {
    const { ruleset } = this.index;
    // A d20 check without a difficulty cannot be computed (RM004, error); vampire-pack's counts as 0.
    if (ruleset.family === 'd20' && !side2 && marker === undefined && !side1.hasDifficulty) return { id: 'noDifficulty' };
    let note = this.notes.get(markup);
    if (note === undefined) {
      const content = markup.slice(1, -1);
      const resolved = resolveCheck(parseCheckExpression(content), content, { ruleset, index: this.index, characters: this.characters });
      const codes = [...new Set(resolved.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning').map((d) => d.code))];
      note = codes.length === 0 ? null : { id: 'remains', codes };
      this.notes.set(markup, note);
    }
    return note ?? undefined;
  }
}
