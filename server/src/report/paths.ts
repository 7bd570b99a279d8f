/**
 * The adventure's paths in the report's JSON (`rollmark report --format json`): the parties, each
 * scene's chance of being reached per party, and where the adventure hangs on one roll
 * (analysis/paths/campaign.ts), the files taken as one campaign in the order given. With two
 * parties or more (`--party A,B`), also the checks near-certain or near-impossible for some of
 * them and not for all (`contrasts`).
 */
import { campaignPaths, type DocumentPaths, documentPaths } from '../analysis/paths/campaign';
import { type NamedParty, SCENARIO_PARTY, scenarioParty } from '../analysis/paths/parties';
import { LineIndex } from '../analysis/markdown/lineIndex';
import type { AnalyzedCheck, DocumentAnalysis } from '../analysis/types';
import type { ReportSource } from './model';

export { MAX_COMPARED_PARTIES } from '../analysis/paths/parties';

/** Above this a check is near-certain, below {@link NEAR_IMPOSSIBLE} near-impossible (docs/cli.md). */
export const NEAR_CERTAIN = 0.95;
export const NEAR_IMPOSSIBLE = 0.1;

export interface ReportContrast {
  path: string;
  /** The check's 0-based line. */
  line: number;
  check: string;
  chance: Record<string, number | null>;
  /** The parties for which it is near-certain, and near-impossible. */
  certain: string[];
  impossible: string[];
}

export interface ReportPaths {
  parties: string[];
  scenes: { title: string; path: string; line: number; ending: boolean; reach: Record<string, number | null> }[];
  /** The ways between scenes (indices into `scenes`): on an outcome of a check, a clue's, or plain. */
  ways: { from: number; to: number; outcome?: 'success' | 'failure'; clue: boolean }[];
  hangs: { title: string; path: string; line: number; check: string | null; reason: 'single-check' | 'few-clues'; outcome?: 'success' | 'failure'; chance?: Record<string, number | null>; clues?: number }[];
  /** False when the enumeration passed its bound: the chances are null. */
  complete: boolean;
  /** Only with two parties or more. */
  contrasts?: ReportContrast[];
}

/** One party's analyses of the same files, in the sources' order. */
export interface PartyAnalyses {
  name: string;
  analyses: readonly DocumentAnalysis[];
}

/** One source's part of the paths, the same whatever the other sources are: kept while its text and the parties stay the same. */
export interface SourcePaths {
  document: DocumentPaths;
  /** Only with two parties or more. */
  contrasts: ReportContrast[];
}

/**
 * A source's part. `analyses`: its analysis by each party, in the parties' order (the checks are
 * the same, their chances are the party's); the first one's checks are the ones looked at.
 */
export function sourcePaths(source: Pick<ReportSource, 'path' | 'text'>, names: readonly string[], analyses: readonly DocumentAnalysis[]): SourcePaths {
  const chance = scenarioParty().chance;
  const index = new Map<AnalyzedCheck, number>(analyses[0].checks.map((c, i) => [c, i]));
  // Each party's chance is its own analysis' check at the same index.
  const named: NamedParty[] = names.map((name, p) => ({ name, chance: (check) => chance(analyses[p]?.checks[index.get(check) ?? -1] ?? check) }));
  return { document: documentPaths(source.path, source.text, analyses[0], named), contrasts: names.length > 1 ? contrasts(source, names, analyses, chance) : [] };
}

/** The sources' parts as one campaign, in the order given. */
export function joinPaths(names: readonly string[], parts: readonly SourcePaths[]): ReportPaths {
  const byParty = (values: readonly (number | undefined)[]) => Object.fromEntries(names.map((name, i) => [name, values[i] ?? null]));
  const campaign = campaignPaths(
    parts.map((p) => p.document),
    names.length,
  );
  const scenes = campaign.scenes.map((s) => ({ title: s.title, path: s.path, line: s.line, ending: s.ending, reach: byParty(s.reach) }));
  const ways = campaign.ways.map((w) => ({ from: w.from, to: w.to, ...(w.outcome ? { outcome: w.outcome } : {}), clue: w.clue }));
  const hangs = campaign.hangs.map((h) => {
    const scene = campaign.scenes[h.scene];
    return {
      title: scene.title,
      path: scene.path,
      line: scene.line,
      check: h.check ?? null,
      reason: h.reason,
      ...(h.outcome ? { outcome: h.outcome } : {}),
      ...(h.chances ? { chance: byParty(h.chances) } : {}),
      ...(h.clues !== undefined ? { clues: h.clues } : {}),
    };
  });
  const result: ReportPaths = { parties: [...names], scenes, ways, hangs, complete: campaign.complete };
  if (names.length > 1) result.contrasts = parts.flatMap((p) => p.contrasts);
  return result;
}

/**
 * The sources' paths. `parties`: each party's analyses of the same texts; without them, the
 * sources' own analyses, named by the project's party they were made with or `front-matter`.
 */
export function reportPaths(sources: readonly ReportSource[], parties: readonly PartyAnalyses[] = []): ReportPaths {
  const runs: PartyAnalyses[] = parties.length > 0 ? [...parties] : [{ name: sources.find((s) => s.analysis.party)?.analysis.party?.name ?? SCENARIO_PARTY, analyses: sources.map((s) => s.analysis) }];
  const names = runs.map((r) => r.name);
  return joinPaths(
    names,
    sources.map((s, k) => sourcePaths(s, names, runs.map((r) => r.analyses[k]))),
  );
}

/** The source's checks near-certain or near-impossible for some parties and not for all, in its order. */
function contrasts(source: Pick<ReportSource, 'path' | 'text'>, names: readonly string[], analyses: readonly DocumentAnalysis[], chance: NamedParty['chance']): ReportContrast[] {
  const out: ReportContrast[] = [];
  let lines: LineIndex | undefined;
  analyses[0].checks.forEach((check, i) => {
    const chances = analyses.map((analysis) => {
      const own = analysis.checks[i];
      return own ? chance(own) : undefined;
    });
    const certain = names.filter((_, p) => (chances[p] ?? NaN) > NEAR_CERTAIN);
    const impossible = names.filter((_, p) => (chances[p] ?? NaN) < NEAR_IMPOSSIBLE);
    const some = certain.length + impossible.length > 0;
    const all = certain.length === names.length || impossible.length === names.length;
    if (!some || all) return;
    out.push({ path: source.path, line: (lines ??= new LineIndex(source.text)).positionAt(check.range.start).line, check: check.text, chance: Object.fromEntries(names.map((name, p) => [name, chances[p] ?? null])), certain, impossible });
  });
  return out;
}
