/**
 * RM016, where one document's adventure hangs on one roll (docs/markup.md, «Пути по приключению»):
 * a scene reached only through one outcome of one check, and a conclusion fewer than three clues
 * lead to. The document on its own: its first heading is the start, links to other files leave it.
 */
import { DEFAULT_SEVERITY } from '../diagnosticCatalog';
import type { AnalysisDiagnostic, DocumentAnalysis } from '../types';
import { type Cut, type FlowGraph, singleRollCuts } from './flow';
import { type NamedParty, scenarioParty } from './parties';
import { type SceneGraph, sceneGraph } from './sceneGraph';

/** The Three Clue Rule: a conclusion wants at least this many clues. */
export const CLUES_NEEDED = 3;

/** The graph of one document's scenes, links to other files left out. */
export function documentFlow(graph: SceneGraph): FlowGraph {
  const edges = [];
  for (const link of graph.links) if ('scene' in link.to) edges.push({ from: link.from, to: link.to.scene, ...(link.when ? { when: link.when } : {}) });
  return { size: graph.scenes.length, start: 0, edges };
}

/** Whether the graph has anything RM016 looks at: a way that opens on an outcome, or a clue. */
export function hasPaths(graph: SceneGraph): boolean {
  return graph.links.some((link) => link.when !== undefined || link.kind === 'clue');
}

/** The cut worth naming: the outcome least likely for the party (unknown chances last), then the first. */
export function hardestCut<C extends Cut>(cuts: readonly C[], chanceOf: (cut: C) => number | undefined): C {
  let best = cuts[0];
  let bestChance = chanceOf(best) ?? Infinity;
  for (const cut of cuts.slice(1)) {
    const chance = chanceOf(cut) ?? Infinity;
    if (chance < bestChance) {
      best = cut;
      bestChance = chance;
    }
  }
  return best;
}

/** How many clues (their units, not their links) lead to each scene; undefined for scenes no clue leads to. */
export function clueCounts(graph: SceneGraph): Map<number, number> {
  const clues = new Map<number, Set<number>>();
  for (const link of graph.links) {
    if (link.kind !== 'clue' || !('scene' in link.to)) continue;
    const set = clues.get(link.to.scene) ?? new Set<number>();
    set.add(link.range.start);
    clues.set(link.to.scene, set);
  }
  return new Map([...clues].map(([scene, set]) => [scene, set.size]));
}

/** The chance of the outcome a cut needs, for a party. */
export function cutChance(cut: Cut, success: number | undefined): number | undefined {
  if (success === undefined) return undefined;
  return cut.outcome === 'success' ? success : 1 - success;
}

/** RM016 for one document, on its scenes' headings, in document order. */
export function pathDiagnostics(text: string, analysis: DocumentAnalysis, party: NamedParty = scenarioParty()): AnalysisDiagnostic[] {
  if (!text.includes('](')) return [];
  const graph = sceneGraph(text, analysis);
  if (!hasPaths(graph)) return [];
  const cuts = singleRollCuts(documentFlow(graph));
  const clues = clueCounts(graph);
  const out: AnalysisDiagnostic[] = [];
  graph.scenes.forEach((scene, i) => {
    const sceneCuts = cuts?.[i] ?? [];
    if (sceneCuts.length > 0) {
      const success = (cut: Cut) => cutChance(cut, party.chance(analysis.checks[cut.check]));
      const cut = hardestCut(sceneCuts, success);
      const chance = success(cut);
      const check = analysis.checks[cut.check].text;
      out.push({
        code: 'RM016',
        severity: DEFAULT_SEVERITY.RM016,
        message: { id: 'hangsOnOneRoll', scene: scene.title, check, outcome: cut.outcome, ...(chance !== undefined ? { chance } : {}) },
        range: scene.range,
        fixes: [],
      });
    }
    const count = clues.get(i);
    if (count !== undefined && count < CLUES_NEEDED) {
      out.push({ code: 'RM016', severity: DEFAULT_SEVERITY.RM016, message: { id: 'fewClues', scene: scene.title, clues: count, needed: CLUES_NEEDED }, range: scene.range, fixes: [] });
    }
  });
  return out;
}

/** The analysis with its RM016 among its diagnostics, in document order (a new object: the analysis given is not changed). */
export function withPathDiagnostics(text: string, analysis: DocumentAnalysis): DocumentAnalysis {
  const extra = pathDiagnostics(text, analysis);
  if (extra.length === 0) return analysis;
  const diagnostics: AnalysisDiagnostic[] = [];
  let k = 0;
  for (const d of analysis.diagnostics) {
    while (k < extra.length && extra[k].range.start < d.range.start) diagnostics.push(extra[k++]);
    diagnostics.push(d);
  }
  while (k < extra.length) diagnostics.push(extra[k++]);
  return { ...analysis, diagnostics };
}
