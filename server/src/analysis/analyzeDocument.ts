import type { CheckSpec } from '../engine/checkSpec';
import { computeOdds } from '../engine/odds';
import type { OddsReport } from '../engine/oddsReport';
import type { Ruleset } from '../engine/ruleset';
import { parseCheckExpression } from './checkExpression';
import { isCheck } from './classifyCheck';
import { DEFAULT_SEVERITY, fixTitles, messages } from './diagnosticCatalog';
import { readFrontMatter, resolveSheets, unknownRulesetDiagnostic } from './frontMatter';
import { scanMarkdown } from './markdownScan';
import { findProseChecks } from './proseChecks';
import { resolveCheck } from './resolveCheck';
import { DEFAULT_RULESET_ID } from './rulesetProvider';
import { traitIndex } from './traitIndex';
import type { AnalysisDiagnostic, AnalysisOptions, AnalyzedCheck, DocumentAnalysis, TextRange } from './types';

/** Identical checks are common in a book (the same Attribute + Skill on every page): compute each once. */
const oddsCache = new Map<string, OddsReport>();
const ODDS_CACHE_LIMIT = 10_000;

export function oddsFor(ruleset: Ruleset, spec: CheckSpec): OddsReport {
  const key = `${ruleset.id}\u0000${JSON.stringify(spec)}`;
  let odds = oddsCache.get(key);
  if (!odds) {
    odds = computeOdds(ruleset, spec);
    if (oddsCache.size >= ODDS_CACHE_LIMIT) oddsCache.clear();
    oddsCache.set(key, odds);
  }
  return odds;
}

function chooseRuleset(options: AnalysisOptions, fromFrontMatter: string | undefined): { ruleset: Ruleset; source: DocumentAnalysis['rulesetSource'] } {
  const own = fromFrontMatter ? options.rulesets.get(fromFrontMatter) : undefined;
  if (own) return { ruleset: own, source: 'front-matter' };
  const setting = options.defaultRuleset ? options.rulesets.get(options.defaultRuleset) : undefined;
  if (setting) return { ruleset: setting, source: 'setting' };
  const fallback = options.rulesets.get(DEFAULT_RULESET_ID);
  if (!fallback) throw new Error(`the default ruleset ${DEFAULT_RULESET_ID} is missing`);
  return { ruleset: fallback, source: 'default' };
}

function sameDiagnostic(a: AnalysisDiagnostic, b: AnalysisDiagnostic): boolean {
  return a.code === b.code && a.message === b.message && a.range.start === b.range.start && a.range.end === b.range.end;
}

interface GuillemetSpan {
  open: number;
  /** Offset of », or −1 when the « is never closed in its text. */
  close: number;
  contentEnd: number;
}

/** «…» spans of one prose range; an unclosed « runs to the end of its line. */
function guillemetSpans(text: string, range: TextRange): GuillemetSpan[] {
  const spans: GuillemetSpan[] = [];
  let at = text.indexOf('«', range.start);
  while (at >= 0 && at < range.end) {
    const close = text.indexOf('»', at + 1);
    if (close >= 0 && close < range.end) {
      spans.push({ open: at, close, contentEnd: close });
      at = text.indexOf('«', close + 1);
    } else {
      const lineEnd = text.slice(at, range.end).search(/[\r\n]/);
      spans.push({ open: at, close: -1, contentEnd: lineEnd < 0 ? range.end : at + lineEnd });
      at = text.indexOf('«', at + 1);
    }
  }
  return spans;
}

/**
 * The whole analysis of one document version: ruleset, characters, checks with odds, prose
 * checks and every diagnostic, in document order. Pure and synchronous; never throws on input.
 */
export function analyzeDocument(text: string, options: AnalysisOptions): DocumentAnalysis {
  const { locale } = options;
  const layout = scanMarkdown(text);
  const diagnostics: AnalysisDiagnostic[] = [];
  const raw = layout.frontMatter ? readFrontMatter(text, layout.frontMatter, locale) : undefined;
  if (raw) diagnostics.push(...raw.diagnostics);
  if (raw?.rulesetId && !options.rulesets.get(raw.rulesetId.value)) diagnostics.push(unknownRulesetDiagnostic(raw.rulesetId, options.rulesets, locale));
  const { ruleset, source } = chooseRuleset(options, raw?.rulesetId?.value);
  const index = traitIndex(ruleset, options.dictionary ?? []);
  const sheets = raw ? resolveSheets(raw, index, locale) : { sheets: [], diagnostics: [] };
  diagnostics.push(...sheets.diagnostics);

  const checks: AnalyzedCheck[] = [];
  const proseSegments: TextRange[] = [];
  let headingAt = 0;
  for (const range of layout.prose) {
    let proseFrom = range.start;
    for (const span of guillemetSpans(text, range)) {
      const contentStart = span.open + 1;
      const content = text.slice(contentStart, span.contentEnd);
      const ast = parseCheckExpression(content, contentStart);
      if (!isCheck(ast, index)) continue;
      if (proseFrom < span.open) proseSegments.push({ start: proseFrom, end: span.open });
      const end = span.close >= 0 ? span.close + 1 : span.contentEnd;
      proseFrom = end;
      if (span.close < 0) {
        diagnostics.push({
          code: 'RM009',
          severity: DEFAULT_SEVERITY.RM009,
          message: messages.unclosedGuillemet()[locale],
          range: { start: span.open, end: span.open + 1 },
          fixes: [{ title: fixTitles.closeGuillemet()[locale], edits: [{ range: { start: span.contentEnd, end: span.contentEnd }, newText: '»' }], preferred: true }],
        });
        continue;
      }
      const resolved = resolveCheck(ast, content, { ruleset, index, locale, characters: sheets.sheets });
      diagnostics.push(...resolved.diagnostics);
      while (headingAt < layout.headings.length && layout.headings[headingAt].range.start < span.open) headingAt++;
      const scene = headingAt > 0 ? layout.headings[headingAt - 1] : undefined;
      checks.push({
        range: { start: span.open, end },
        contentRange: ast.range,
        text: text.slice(span.open, end),
        ast,
        sides: resolved.sides,
        ...(resolved.actor ? { actor: resolved.actor } : {}),
        ...(resolved.spec ? { spec: resolved.spec, odds: oddsFor(ruleset, resolved.spec) } : {}),
        ...(scene ? { scene } : {}),
      });
    }
    if (proseFrom < range.end) proseSegments.push({ start: proseFrom, end: range.end });
  }

  const prose = options.proseChecks === 'off' ? { checks: [], diagnostics: [] } : findProseChecks(text, proseSegments, index, locale);
  diagnostics.push(...prose.diagnostics);
  diagnostics.sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end);
  // YAML can report two errors on one line; the author needs to read it once.
  const unique = diagnostics.filter((d, i) => i === 0 || !sameDiagnostic(d, diagnostics[i - 1]));

  return {
    ruleset,
    rulesetSource: source,
    ...(raw
      ? { frontMatter: { range: raw.range, ...(raw.rulesetId ? { rulesetId: raw.rulesetId } : {}), characters: sheets.sheets } }
      : {}),
    checks,
    proseChecks: prose.checks,
    diagnostics: unique,
    headings: layout.headings,
  };
}
