/** What the report and the chips read off a check: who rolls it at which chance, and the problems on it. */
import { medianMember, successChance } from '../analysis/resolve/party';
import type { AnalysisDiagnostic, AnalyzedCheck, DocumentAnalysis, Severity } from '../analysis/types';

/** How a problem is shown: the editor's settings may change its severity or hide it (`off`). */
export type SeverityOf = (diagnostic: AnalysisDiagnostic) => Severity | 'off';

export const analysisSeverity: SeverityOf = (d) => d.severity;

/** A chance of one roller: a character of the front matter, or `null` for a check whose values are all written in it. */
export interface RollerChance {
  character: string | null;
  chance: number;
}

/**
 * Who rolls a check with which chance: the actor; each character of the party, best first; the
 * check itself (`character: null`) when its values are written in it. Empty when no chance is
 * known (an unknown pool without a party, an error, initiative).
 */
export function rollerChances(check: AnalyzedCheck): RollerChance[] {
  if (check.party) return check.party.members.map((m) => ({ character: m.character, chance: m.success }));
  const chance = check.odds ? successChance(check.odds) : undefined;
  if (chance === undefined) return [];
  return [{ character: check.actor ?? null, chance }];
}

/** The one chance that stands for a check (a chip's colour): the roller's, or the party's median character's. */
export function headlineChance(check: AnalyzedCheck): number | undefined {
  if (check.party) return medianMember(check.party).success;
  return check.odds ? successChance(check.odds) : undefined;
}

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2, hint: 3 };

/** For each check, the problems shown whose range meets its own, and the worst of them. */
export function checkProblems(analysis: DocumentAnalysis, severityOf: SeverityOf): { count: number; worst?: Severity }[] {
  const shown = analysis.diagnostics.map((d) => ({ range: d.range, severity: severityOf(d) })).filter((x): x is { range: AnalysisDiagnostic['range']; severity: Severity } => x.severity !== 'off');
  let from = 0;
  // Diagnostics are sorted by start, checks by position: one pass over both.
  return analysis.checks.map((check) => {
    while (from < shown.length && shown[from].range.end < check.range.start) from++;
    let count = 0;
    let worst: Severity | undefined;
    for (let k = from; k < shown.length && shown[k].range.start <= check.range.end; k++) {
      if (shown[k].range.end < check.range.start) continue;
      count++;
      if (!worst || SEVERITY_RANK[shown[k].severity] < SEVERITY_RANK[worst]) worst = shown[k].severity;
    }
    return worst ? { count, worst } : { count };
  });
}
