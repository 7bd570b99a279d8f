/**
 * The chance of reaching each scene, exactly: every check that opens a way is rolled once,
 * independently of every other (docs/markup.md: the independence the numbers assume), and a scene
 * counts as reached when some way leads to it from the start under the outcomes rolled. The
 * outcomes are enumerated, a check only once its scene is reached and only while it can still open
 * a scene not reached yet (reached scenes stay reached), so the count of outcomes is that of the
 * checks that matter on the paths, bounded by {@link MAX_OUTCOMES}.
 */
import type { Outcome } from './sceneGraph';

export interface FlowEdge {
  from: number;
  to: number;
  /** Open only on this outcome of this check. */
  when?: { check: number; outcome: Outcome };
}

/** Scenes 0 … size − 1, the party starting at `start`. */
export interface FlowGraph {
  size: number;
  start: number;
  edges: FlowEdge[];
}

/** Limit: the outcomes enumerated (2 ^ the checks on the paths); past it the chances are not given. */
export const MAX_OUTCOMES = 1 << 14;

/** Limit: the checks' outcomes tried one by one for scenes hanging on a single roll (each a walk of the graph). */
export const MAX_CUT_OUTCOMES = 256;

export interface ReachChances {
  /** Each scene's chance; undefined when it depends on a check whose chance is unknown, or past the limit. */
  chances: (number | undefined)[];
  /** False past {@link MAX_OUTCOMES}: then every chance is undefined. */
  complete: boolean;
}

function adjacency(graph: FlowGraph): FlowEdge[][] {
  const out: FlowEdge[][] = Array.from({ length: graph.size }, () => []);
  for (const edge of graph.edges) if (edge.from >= 0 && edge.from < graph.size && edge.to >= 0 && edge.to < graph.size) out[edge.from].push(edge);
  return out;
}

/** The scenes reached through the edges `open` lets through, from `seeds` (marked already in `reached`). */
function spread(out: readonly FlowEdge[][], reached: Uint8Array, seeds: number[], open: (edge: FlowEdge) => boolean): void {
  const stack = seeds;
  while (stack.length > 0) {
    const node = stack.pop() as number;
    for (const edge of out[node]) {
      if (!reached[edge.to] && open(edge)) {
        reached[edge.to] = 1;
        stack.push(edge.to);
      }
    }
  }
}

const SUCCESS = 1;
const FAILURE = 2;

/**
 * Each scene's chance of being reached, `chance(check)` being the chance that the check succeeds
 * (undefined: unknown). A scene reached under every outcome has 1 and one reached under none 0,
 * whatever the unknown chances; the others sum their outcomes' probabilities.
 */
export function reachChances(graph: FlowGraph, chance: (check: number) => number | undefined): ReachChances {
  const out = adjacency(graph);
  const sums = new Float64Array(graph.size);
  const hits = new Uint32Array(graph.size);
  const decided = new Map<number, number>();
  let leaves = 0;
  let complete = graph.size > 0;
  const open = (edge: FlowEdge) => !edge.when || decided.get(edge.when.check) === (edge.when.outcome === 'success' ? SUCCESS : FAILURE);
  const explore = (weight: number): void => {
    if (!complete) return;
    const reached = new Uint8Array(graph.size);
    reached[graph.start] = 1;
    spread(out, reached, [graph.start], open);
    let pending: number | undefined;
    for (let node = 0; node < graph.size && pending === undefined; node++) {
      if (!reached[node]) continue;
      for (const edge of out[node]) {
        if (edge.when && !decided.has(edge.when.check) && !reached[edge.to]) {
          pending = edge.when.check;
          break;
        }
      }
    }
    if (pending === undefined) {
      if (++leaves > MAX_OUTCOMES) {
        complete = false;
        return;
      }
      for (let node = 0; node < graph.size; node++) {
        if (reached[node]) {
          hits[node]++;
          sums[node] += weight;
        }
      }
      return;
    }
    const p = chance(pending) ?? Number.NaN;
    decided.set(pending, SUCCESS);
    explore(weight * p);
    decided.set(pending, FAILURE);
    explore(weight * (1 - p));
    decided.delete(pending);
  };
  if (complete) explore(1);
  const chances = Array.from(sums, (sum, node) => {
    if (!complete) return undefined;
    if (hits[node] === leaves) return 1;
    if (hits[node] === 0) return 0;
    return Number.isNaN(sum) ? undefined : sum;
  });
  return { chances, complete };
}

/** One check's outcome that a scene cannot be reached without. */
export interface Cut {
  check: number;
  outcome: Outcome;
}

/**
 * For each scene, the outcomes of single checks it cannot be reached without, every other check
 * taken as going either way: remove the ways that outcome opens, and the scene is cut off from the
 * start. Scenes no way reaches at all have none. Past {@link MAX_CUT_OUTCOMES} distinct outcomes
 * the answer is undefined (not looked at), never a partial list.
 */
export function singleRollCuts(graph: FlowGraph): Cut[][] | undefined {
  const out = adjacency(graph);
  const cuts: Cut[][] = Array.from({ length: graph.size }, () => []);
  if (graph.size === 0) return cuts;
  const keys = new Map<string, Cut>();
  for (const edge of graph.edges) if (edge.when) keys.set(`${edge.when.check}:${edge.when.outcome}`, edge.when);
  if (keys.size > MAX_CUT_OUTCOMES) return undefined;
  const all = new Uint8Array(graph.size);
  all[graph.start] = 1;
  spread(out, all, [graph.start], () => true);
  for (const cut of keys.values()) {
    const reached = new Uint8Array(graph.size);
    reached[graph.start] = 1;
    spread(out, reached, [graph.start], (edge) => !edge.when || edge.when.check !== cut.check || edge.when.outcome !== cut.outcome);
    for (let node = 0; node < graph.size; node++) if (all[node] && !reached[node]) cuts[node].push(cut);
  }
  return cuts;
}
