/**
 * What the editor asks of one session: each request fetches the document, its analysis and its
 * project, and delegates to a feature (features/), which maps the analysis to the answer. A closed
 * or foreign document gets the empty answer; an exception in a feature is logged and answered
 * empty too, never a dead server. Params arrive checked (validate.ts).
 */
import type {
  CodeAction,
  CodeActionParams,
  CodeLens,
  CodeLensParams,
  CompletionList,
  CompletionParams,
  DocumentSymbol,
  DocumentSymbolParams,
  Hover,
  HoverParams,
  InlayHint,
  InlayHintParams,
  Position,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { dictionaryNames } from '../analysis/resolve/traitIndex';
import { provideCheckChips } from '../features/checkChips';
import { provideCodeActions } from '../features/codeActions';
import { lensDocumentKey, lensKey, provideCodeLenses, resolveCodeLens } from '../features/codeLens';
import { provideCompletion } from '../features/completion';
import { effectiveSeverity } from '../features/diagnostics';
import { provideDocumentInfo, provideUnservedInfo } from '../features/documentInfo';
import { provideDocumentSymbols } from '../features/documentSymbols';
import { provideHover } from '../features/hover';
import { provideInlayHints } from '../features/inlayHints';
import { provideReport, type ReportDocument } from '../features/report';
import { provideRulesets } from '../features/rulesets';
import {
  type CheckChipsParams,
  type CheckChipsResult,
  DEFAULT_SETTINGS,
  type DocumentInfo,
  type DocumentInfoParams,
  MARKDOWN_LANGUAGE_ID,
  type ReportParams,
  type ReportResult,
  type PartiesParams,
  type PartiesResult,
  type RulesetsParams,
  type RulesetsResult,
  type TextDocumentParams,
  type UnservedDocumentInfo,
} from '../protocol';
import type { AnalyzedDocument } from '../workspace/analyses';
import { analysisOptions, type OpenDocuments, openReportDocument, reportParties, reportPath, workspaceReportDocuments } from '../workspace/workspaceScenarios';
import { ServiceError } from './errors';
import { type Session, TOP_OF_DOCUMENT } from './session';

/** Whether the editor still wants the answer (LSP: a CancellationToken). */
export interface Cancellation {
  readonly isCancellationRequested: boolean;
}

/** The common path of every request about one open document (see the module's comment). */
async function onDocument<R>(
  session: Session,
  name: string,
  uri: string,
  empty: R,
  token: Cancellation | undefined,
  run: (document: TextDocument, analyzed: AnalyzedDocument) => R,
  fresh: 'exact' | 'recent' | { through: Position } = 'exact',
): Promise<R> {
  let found: { document: TextDocument; analyzed: AnalyzedDocument } | undefined;
  try {
    found = await session.servedDocument(uri, fresh);
  } catch (error) {
    // Closed before its analysis was done: the empty answer, as for a document not open.
    if (!(error instanceof ServiceError && error.kind === 'cancelled')) session.log(name, error);
    return empty;
  }
  if (!found) return empty;
  if (token?.isCancellationRequested) throw new ServiceError('cancelled', `${name}: cancelled`);
  try {
    return run(found.document, found.analyzed);
  } catch (error) {
    session.log(name, error);
    return empty;
  }
}

export function hover(s: Session, params: HoverParams, token?: Cancellation): Promise<Hover | null> {
  return onDocument(s, 'hover', params.textDocument.uri, null, token, (document, a) => provideHover(document, a.analysis, params.position, s.locale, a.project.config.dictionary));
}

/**
 * A lens request names no range: while a long document is first analysed, an editor that asks again
 * when told gets the lenses of its top (TOP_OF_DOCUMENT) first (issue 24), the rest with the
 * refresh once the whole is done.
 */
export function codeLenses(s: Session, params: CodeLensParams, token?: Cancellation): Promise<CodeLens[]> {
  return onDocument(s, 'codeLens', params.textDocument.uri, [], token, (document, a) => provideCodeLenses(document, a.analysis, a.settings.codeLens.show), s.editor.refreshesLenses ? { through: TOP_OF_DOCUMENT } : 'exact');
}

/** A lens's title, for those the editor shows; a lens of a document gone comes back as it was. */
export async function resolveLens(s: Session, lens: CodeLens, token?: Cancellation): Promise<CodeLens> {
  const document = s.documents.all().find((d) => lensKey(d.uri) === lensDocumentKey(lens.data));
  if (!document) return lens;
  // The lens's own check is in the part analysed first when the lens came from it.
  return onDocument(s, 'codeLens/resolve', document.uri, lens, token, (served, a) => resolveCodeLens(lens, served, a.analysis, a.settings.codeLens.show, s.locale), { through: lens.range.end });
}

export function inlayHints(s: Session, params: InlayHintParams, token?: Cancellation): Promise<InlayHint[]> {
  // The hints of what is on screen, from the part of a long document analysed first.
  return onDocument(s, 'inlayHint', params.textDocument.uri, [], token, (document, a) => (a.settings.inlayHints.enabled ? provideInlayHints(document, a.analysis, params.range, s.locale) : []), { through: params.range.end });
}

/** Completion reads the newest analysis, even of an older version: only the ruleset and the characters matter. */
export function completion(s: Session, params: CompletionParams, token?: Cancellation): Promise<CompletionList | null> {
  return onDocument(
    s,
    'completion',
    params.textDocument.uri,
    null,
    token,
    (document, a) => provideCompletion(document, a.analysis, params.position, a.project.config.rulesets, dictionaryNames(a.project.config.dictionary), s.locale, params.context),
    'recent',
  );
}

export function codeActions(s: Session, params: CodeActionParams, token?: Cancellation): Promise<CodeAction[]> {
  return onDocument(s, 'codeAction', params.textDocument.uri, [], token, (document, a) =>
    provideCodeActions(document, a.analysis, params, a.settings, s.locale, s.fileUriIn(a.project.folderUri), a.project.config.dictionary),
  );
}

export function documentSymbols(s: Session, params: DocumentSymbolParams, token?: Cancellation): Promise<DocumentSymbol[]> {
  return onDocument(s, 'documentSymbol', params.textDocument.uri, [], token, (document, a) => provideDocumentSymbols(document, a.analysis, s.locale));
}

export function documentInfo(s: Session, params: DocumentInfoParams, token?: Cancellation): Promise<DocumentInfo | null> {
  return onDocument(s, 'documentInfo', params.textDocument.uri, null, token, (document, a) => provideDocumentInfo(document, a.analysis, a.project, s.locale, params.checks));
}

export function checkChips(s: Session, params: CheckChipsParams, token?: Cancellation): Promise<CheckChipsResult | null> {
  return onDocument(s, 'checkChips', params.textDocument.uri, null, token, (document, a) => provideCheckChips(document, a.version, a.analysis, a.settings, s.locale));
}

/** The scenario report of a served document, or of the workspace folder a URI is in. */
export async function report(s: Session, params: ReportParams): Promise<ReportResult> {
  const name = 'rollmark/report';
  const { uri } = params;
  const open: OpenDocuments = { get: (u) => s.documents.get(u), all: () => s.documents.all(), isServed: (d) => s.isServed(d), analysis: async (d) => (await s.analyzed(d)).analysis };
  const folder = s.folderOf(uri);
  try {
    const settings = await s.settings.forResource(folder ?? uri);
    let documents: ReportDocument[];
    const project = folder ? await s.projects.get(folder, settings) : undefined;
    if (params.scope === 'workspace' && folder && project) {
      const fs = s.fsFor(folder);
      documents = fs ? await workspaceReportDocuments(folder, fs, settings, project, open) : [];
    } else {
      const document = s.documents.get(uri);
      if (!document || !(await s.isServed(document))) throw new ServiceError('invalidParams', `${name}: ${uri} is not an open document Rollmark checks`);
      documents = [openReportDocument(document, reportPath(uri, folder), open)];
    }
    return await provideReport(documents, s.reportParts, (d) => effectiveSeverity(d, settings), s.locale, project ? reportParties(settings, project) : undefined);
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    s.log(name, error);
    throw new ServiceError('requestFailed', `${name} failed; the server log has the details`);
  }
}

/** Whether an open Markdown document Rollmark does not serve holds checks; null for a served one. */
export async function unservedDocument(s: Session, params: TextDocumentParams): Promise<UnservedDocumentInfo | null> {
  const document = s.documents.get(params.textDocument.uri);
  if (!document || document.languageId !== MARKDOWN_LANGUAGE_ID || (await s.isServed(document))) return null;
  try {
    // A text without guillemets holds no check: no analysis needed to say so.
    const analysis = document.getText().includes('«') ? (await s.analyzed(document)).analysis : undefined;
    return provideUnservedInfo(document.uri, analysis);
  } catch (error) {
    // Closed while it was analysed: nobody waits for the answer.
    if (!(error instanceof ServiceError)) s.log('rollmark/unservedDocument', error);
    return null;
  }
}

/** The rulesets a document (or a folder) may choose: the built-in ones, and its folder's own. */
export async function rulesets(s: Session, params: RulesetsParams): Promise<RulesetsResult> {
  const { uri } = params;
  const folder = uri ? s.folders.folderFor(uri) : undefined;
  const project = await s.projects.get(folder, uri ? await s.settings.forResource(uri) : DEFAULT_SETTINGS);
  return { rulesets: provideRulesets(project.config.rulesets, s.locale) };
}

/** The parties of a document's (or folder's) project, and the one its documents are analysed with. */
export async function parties(s: Session, params: PartiesParams): Promise<PartiesResult> {
  const settings = await s.settings.forResource(params.uri);
  const project = await s.projects.get(s.folders.folderFor(params.uri), settings);
  const active = analysisOptions(settings, project).party?.name;
  return { parties: project.config.parties?.parties.map((p) => p.name) ?? [], ...(active ? { active } : {}) };
}
