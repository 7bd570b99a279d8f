/**
 * The adventure's paths in the report's JSON (`rollmark report --format json`): the parties, each
 * scene's chance of being reached per party, and where the adventure hangs on one roll
 * (analysis/paths/campaign.ts), the files taken as one campaign in the order given.
 */
import { campaignPaths, documentPaths } from '../analysis/paths/campaign';
import { scenarioParty } from '../analysis/paths/parties';
import type { ReportSource } from './model';

export interface ReportPaths {
  parties: string[];
  scenes: { title: string; path: string; line: number; ending: boolean; reach: Record<string, number | null> }[];
  hangs: { title: string; path: string; line: number; check: string | null; reason: 'single-check' | 'few-clues'; outcome?: 'success' | 'failure'; chance?: Record<string, number | null>; clues?: number }[];
  /** False when the enumeration passed its bound: the chances are null. */
  complete: boolean;
}

export function reportPaths(sources: readonly ReportSource[]): ReportPaths {
  const parties = [scenarioParty()];
  const names = parties.map((p) => p.name);
  const byParty = (values: readonly (number | undefined)[]) => Object.fromEntries(names.map((name, i) => [name, values[i] ?? null]));
  const campaign = campaignPaths(
    sources.map((s) => documentPaths(s.path, s.text, s.analysis, parties)),
    parties.length,
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
  return { parties: names, scenes, hangs, complete: campaign.complete };
}
