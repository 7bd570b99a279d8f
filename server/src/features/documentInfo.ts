import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalysis, Locale } from '../analysis/types';
import { isBuiltinRulesetId } from '../engine/builtinRulesets';
import { isKnownPool } from '../engine/oddsReport';
import type { Ruleset } from '../engine/ruleset';
import type { DocumentInfo } from '../protocol';
import type { Project } from '../workspace/projects';
import { toRange } from './convert';

function titleOf(ruleset: Ruleset, locale: Locale): string {
  return locale === 'en' ? (ruleset.titleEn ?? ruleset.title) : ruleset.title;
}

/**
 * `rollmark/documentInfo`: what an editor shows beside a document (the status bar's ruleset,
 * the ruleset picker) and needs before a roll (which checks have an unknown pool), from the
 * analysis already made for diagnostics.
 */
export function provideDocumentInfo(document: TextDocument, analysis: DocumentAnalysis, project: Project, locale: Locale): DocumentInfo {
  const rulesets = project.config.rulesets;
  return {
    uri: document.uri,
    ruleset: analysis.ruleset.id,
    title: titleOf(analysis.ruleset, locale),
    source: analysis.rulesetSource,
    userRulesetsLoaded: project.userRulesetsLoaded,
    rulesets: rulesets.ids().flatMap((id) => {
      const ruleset = rulesets.get(id);
      return ruleset ? [{ id, title: titleOf(ruleset, locale), builtin: isBuiltinRulesetId(id) }] : [];
    }),
    checks: analysis.checks.map((check, index) => ({
      index,
      range: toRange(document, check.range),
      rollable: check.spec !== undefined,
      poolKnown: check.odds !== undefined && isKnownPool(check.odds),
    })),
  };
}
