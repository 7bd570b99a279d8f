/**
 * What resolving a check works with (resolveCheck.ts): the context it is resolved against, the
 * sink its diagnostics gather in, and the ruleset's spelling of Willpower that the canonical form
 * writes.
 */
import type { Ruleset } from '../../engine/ruleset';
import { DEFAULT_SEVERITY, type DiagnosticMessage, type FixTitle, sameMessage } from '../diagnosticCatalog';
import type { TraitIndex } from './traitIndex';
import type { AnalysisDiagnostic, CharacterSheet, DiagnosticCode, Fix, Severity, TextRange } from '../types';

export interface CheckContext {
  ruleset: Ruleset;
  index: TraitIndex;
  characters: readonly CharacterSheet[];
}

export class DiagnosticSink {
  readonly list: AnalysisDiagnostic[] = [];

  add(code: DiagnosticCode, message: DiagnosticMessage, range: TextRange, fixes: Fix[] = [], severity: Severity = DEFAULT_SEVERITY[code], related?: AnalysisDiagnostic['related']): void {
    this.addDiagnostic({ code, severity, message, range, fixes, ...(related ? { related } : {}) });
  }

  addDiagnostic(diagnostic: AnalysisDiagnostic): void {
    // Every combination of a check's alternatives is checked; one problem is reported once.
    const { code, message, range } = diagnostic;
    if (this.list.some((d) => d.code === code && d.range.start === range.start && d.range.end === range.end && sameMessage(d.message, message))) return;
    this.list.push(diagnostic);
  }

  fix(title: FixTitle, range: TextRange, newText: string, preferred: boolean): Fix {
    return { title, edits: [{ range, newText }], preferred };
  }
}

const willpowerNames = new WeakMap<Ruleset, string | undefined>();

/**
 * The ruleset's own spelling of the Willpower trait, which is also how its parameter is written
 * (undefined when it has none). Looked up once per ruleset: every check's layout comparison needs it.
 */
export function willpowerName(ruleset: Ruleset): string | undefined {
  if (!willpowerNames.has(ruleset)) willpowerNames.set(ruleset, ruleset.traits.find((t) => t.en === 'Willpower')?.name);
  return willpowerNames.get(ruleset);
}
