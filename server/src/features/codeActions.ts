import { type CodeAction, CodeActionKind, type CodeActionParams, type TextEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DictionaryEntry, DocumentAnalysis, Fix, TextEdit as AnalysisEdit } from '../analysis/types';
import type { Locale } from '../present/locale';
import { fixTitle } from '../present/messages';
import { type Voice, voice } from '../present/voice';
import { type AddToDictionaryArgs, CodeActionKinds, Commands, type RollmarkSettings, type ValueChoiceData } from '../protocol';
import { ignoreHereEdit } from '../analysis/document/suppressionEdit';
import { intersects, toRange } from './convert';
import { effectiveSeverity, type FileUri, toLspDiagnostic } from './diagnostics';
import { provideTuningActions } from './tuning';

/** Whether the client asked for this kind: `only` entries are prefixes in the kind hierarchy. */
function wanted(kind: string, only: string[] | undefined): boolean {
  return !only || only.length === 0 || only.some((o) => kind === o || kind.startsWith(`${o}.`));
}

function lspEdits(document: TextDocument, edits: readonly AnalysisEdit[]): TextEdit[] {
  return edits.map((e) => ({ range: toRange(document, e.range), newText: e.newText }));
}

function conflict(a: AnalysisEdit, b: AnalysisEdit): boolean {
  if (a.range.start < b.range.end && b.range.start < a.range.end) return true;
  // Two edits starting at one offset (an insertion among them) would apply in an order nobody chose.
  return a.range.start === b.range.start;
}

/**
 * Fixes that may go into one workspace edit, each whole or not at all: a fix whose edits
 * touch an earlier fix's is left for the next round, as editors do with "fix all".
 */
function disjoint(groups: readonly (readonly AnalysisEdit[])[]): AnalysisEdit[] {
  const accepted: AnalysisEdit[] = [];
  const ordered = [...groups].filter((g) => g.length > 0).sort((a, b) => a[0].range.start - b[0].range.start);
  const clashes = (edit: AnalysisEdit): boolean => {
    // `accepted` is kept sorted by start: only the neighbours around the edit can overlap it.
    let low = 0;
    let high = accepted.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (accepted[mid].range.start < edit.range.start) low = mid + 1;
      else high = mid;
    }
    return (low > 0 && conflict(accepted[low - 1], edit)) || (low < accepted.length && conflict(accepted[low], edit));
  };
  for (const group of ordered) {
    if (group.some(clashes)) continue;
    for (const edit of group) {
      let at = accepted.length;
      while (at > 0 && accepted[at - 1].range.start > edit.range.start) at--;
      accepted.splice(at, 0, edit);
    }
  }
  return accepted;
}

/** Where the value to choose stands once `edit` is applied: its line and character in the new text. */
function valueChoiceData(document: TextDocument, edit: AnalysisEdit, choice: NonNullable<Fix['valueChoice']>): ValueChoiceData {
  const start = document.positionAt(edit.range.start);
  const before = edit.newText.slice(0, choice.at);
  const breaks = before.match(/\r\n|\r|\n/g)?.length ?? 0;
  const lineStart = Math.max(before.lastIndexOf('\n'), before.lastIndexOf('\r')) + 1;
  const character = breaks === 0 ? start.character + choice.at : choice.at - lineStart;
  return { valueChoice: { uri: document.uri, line: start.line + breaks, character, length: choice.length } };
}

function quickFix(document: TextDocument, fix: Fix, diagnostic: CodeAction['diagnostics'], v: Voice): CodeAction {
  const title = fixTitle(fix.title, v);
  const action: CodeAction = { title, kind: CodeActionKind.QuickFix, diagnostics: diagnostic, isPreferred: fix.preferred };
  if (fix.edits.length > 0) action.edit = { changes: { [document.uri]: lspEdits(document, fix.edits) } };
  if (fix.valueChoice && fix.edits.length > 0) action.data = valueChoiceData(document, fix.edits[0], fix.valueChoice);
  if (fix.addToDictionary !== undefined) {
    const args: AddToDictionaryArgs = { uri: document.uri, term: fix.addToDictionary };
    action.command = { title, command: Commands.addToDictionary, arguments: [args] };
  }
  return action;
}

/**
 * Quick fixes for the diagnostics in the range (every fix the analysis offers, the obvious one
 * preferred), «Подобрать сложность» for the check under the cursor, and two source actions for the whole document: mark up every check written as
 * prose, and apply every preferred fix that is not a prose conversion.
 */
export function provideCodeActions(
  document: TextDocument,
  analysis: DocumentAnalysis,
  params: CodeActionParams,
  settings: RollmarkSettings,
  locale: Locale,
  fileUri: FileUri,
  dictionary: readonly DictionaryEntry[] = [],
): CodeAction[] {
  const only = params.context?.only;
  const range = { start: document.offsetAt(params.range.start), end: document.offsetAt(params.range.end) };
  const actions: CodeAction[] = [];
  const shown = analysis.diagnostics.filter((d) => effectiveSeverity(d, settings) !== 'off');
  const v = voice(locale);
  if (wanted(CodeActionKind.QuickFix, only)) {
    const text = document.getText();
    const bodyStart = analysis.frontMatter?.range.end ?? (text.startsWith('\uFEFF') ? 1 : 0);
    for (const diagnostic of shown) {
      if (!intersects(diagnostic.range, range)) continue;
      const severity = effectiveSeverity(diagnostic, settings);
      const lsp = toLspDiagnostic(document, diagnostic, severity === 'off' ? diagnostic.severity : severity, fileUri, v);
      for (const fix of diagnostic.fixes) actions.push(quickFix(document, fix, [lsp], v));
      const ignore = ignoreHereEdit(text, bodyStart, diagnostic);
      if (ignore) actions.push(quickFix(document, { title: { id: 'ignoreHere', code: diagnostic.code }, edits: [ignore], preferred: false }, [lsp], v));
    }
  }
  if (wanted(CodeActionKinds.tuneDifficulty, only)) actions.push(...provideTuningActions(document, analysis, range, locale, dictionary));
  if (wanted(CodeActionKinds.convertProse, only) && analysis.proseChecks.length > 0) {
    const edits = disjoint(analysis.proseChecks.map((p) => [{ range: p.range, newText: p.markup }]));
    actions.push({
      title: v.w.convertProse(v.number(edits.length)),
      kind: CodeActionKinds.convertProse,
      edit: { changes: { [document.uri]: lspEdits(document, edits) } },
    });
  }
  if (wanted(CodeActionKinds.fixAll, only)) {
    // Prose stays prose unless asked (convertProse): editors run fixAll on save, and rewriting an author's sentences unasked is not a fix.
    const fixable = shown.filter((d) => d.code !== 'RM012');
    const edits = disjoint(fixable.flatMap((d) => d.fixes.filter((f) => f.preferred && f.edits.length > 0).map((f) => f.edits)));
    if (edits.length > 0) {
      actions.push({
        title: v.w.fixAll(v.number(edits.length)),
        kind: CodeActionKinds.fixAll,
        edit: { changes: { [document.uri]: lspEdits(document, edits) } },
      });
    }
  }
  return actions;
}
