import * as path from 'node:path';
import { LineIndex, type LinePosition } from '../service';
import type { AnalysisDiagnostic, AnalyzedCheck, DiagnosticCode, DocumentAnalysis, PartyOdds, TextRange } from '../analysis/types';
import type { CheckSpec } from '../engine/checkSpec';
import type { OddsReport } from '../engine/oddsReport';
import type { FamilyId, Ruleset } from '../engine/ruleset';
import type { Locale } from '../present/locale';
import { CODE_SUMMARY, diagnosticMessage } from '../present/messages';
import { reportChance } from '../present/odds';
import { analyzedCheckDetail } from '../present/party';
import { rulesetTitle } from '../present/ruleset';
import { voice } from '../present/voice';

export interface CheckedFile {
  path: string;
  text: string;
  /** Absent for a workspace file (dictionary, ruleset) that only has problems to report. */
  analysis?: DocumentAnalysis;
  extraDiagnostics?: AnalysisDiagnostic[];
}

export interface Summary {
  files: number;
  checks: number;
  errors: number;
  warnings: number;
  infos: number;
  hints: number;
}

export function summarize(files: readonly CheckedFile[]): Summary {
  const summary: Summary = { files: files.length, checks: 0, errors: 0, warnings: 0, infos: 0, hints: 0 };
  for (const file of files) {
    summary.checks += file.analysis?.checks.length ?? 0;
    for (const d of allDiagnostics(file)) {
      if (d.severity === 'error') summary.errors++;
      else if (d.severity === 'warning') summary.warnings++;
      else if (d.severity === 'info') summary.infos++;
      else summary.hints++;
    }
  }
  return summary;
}

export function allDiagnostics(file: CheckedFile): AnalysisDiagnostic[] {
  return [...(file.extraDiagnostics ?? []), ...(file.analysis?.diagnostics ?? [])];
}

/** `check` text output: the summary line, «1 файл, 2 проверки: 0 ошибок, 1 предупреждение, 0 сведений, 0 подсказок». */
export function summaryText(s: Summary, locale: Locale): string {
  const v = voice(locale);
  const problems = [v.count(s.errors, 'error'), v.count(s.warnings, 'warning'), v.count(s.infos, 'info'), v.count(s.hints, 'hint')].join(', ');
  return v.w.checkSummary(v.count(s.files, 'file'), v.count(s.checks, 'check'), problems);
}

/** `check --checks`: a file's ruleset and number of checks. */
export function fileChecksText(analysis: DocumentAnalysis, locale: Locale): string {
  const v = voice(locale);
  return `${analysis.ruleset.id} · ${rulesetTitle(analysis.ruleset, v)}, ${v.count(analysis.checks.length, 'check')}`;
}

/** `check --checks`: a check as the outline shows it, «пул 4 · успех 76 %» (or the party's figures). */
export function checkText(check: AnalyzedCheck, ruleset: Ruleset, locale: Locale): string {
  return analyzedCheckDetail(check, ruleset, voice(locale));
}

function lspRange(lines: LineIndex, range: TextRange): { start: LinePosition; end: LinePosition } {
  return { start: lines.positionAt(range.start), end: lines.positionAt(range.end) };
}

/**
 * Whether a check uses one of the mechanics beyond a plain roll (docs/markup.en.md): alternatives,
 * helpers, a race, soak or damage, initiative, a vampire-pack contest (its tie-break), and the
 * Additions (3): a threshold in one roll, «дважды», attempts, «вторая попытка», «особое», «длительное» without a goal,
 * an attack with `урон:` (its `hit`, `damage`, `expected_damage`), a storytelling contest (its degrees),
 * vampire-pack's «атака»/«защита» and «сделка с Дьяволом».
 */
