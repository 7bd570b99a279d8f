/**
 * A side's alternatives (docs/markup.en.md, "Alternatives"): its pools and groups of options, how
 * many combinations they make, and each combination as a check of its own.
 */
import type { CheckExpression, PoolExpr, Term } from './checkExpression';

/** A term joined to the one before it by «/»: always an option of that term. */
export function isSlashOption(term: Term): boolean {
  return term.or?.written === '/';
}

/** The parts of a side between its «или» (not «/»), each in written order. */
export function splitAtOr(terms: readonly Term[]): Term[][] {
  const parts: Term[][] = [];
  for (const term of terms) {
    if (parts.length === 0 || (term.or && !isSlashOption(term))) parts.push([term]);
    else parts[parts.length - 1].push(term);
  }
  return parts;
}

/** Terms joined by + and − in a part (options of one term count once). */
export function slotCount(part: readonly Term[]): number {
  return part.filter((term, k) => k === 0 || !isSlashOption(term)).length;
}

/** The pools of a side (split at `pool` joins), each a list of groups of options: indexes into `terms`. */
function poolGroups(terms: readonly Term[]): number[][][] {
  const pools: number[][][] = [];
  terms.forEach((term, k) => {
    if (pools.length === 0 || term.or?.scope === 'pool') pools.push([]);
    const groups = pools[pools.length - 1];
    if (term.or?.scope === 'term' && groups.length > 0) groups[groups.length - 1].push(k);
    else groups.push([k]);
  });
  return pools;
}

/** How many combinations a side has: the sum over its pools of the product of their groups' options. */
export function combinationCount(side: PoolExpr): number {
  return poolGroups(side.terms).reduce((sum, groups) => sum + groups.reduce((product, options) => product * options.length, 1), 0);
}

/** The groups of options of a side (a term without alternatives is a group of one): indexes into `terms`. */
export function optionGroups(side: PoolExpr): number[][] {
  return poolGroups(side.terms).flat();
}

/**
 * A check made of one combination per side (`picks[i]`: indexes into side i's terms, as
 * {@link sideCombinations} gives them): the terms without their joiners, each option with the
 * specialty its group shares. Printed with `formatCanonical` (canonicalForm.ts), it is that combination's markup.
 */
export function combinationAst(ast: CheckExpression, picks: readonly (readonly number[])[]): CheckExpression {
  return {
    ...ast,
    sides: ast.sides.map(({ groupedPools: _one, ...side }, i) => {
      const groupOf = new Map<number, number[]>();
      for (const group of optionGroups(side)) for (const k of group) groupOf.set(k, group);
      const terms = (picks[i] ?? side.terms.map((_, k) => k)).map((k): Term => {
        const { or: _joiner, ...term } = side.terms[k];
        if (term.kind !== 'trait') return term;
        const group = groupOf.get(k) ?? [k];
        const shared = side.terms[group[group.length - 1]];
        return shared.kind === 'trait' && shared.specialty && !term.specialty ? { ...term, specialty: shared.specialty } : term;
      });
      return { ...side, terms };
    }),
  };
}

/**
 * The combinations of a side, each as the indexes of its terms in `side.terms`: the pools in
 * written order, and within a pool the leftmost group of options varying slowest (docs/cli.en.md).
 * A side without alternatives has one combination, every term. Meant for a side
 * within `MAX_ALTERNATIVES` (the parser reports more as `too-many-alternatives`).
 */
export function sideCombinations(side: PoolExpr): number[][] {
  const out: number[][] = [];
  for (const groups of poolGroups(side.terms)) {
    let partial: number[][] = [[]];
    for (const options of groups) partial = partial.flatMap((prefix) => options.map((k) => [...prefix, k]));
    out.push(...partial);
  }
  return out;
}
