/**
 * RM008: a character the check names (as its actor or a helper) has no value for one of its
 * traits. Where the sheet can take a new line, the fix writes the trait into it with a value the
 * author is asked for (`valueChoice`); editors that cannot ask keep the placeholder.
 */
import type { DiagnosticMessage } from '../diagnosticCatalog';
import type { CharacterSheet, Fix, TextRange } from '../types';
import type { DiagnosticSink } from './resolveContext';

/** The value written until the author chooses: the lowest rating a trait that is had at all has. */
const PLACEHOLDER_VALUE = '1';

/** A name YAML reads as a plain key (no «:», «#», quotes or brackets that would need quoting). */
const PLAIN_KEY = /^[\p{L}\p{N}][\p{L}\p{N} .'’-]*$/u;

/** `message`: what the missing trait means, when a rule says more than «odds per pool size» (a helper without a Skill). */
export function reportSheetLacksTrait(sink: DiagnosticSink, sheet: CharacterSheet, trait: string, range: TextRange, message?: DiagnosticMessage): void {
  const fixes: Fix[] = [];
  if (sheet.newTrait && PLAIN_KEY.test(trait) && !trait.endsWith(' ')) {
    const line = `${sheet.newTrait.prefix}${trait}: `;
    const fix = sink.fix({ id: 'addToSheet', character: sheet.name, trait }, sheet.newTrait.at, `${line}${PLACEHOLDER_VALUE}`, false);
    fixes.push({ ...fix, valueChoice: { at: line.length, length: PLACEHOLDER_VALUE.length } });
  }
  sink.add('RM008', message ?? { id: 'sheetLacksTrait', character: sheet.name, trait }, range, fixes, 'info', [{ range: sheet.range, message: { id: 'characterSheet', character: sheet.name } }]);
}
