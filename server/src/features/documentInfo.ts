import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalysis, PartyOdds } from '../analysis/types';
import type { Locale } from '../present/locale';
import type { WorkspaceConfig } from '../analysis/project/workspaceConfig';
import { isKnownPool } from '../engine/oddsReport';
import { partySummary } from '../present/party';
import { rulesetTitle } from '../present/ruleset';
import { type Voice, voice } from '../present/voice';
import { type DocumentCheckInfo, type DocumentChecksQuery, type DocumentInfo, type UnservedDocumentInfo } from '../protocol';
import { toOffset, toRange } from './convert';
import { describedCheck } from './locate';
import { provideRulesets } from './rulesets';

function partyInfo(party: PartyOdds, v: Voice): NonNullable<DocumentCheckInfo['party']> {
  return { summary: partySummary(party, v), members: party.members.map((m) => ({ actor: m.character, chance: v.percent(m.success) })) };
}

/** The checks asked for: none without a query, else the one it describes if the document has it. */
function checksOf(document: TextDocument, analysis: DocumentAnalysis, query: DocumentChecksQuery | undefined | null, v: Voice): DocumentCheckInfo[] {
  if (!query) return [];
  const check = describedCheck(analysis.checks, toOffset(document, query.position), query.text);
  if (!check) return [];
  return [
    {
      range: toRange(document, check.range),
      text: check.text,
      rollable: check.spec !== undefined,
      poolKnown: check.odds !== undefined && isKnownPool(check.odds),
      ...(check.party ? { party: partyInfo(check.party, v) } : {}),
    },
  ];
}

/**
 * `rollmark/documentInfo`: what an editor shows beside a document (the status bar's ruleset,
 * the ruleset picker) and, when asked for one check, what it needs before rolling it (whether
 * it can be rolled, whether its pool is known), from the analysis already made for diagnostics.
 * Only the check asked for is sent: a long book has thousands, and the status bar asks after
 * every edit pause.
 */
export function provideDocumentInfo(
  document: TextDocument,
  analysis: DocumentAnalysis,
  project: { config: Pick<WorkspaceConfig, 'rulesets'>; userRulesetsLoaded: boolean },
  locale: Locale,
  query?: DocumentChecksQuery | null,
): DocumentInfo {
  return {
    uri: document.uri,
    ruleset: analysis.ruleset.id,
    title: rulesetTitle(analysis.ruleset, voice(locale)),
    source: analysis.rulesetSource,
    userRulesetsLoaded: project.userRulesetsLoaded,
    rulesets: provideRulesets(project.config.rulesets, locale),
    checks: checksOf(document, analysis, query, voice(locale)),
  };
}

/**
 * `rollmark/unservedDocument`: how many checks a document the server does not serve holds (read
 * with the ruleset it would get by default), so that an editor can invite its author to choose a
 * ruleset. Without an analysis (no «…» at all), none.
 */
export function provideUnservedInfo(uri: string, analysis: DocumentAnalysis | undefined): UnservedDocumentInfo {
  const checks = analysis ? analysis.checks.filter((check) => check.spec !== undefined).length : 0;
  return { uri, checks, looksLikeScenario: checks > 0 };
}
