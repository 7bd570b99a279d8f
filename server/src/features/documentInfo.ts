import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalysis, Locale } from '../analysis/types';
import { isBuiltinRulesetId } from '../engine/builtinRulesets';
import { isKnownPool } from '../engine/oddsReport';
import { rulesetTitle } from '../present/ruleset';
import { voice } from '../present/voice';
import type { DocumentCheckInfo, DocumentChecksQuery, DocumentInfo } from '../protocol';
import type { Project } from '../workspace/projects';
import { isPosition, toOffset, toRange } from './convert';
import { checkIndexAt } from './locate';

/**
 * Whether `DocumentInfoParams.checks` is well formed: absent or null (no check asked for), or
 * exactly one of `index` (a non-negative integer) and `position` (an LSP position; out-of-range
 * positions are clamped, as for hovers). Anything else is InvalidParams.
 */
export function isDocumentChecksParam(value: unknown): value is DocumentChecksQuery | undefined | null {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'object' || Array.isArray(value)) return false;
  const { index, position } = value as Record<string, unknown>;
  if (index !== undefined) return position === undefined && typeof index === 'number' && Number.isInteger(index) && index >= 0;
  return isPosition(position);
}

/** The index of the check the query names, or -1 when the document has none there. */
function queriedIndex(document: TextDocument, analysis: DocumentAnalysis, query: DocumentChecksQuery): number {
  if (query.index !== undefined) return query.index < analysis.checks.length ? query.index : -1;
  return checkIndexAt(analysis.checks, toOffset(document, query.position));
}

/** The checks asked for: none without a query, else the one it names if the document has it. */
function checksOf(document: TextDocument, analysis: DocumentAnalysis, query: DocumentChecksQuery | undefined | null): DocumentCheckInfo[] {
  if (!query) return [];
  const index = queriedIndex(document, analysis, query);
  const check = index >= 0 ? analysis.checks[index] : undefined;
  if (!check) return [];
  return [
    {
      index,
      range: toRange(document, check.range),
      rollable: check.spec !== undefined,
      poolKnown: check.odds !== undefined && isKnownPool(check.odds),
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
  project: Project,
  locale: Locale,
  query?: DocumentChecksQuery | null,
): DocumentInfo {
  const rulesets = project.config.rulesets;
  const v = voice(locale);
  return {
    uri: document.uri,
    ruleset: analysis.ruleset.id,
    title: rulesetTitle(analysis.ruleset, v),
    source: analysis.rulesetSource,
    userRulesetsLoaded: project.userRulesetsLoaded,
    rulesets: rulesets.ids().flatMap((id) => {
      const ruleset = rulesets.get(id);
      return ruleset ? [{ id, title: rulesetTitle(ruleset, v), builtin: isBuiltinRulesetId(id) }] : [];
    }),
    checks: checksOf(document, analysis, query),
  };
}
