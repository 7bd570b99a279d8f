/**
 * The adventure's paths in the report's JSON (`rollmark report --format json`): the parties, each
 * scene's chance of being reached per party, and where the adventure hangs on one roll
 * (analysis/paths/campaign.ts), the files taken as one campaign in the order given. With two
 * parties or more (`--party A,B`), also the checks near-certain or near-impossible for some of
 * them and not for all (`contrasts`).
 */
import { campaignPaths, documentPaths } from '../analysis/paths/campaign';
import { type NamedParty, SCENARIO_PARTY, scenarioParty } from '../analysis/paths/parties';
import { LineIndex } from '../analysis/markdown/lineIndex';
import type { AnalyzedCheck, DocumentAnalysis } from '../analysis/types';
import type { ReportSource } from './model';

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

/**
 * The sources' paths. `parties`: each party's analyses of the same texts (the checks are the same,
 * their chances are the party's); without them, the sources' own analyses, named by the project's
 * party they were made with or `front-matter`.
 */
export function reportPaths(sources: readonly ReportSource[], parties: readonly PartyAnalyses[] = []): ReportPaths {
  const runs: PartyAnalyses[] = parties.length > 0 ? [...parties] : [{ name: sources.find((s) => s.analysis.party)?.analysis.party?.name ?? SCENARIO_PARTY, analyses: sources.map((s) => s.analysis) }];
  const names = runs.map((r) => r.name);
  const byParty = (values: readonly (number | undefined)[]) => Object.fromEntries(names.map((name, i) => [name, values[i] ?? null]));
  const chance = scenarioParty().chance;
  const campaign = campaignPaths(
    sources.map((s, k) => {
      // The checks are found in the first party's analysis; each party's chance is its own analysis' check at the same index.
      const index = new Map<AnalyzedCheck, number>(runs[0].analyses[k].checks.map((c, i) => [c, i]));
      const named: NamedParty[] = runs.map((run) => ({ name: run.name, chance: (check) => chance(run.analyses[k].checks[index.get(check) ?? -1] ?? check) }));
      return documentPaths(s.path, s.text, runs[0].analyses[k], named);
    }),
    runs.length,
  );
  const scenes = campaign.scenes.map((s) => ({ title: s.title, path: s.path, line: s.line, ending: s.ending, reach: byParty(s.reach) }));
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
  const result: ReportPaths = { parties: names, scenes, hangs, complete: campaign.complete };
  if (runs.length > 1) result.contrasts = contrasts(sources, runs, chance);
  return result;
}

/** The checks near-certain or near-impossible for some parties and not for all, in the files' order. */
function contrasts(sources: readonly ReportSource[], runs: readonly PartyAnalyses[], chance: NamedParty['chance']): ReportContrast[] {
  const out: ReportContrast[] = [];
  sources.forEach((source, k) => {
    let lines: LineIndex | undefined;
    runs[0].analyses[k].checks.forEach((check, i) => {
      const chances = runs.map((run) => {
        const own = run.analyses[k].checks[i];
        return own ? chance(own) : undefined;
      });
      const certain = runs.filter((_, p) => (chances[p] ?? NaN) > NEAR_CERTAIN).map((r) => r.name);
      const impossible = runs.filter((_, p) => (chances[p] ?? NaN) < NEAR_IMPOSSIBLE).map((r) => r.name);
      const some = certain.length + impossible.length > 0;
      const all = certain.length === runs.length || impossible.length === runs.length;
      if (!some || all) return;
      out.push({ path: source.path, line: (lines ??= new LineIndex(source.text)).positionAt(check.range.start).line, check: check.text, chance: Object.fromEntries(runs.map((r, p) => [r.name, chances[p] ?? null])), certain, impossible });
    });
  });
  return out;
}
