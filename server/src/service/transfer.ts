/**
 * An analysis sent between threads (the CLI's worker threads, cli/analyzeFiles.ts): what it holds,
 * without the parts a check computes when read (analysis/resolve/lazyCheck.ts), and rebuilt on the
 * other side against that side's copy of the project, so that a check's tree, sides and odds are
 * computed there when read. A project travels as its own rulesets (the built-ins are every
 * thread's) and dictionary.
 */
import type { Heading } from '../analysis/markdown/markdownScan';
import type { WorkspaceConfig } from '../analysis/project/workspaceConfig';
import { lazyCheck } from '../analysis/resolve/lazyCheck';
import { traitIndex } from '../analysis/resolve/traitIndex';
import { type AnalysisDiagnostic, type DictionaryEntry, type DocumentAnalysis, type FrontMatter, type ProseCheck, sheetsOf } from '../analysis/types';
import { BUILTIN_RULESET_IDS } from '../engine/builtinRulesets';
import type { CheckSpec } from '../engine/checkSpec';
import type { Ruleset } from '../engine/ruleset';

/** A project as a worker gets it: its own rulesets (the built-ins are the worker's) and dictionary, as this thread loaded them. */
export interface SentProject {
  rulesets: Ruleset[];
  dictionary: DictionaryEntry[];
}

/**
 * A check as sent between threads, what `lazyCheck` is built from: range start and end, content
 * start and end, text, the spec's index in `specs` and the scene's in `headings` (−1: none), the
 * actor (null when there is none but a party), 1 when the party is asked about it (its odds are
 * computed when read, on the side that reads them).
 */
type SentCheck = [number, number, number, number, string, number, number, (string | null)?, 1?];

/** The bulk of an analysis, sent as JSON: one string copies far faster than tens of thousands of small objects. */
interface SentItems {
  checks: SentCheck[];
  proseChecks: ProseCheck[];
  diagnostics: AnalysisDiagnostic[];
  headings: Heading[];
}

/** An analysis as sent between threads: the ruleset by id, checks without their computed parts. */
export interface SentAnalysis {
  rulesetId: string;
  rulesetSource: DocumentAnalysis['rulesetSource'];
  frontMatter?: FrontMatter;
  party?: DocumentAnalysis['party'];
  /** The distinct specs of the checks (structured clone keeps what JSON might not: these are the engine's input). */
  specs: CheckSpec[];
  items: string;
}

/** An analysis as a thread sends it. */
export function sendable(analysis: DocumentAnalysis): SentAnalysis {
  const { ruleset, rulesetSource, frontMatter, party: projectParty, proseChecks, diagnostics, headings } = analysis;
  const specs = new Map<CheckSpec, number>();
  const scenes = new Map(headings.map((h, k) => [h, k]));
  const indexOf = (spec: CheckSpec): number => {
    const index = specs.get(spec) ?? specs.size;
    specs.set(spec, index);
    return index;
  };
  const checks = analysis.checks.map((c): SentCheck => {
    const { spec } = c;
    // Asked without reading it: reading a lazy check's party computes it.
    const party = 'party' in c;
    const sent: SentCheck = [c.range.start, c.range.end, c.contentRange.start, c.contentRange.end, c.text, spec ? indexOf(spec) : -1, c.scene ? (scenes.get(c.scene) ?? -1) : -1];
    if (c.actor !== undefined || party) sent.push(c.actor ?? null);
    if (party) sent.push(1);
    return sent;
  });
  const items: SentItems = { checks, proseChecks, diagnostics, headings };
  return { rulesetId: ruleset.id, rulesetSource, ...(frontMatter ? { frontMatter } : {}), ...(projectParty ? { party: projectParty } : {}), specs: [...specs.keys()], items: JSON.stringify(items) };
}

/** The analysis another thread sent, rebuilt against this thread's copy of the project. */
export function received(sent: SentAnalysis, config: WorkspaceConfig): DocumentAnalysis {
  const ruleset = config.rulesets.get(sent.rulesetId);
  if (!ruleset) throw new Error(`the worker's ruleset ${sent.rulesetId} is not in this project`);
  const context = { ruleset, index: traitIndex(ruleset, config.dictionary), characters: sheetsOf(sent) };
  const { checks, proseChecks, diagnostics, headings } = JSON.parse(sent.items) as SentItems;
  const analysis: DocumentAnalysis = {
    ruleset,
    rulesetSource: sent.rulesetSource,
    ...(sent.frontMatter ? { frontMatter: sent.frontMatter } : {}),
    ...(sent.party ? { party: sent.party } : {}),
    checks: checks.map(([start, end, contentStart, contentEnd, text, spec, scene, actor, party]) => {
      const check = lazyCheck({ start, end }, { start: contentStart, end: contentEnd }, text, context, spec < 0 ? undefined : sent.specs[spec], actor ?? undefined, party === 1);
      if (scene >= 0) check.scene = headings[scene];
      return check;
    }),
    proseChecks,
    diagnostics,
    headings,
  };
  return analysis;
}

/** A project as another thread gets it: its own rulesets, which that thread adds to its built-ins, and its dictionary. */
export function sentProject(config: WorkspaceConfig): SentProject {
  return { rulesets: userRulesets(config), dictionary: config.dictionary };
}

function userRulesets(config: WorkspaceConfig): Ruleset[] {
  const builtin = new Set<string>(BUILTIN_RULESET_IDS);
  return config.rulesets
    .ids()
    .filter((id) => !builtin.has(id))
    .map((id) => config.rulesets.get(id))
    .filter((r): r is Ruleset => r !== undefined);
}