function usesNewMechanics(spec: CheckSpec, family: FamilyId): boolean {
  const sides = [spec.side, ...(spec.opponent ? [spec.opponent] : [])];
  return (
    spec.alternatives !== undefined ||
    spec.initiative === true ||
    spec.threshold !== undefined ||
    spec.twice === true ||
    spec.attempts !== undefined ||
    spec.secondAttempt === true ||
    spec.special === true ||
    spec.combatRole !== undefined ||
    spec.deal === true ||
    spec.openGoal === true ||
    spec.combat !== undefined ||
    sides.some((side) => side.extraSuccesses !== undefined || side.durability !== undefined || side.maneuver !== undefined || side.headStart !== undefined || side.replay === true) ||
    (spec.opponent !== undefined && spec.extended !== undefined) ||
    (spec.opponent !== undefined && family === 'storytelling') ||
    sides.some((side) => (side.helpers?.length ?? 0) > 0 || side.noBotch === true || side.attribute !== undefined)
  );
}

/**
 * A check with such a mechanic carries the object `odds --json` prints for it (docs/cli.en.md):
 * alternatives with `best`, `helpers`, `contest`/`within`/`unfinished`, `initiative`,
 * `tie_break`, soak's `botch: 0`, beside its `pool` and `success`.
 */
function mechanicsFields(odds: OddsReport): Omit<OddsReport, 'ruleset' | 'pool'> {
  const { ruleset: _ruleset, pool: _pool, ...rest } = odds;
  return rest;
}

/** The whole party (docs/cli.en.md): each member's chance, best first, and the party's. */
function partyJson(party: PartyOdds): { party: { character: string; success: number }[]; party_any: number; party_all: number } {
  return { party: party.members.map((m) => ({ character: m.character, success: m.success })), party_any: party.any, party_all: party.all };
}

/** `--format json`: the object docs/cli.en.md documents, ranges as LSP ranges. */
export function jsonReport(files: readonly CheckedFile[], locale: Locale): unknown {
  const v = voice(locale);
  return {
    files: files.map((file) => {
      const lines = new LineIndex(file.text);
      return {
        path: file.path,
        ruleset: file.analysis?.ruleset.id ?? null,
        diagnostics: allDiagnostics(file).map((d) => ({ code: d.code, severity: d.severity, message: diagnosticMessage(d.message, v), range: lspRange(lines, d.range) })),
        checks: (file.analysis?.checks ?? []).map((c) => ({
          text: c.text,
          range: lspRange(lines, c.range),
          pool: c.odds && c.odds.pool !== null ? c.odds.pool : null,
          success: c.odds ? reportChance(c.odds) : null,
          ...(c.odds && c.spec && usesNewMechanics(c.spec, file.analysis?.ruleset.family ?? 'classic') ? mechanicsFields(c.odds) : {}),
          ...(c.party ? partyJson(c.party) : {}),
        })),
      };
    }),
    summary: summarize(files),
  };
}

const SARIF_LEVEL = { error: 'error', warning: 'warning', info: 'note', hint: 'note' } as const;

/** `--format sarif`: SARIF 2.1.0 for code-scanning tools; columns count UTF-16 code units, as SARIF's default. */
export function sarifReport(files: readonly CheckedFile[], locale: Locale, version: string): unknown {
  const v = voice(locale);
  const codes = Object.keys(CODE_SUMMARY) as DiagnosticCode[];
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'rollmark',
            version,
            informationUri: 'https://github.com/rollmark/rollmark',
            rules: codes.map((code) => ({ id: code, shortDescription: { text: CODE_SUMMARY[code][locale] } })),
          },
        },
        results: files.flatMap((file) => {
          const lines = new LineIndex(file.text);
          return allDiagnostics(file).map((d) => {
            const range = lspRange(lines, d.range);
            return {
              ruleId: d.code,
              ruleIndex: codes.indexOf(d.code),
              level: SARIF_LEVEL[d.severity],
              message: { text: diagnosticMessage(d.message, v) },
              locations: [
                {
                  physicalLocation: {
                    artifactLocation: { uri: file.path.split(path.sep).join('/') },
                    region: { startLine: range.start.line + 1, startColumn: range.start.character + 1, endLine: range.end.line + 1, endColumn: range.end.character + 1 },
                  },
                },
              ],
            };
          });
        }),
      },
    ],
  };
}
