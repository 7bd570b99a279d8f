/**
 * A campaign's paths: the scenario files of a folder joined by their links into one adventure,
 * each scene's chance of being reached per party, and where it hangs on one roll (the report's
 * `scenes` and `hangs`). Each document is read while its analysis is at hand ({@link documentPaths});
 * the campaign is put together from those plain records.
 */
import { LineIndex } from '../markdown/lineIndex';
import type { DocumentAnalysis } from '../types';
import { type FlowEdge, type FlowGraph, reachChances, singleRollCuts } from './flow';
import type { NamedParty } from './parties';
import { CLUES_NEEDED, cutChance, hardestCut, hasPaths } from './pathDiagnostics';
import { type Outcome, type PathLink, sceneGraph } from './sceneGraph';

/** One document's paths as plain data, each check that opens a way with its chance per party. */
export interface DocumentPaths {
  path: string;
  scenes: { title: string; slug: string; ending: boolean; line: number }[];
  links: PathLink[];
  /** The analysis' checks that open a way, by index: their text and chance per party (in the parties' order). */
  checks: Map<number, { text: string; chances: (number | undefined)[] }>;
  /** Whether the document has a way that opens on an outcome, or a clue. */
  paths: boolean;
}

export function documentPaths(path: string, text: string, analysis: DocumentAnalysis, parties: readonly NamedParty[]): DocumentPaths {
  const graph = sceneGraph(text, analysis);
  const lines = new LineIndex(text);
  const checks = new Map<number, { text: string; chances: (number | undefined)[] }>();
  for (const link of graph.links) {
    if (!link.when || checks.has(link.when.check)) continue;
    const check = analysis.checks[link.when.check];
    checks.set(link.when.check, { text: check.text, chances: parties.map((party) => party.chance(check)) });
  }
  return {
    path,
    scenes: graph.scenes.map((s) => ({ title: s.title, slug: s.slug, ending: s.ending, line: lines.positionAt(s.range.start).line })),
    links: graph.links,
    checks,
    paths: hasPaths(graph),
  };
}

export interface CampaignScene {
  title: string;
  path: string;
  /** The heading's 0-based line. */
  line: number;
  ending: boolean;
  /** Per party (the parties' order): the chance of reaching it, undefined when unknown. */
  reach: (number | undefined)[];
}

export interface CampaignWay {
  from: number;
  to: number;
  outcome?: Outcome;
  clue: boolean;
}

export interface CampaignHang {
  /** The scene (an index into `scenes`). */
  scene: number;
  reason: 'single-check' | 'few-clues';
  /** single-check: the check and the outcome the scene needs, with its chance per party. */
  check?: string;
  outcome?: Outcome;
  chances?: (number | undefined)[];
  /** few-clues: how many clues lead to it. */
  clues?: number;
}

export interface CampaignPaths {
  scenes: CampaignScene[];
  ways: CampaignWay[];
  hangs: CampaignHang[];
  /** False when the outcomes to enumerate passed the limit (flow.ts `MAX_OUTCOMES`): the chances are not given. */
  complete: boolean;
}

/** `a/b/../c.md` → `a/c.md`, with forward slashes. */
function normalPath(path: string): string {
  const out: string[] = [];
  for (const part of path.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return out.join('/');
}

function dirOf(path: string): string {
  const slash = path.replace(/\\/g, '/').lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/**
 * The documents as one adventure. A link to another file leads to its scene with that anchor, or
 * to its first scene; the adventure starts at the first scene of the first document (in the order
 * given) that no other document links to. Documents without scenes are left out.
 */
export function campaignPaths(documents: readonly DocumentPaths[], parties: number): CampaignPaths {
  const docs = documents.filter((d) => d.scenes.length > 0);
  const offsets: number[] = [];
  let size = 0;
  for (const doc of docs) {
    offsets.push(size);
    size += doc.scenes.length;
  }
  const byPath = new Map(docs.map((doc, i) => [normalPath(doc.path), i]));
  const checkIds = new Map<string, number>();
  const checkInfo: { text: string; chances: (number | undefined)[] }[] = [];
  const edges: FlowEdge[] = [];
  const ways: CampaignWay[] = [];
  const linkedTo = new Set<number>();
  const clueSets = new Map<number, Set<string>>();
  docs.forEach((doc, d) => {
    for (const link of doc.links) {
      let to: number | undefined;
      if ('scene' in link.to) to = offsets[d] + link.to.scene;
      else {
        const target = byPath.get(normalPath(`${dirOf(doc.path)}/${link.to.file}`));
        if (target === undefined || target === d) continue;
        const slug = link.to.slug;
        const scene = slug === undefined ? 0 : docs[target].scenes.findIndex((s) => s.slug === slug);
        if (scene < 0) continue;
        to = offsets[target] + scene;
        linkedTo.add(target);
      }
      const from = offsets[d] + link.from;
      let when: FlowEdge['when'];
      if (link.when) {
        const key = `${d}:${link.when.check}`;
        let id = checkIds.get(key);
        if (id === undefined) {
          id = checkInfo.length;
          checkIds.set(key, id);
          checkInfo.push(doc.checks.get(link.when.check) ?? { text: '', chances: [] });
        }
        when = { check: id, outcome: link.when.outcome };
      }
      edges.push({ from, to, ...(when ? { when } : {}) });
      ways.push({ from, to, clue: link.kind === 'clue', ...(when ? { outcome: when.outcome } : {}) });
      if (link.kind === 'clue') {
        const set = clueSets.get(to) ?? new Set<string>();
        set.add(`${d}:${link.range.start}`);
        clueSets.set(to, set);
      }
    }
  });
  const startDoc = Math.max(0, docs.findIndex((_, i) => !linkedTo.has(i)));
  const graph: FlowGraph = { size, start: docs.length > 0 ? offsets[startDoc] : 0, edges };
  const reach = Array.from({ length: parties }, (_, p) => reachChances(graph, (check) => checkInfo[check].chances[p]));
  const scenes: CampaignScene[] = [];
  docs.forEach((doc) => {
    for (const s of doc.scenes) scenes.push({ title: s.title, path: doc.path, line: s.line, ending: s.ending, reach: reach.map((r) => r.chances[scenes.length]) });
  });
  const hangs: CampaignHang[] = [];
  if (docs.some((doc) => doc.paths)) {
    const cuts = singleRollCuts(graph);
    scenes.forEach((_, i) => {
      const sceneCuts = cuts?.[i] ?? [];
      if (sceneCuts.length > 0) {
        const cut = hardestCut(sceneCuts, (c) => cutChance(c, checkInfo[c.check].chances[0]));
        const info = checkInfo[cut.check];
        hangs.push({ scene: i, reason: 'single-check', check: info.text, outcome: cut.outcome, chances: info.chances.map((p) => cutChance(cut, p)) });
      }
      const clues = clueSets.get(i)?.size;
      if (clues !== undefined && clues < CLUES_NEEDED) hangs.push({ scene: i, reason: 'few-clues', clues });
    });
  }
  return { scenes, ways, hangs, complete: reach.every((r) => r.complete) || size === 0 };
}
