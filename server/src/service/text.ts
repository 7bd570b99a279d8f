/**
 * Texts on their own, as the CLI has them (files it read, a check on its command line) and its
 * worker threads: a project loaded from its files, a document analysed under it, one check read,
 * its odds and rolls, and analyses sent between threads.
 */
import { analyzeDocument } from '../analysis/analyzeDocument';
import { withUserRulesets } from '../analysis/project/rulesetProvider';
import { loadWorkspaceConfig, type WorkspaceConfig } from '../analysis/project/workspaceConfig';
import { rollMembers } from '../analysis/resolve/party';
import type { ResolvedCheck } from '../analysis/resolve/resolveCheck';
import { analyzeSingleCheck } from '../analysis/resolve/singleCheck';
import type { DocumentAnalysis, PartyMember } from '../analysis/types';
import { getBuiltinRuleset, listBuiltinRulesets } from '../engine/builtinRulesets';
import type { CheckSpec } from '../engine/checkSpec';
import { computeOdds } from '../engine/odds';
import type { OddsReport } from '../engine/oddsReport';
import { type RandomSource, seededRandom } from '../engine/random';
import { rollCheck } from '../engine/roll';
import type { RollReport } from '../engine/rollReport';
import type { Ruleset } from '../engine/ruleset';
import { namedRoll } from '../present/roll';
import type { ProjectParty } from '../analysis/project/partyFile';
import type { ProjectFiles } from '../workspace/projectFiles';
import { received, sendable, type SentAnalysis, type SentProject, sentProject } from './transfer';

/** What an analysis of a text needs of its project. */
export type AnalysisProject = Pick<WorkspaceConfig, 'rulesets' | 'dictionary'>;

export interface TextOptions {
  /** The ruleset of a document whose front matter names none (`--ruleset`). */
  defaultRuleset?: string;
  /** The project's party the document is analysed with (`--party`, project/partyFile.ts `chooseParty`). */
  party?: ProjectParty;
}

export interface RollRequest {
  /** Replays a roll exactly. */
  seed?: number;
  /** The pool when the check's is unknown. */
  pool?: number;
  /** The alternative with the best odds, when the caller holds the check's odds. */
  best?: number;
  /** The run's stream of dice (`--seed`): the roll draws from it, and its report names no seed of its own. */
  dice?: RandomSource;
}

export const builtinRulesets = (): Ruleset[] => listBuiltinRulesets();

export const builtinRuleset = (id: string): Ruleset | undefined => getBuiltinRuleset(id);

export function loadProject(files: ProjectFiles, trusted: boolean): Promise<WorkspaceConfig> {
  return loadWorkspaceConfig(files, { userRulesets: trusted });
}

export function analyzeText(text: string, project: AnalysisProject, options: TextOptions = {}): DocumentAnalysis {
  return analyzeDocument(text, {
    rulesets: project.rulesets,
    dictionary: project.dictionary,
    ...(options.defaultRuleset ? { defaultRuleset: options.defaultRuleset } : {}),
    ...(options.party ? { party: options.party } : {}),
  });
}

export function readCheck(text: string, ruleset: Ruleset): ResolvedCheck {
  return analyzeSingleCheck(text, ruleset);
}

export const odds = (ruleset: Ruleset, spec: CheckSpec): OddsReport => computeOdds(ruleset, spec);

export function roll(ruleset: Ruleset, spec: CheckSpec, random: RandomSource, request: RollRequest = {}): RollReport {
  const tuning = { ...(request.pool !== undefined ? { pool: request.pool } : {}), ...(request.best !== undefined ? { best: request.best } : {}) };
  return namedRoll(rollCheck(ruleset, spec, request.seed !== undefined ? { ...tuning, seed: request.seed } : { ...tuning, random: request.dice ?? random }), ruleset);
}

export const rollParty = (ruleset: Ruleset, members: readonly PartyMember[], dice: RandomSource): { actor: string; report: RollReport }[] =>
  rollMembers(ruleset, members, dice).map(({ actor, report }) => ({ actor, report: namedRoll(report, ruleset) }));

export const dice = (seed: number): RandomSource => seededRandom(seed);

export const sendAnalysis = (analysis: DocumentAnalysis): SentAnalysis => sendable(analysis);

export const receiveAnalysis = (sent: SentAnalysis, project: WorkspaceConfig): DocumentAnalysis => received(sent, project);

export const sendProject = (project: WorkspaceConfig): SentProject => sentProject(project);

/** A project another thread sent, ready for {@link analyzeText}. */
export function receiveProject(sent: SentProject): AnalysisProject {
  return { rulesets: withUserRulesets(sent.rulesets), dictionary: sent.dictionary };
}
