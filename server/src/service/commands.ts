/**
 * The server's commands (protocol.ts `Commands`, `CommandSignatures`): a roll, the ruleset written
 * into a front matter, a term added to the project dictionary, the project files read again.
 * Arguments arrive checked (validate.ts); what the arguments name but the document does not hold
 * is InvalidParams, any other failure is logged and answered as failed.
 */
import { keptLineEdit, keptRoll, sessionLogAppend } from '../features/keepRoll';
import { auditKeptRolls } from '../analysis/luckAudit';
import { editorScenarios } from './audit';
import { provideRoll, RollArgumentError } from '../features/rollCheck';
import { dictionaryNotAdded } from '../present/messages';
import { voice } from '../present/voice';
import { provideSetDocumentRuleset } from '../features/setDocumentRuleset';
import type { TextEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { refusalReason } from '../present/refusals';
import { luckAuditMarkdown } from '../report/luckAudit';
import {
  type AddToDictionaryArgs,
  type KeepRollArgs,
  type KeepRollResult,
  type LuckAuditArgs,
  type LuckAuditResult,
  type AddToDictionaryResult,
  type CommandSignatures,
  Commands,
  type ReloadProjectArgs,
  type ReloadProjectResult,
  type RollCheckArgs,
  type RollCheckResult,
  type SetDocumentRulesetArgs,
  type SetDocumentRulesetResult,
  type WriteLtexDictionaryArgs,
  type WriteLtexDictionaryResult,
} from '../protocol';
import { LTEX_DICTIONARY_PATH } from '../analysis/project/spellingWords';
import { writeLtexDictionary as writeFolderLtexDictionary } from '../workspace/ltexDictionary';
import type { OpenDocuments } from '../workspace/workspaceScenarios';
import { fileUri, relativePath, sameFile } from '../workspace/folders';
import { FileRefusedError } from '../workspace/projectFiles';
import { addToProjectDictionary, dictionaryEditProblem } from '../workspace/projectDictionary';
import { ServiceError } from './errors';
import type { Session } from './session';

/** Runs a command; anything but the service's own refusals is logged and answered as failed. */
async function command<R>(s: Session, name: string, run: () => Promise<R>): Promise<R> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    if (error instanceof RollArgumentError) throw new ServiceError('invalidParams', `${name}: ${error.message}`);
    s.log(name, error);
    throw new ServiceError('requestFailed', `${name} failed; the server log has the details`);
  }
}

export function rollCheck(s: Session, args: RollCheckArgs): Promise<RollCheckResult> {
  return command(s, Commands.rollCheck, async () => {
    const document = s.documents.get(args.uri);
    if (!document || !(await s.isServed(document))) throw new ServiceError('invalidParams', `${Commands.rollCheck}: the document is not open`);
    const analyzed = await s.analyzed(document);
    const result = provideRoll(document, analyzed.analysis, args, s.locale, s.random);
    // A message every editor shows, not one that waits for the user.
    if (s.rollMessages) s.editor.showMessage('info', result.message);
    return result;
  });
}

export function setDocumentRuleset(s: Session, args: SetDocumentRulesetArgs): Promise<SetDocumentRulesetResult> {
  return command(s, Commands.setDocumentRuleset, async () => {
    const document = s.documents.get(args.uri);
    if (!document) throw new ServiceError('invalidParams', `${Commands.setDocumentRuleset}: the document is not open`);
    const project = await s.projects.get(s.folders.folderFor(args.uri), await s.settings.forResource(args.uri));
    const change = provideSetDocumentRuleset(document, args, project.config.rulesets, s.locale);
    if ('reason' in change) return { applied: false, reason: change.reason };
    // Versioned when the editor can: an edit computed for one version never lands on another.
    const edit = s.versionedEdits
      ? { documentChanges: [{ textDocument: { uri: document.uri, version: document.version }, edits: [change.edit] }] }
      : { changes: { [document.uri]: [change.edit] } };
    const applied = await s.editor.applyEdit('Rollmark', edit);
    return applied.applied ? { applied: true } : { applied: false, ...(applied.failureReason ? { reason: applied.failureReason } : {}) };
  });
}

export function addToDictionary(s: Session, args: AddToDictionaryArgs): Promise<AddToDictionaryResult> {
  return command(s, Commands.addToDictionary, async () => {
    const folderUri = s.folders.folderFor(args.uri);
    const fs = folderUri ? s.fsFor(folderUri) : undefined;
    if (!folderUri || !fs) throw new ServiceError('invalidRequest', `${Commands.addToDictionary}: the document is not in a workspace folder, so there is no project dictionary`);
    const path = (await s.settings.forResource(args.uri)).dictionaryPath;
    let added: boolean;
    try {
      ({ added } = await addToProjectDictionary(fs, path, args.term, voice(s.locale).w.dictionaryHeader));
    } catch (error) {
      const problem = dictionaryEditProblem(error);
      if (!problem) throw error;
      // Said to the user, in the reply and as a message every editor shows: which file, and why.
      const message = dictionaryNotAdded(path, args.term, problem, voice(s.locale));
      s.editor.showMessage('error', message);
      throw new ServiceError('requestFailed', message);
    }
    if (added) void s.projectChanged(folderUri);
    return { file: fileUri(folderUri, path), added };
  });
}

/**
 * Reads the project files of the folder holding `uri` (without it, of every folder) again; answered
 * once the open documents of those folders are analysed with the files as they are now, and their
 * closed files checked.
 */
export function reloadProject(s: Session, args: ReloadProjectArgs | undefined): Promise<ReloadProjectResult> {
  return command(s, Commands.reloadProject, async () => {
    const uri = args?.uri;
    const folder = uri === undefined ? undefined : s.folders.folderFor(uri);
    const reloaded = uri === undefined ? s.folders.all().map((f) => f.uri) : folder ? [folder] : [];
    const checks = reloaded.map((folderUri) => s.projectChanged(folderUri));
    const inFolders = s.documents.all().filter((d) => reloaded.includes(s.folders.folderFor(d.uri) ?? ''));
    await Promise.all(inFolders.map(async (d) => ((await s.isServed(d)) ? s.analyzed(d) : undefined)));
    const files = (await Promise.all(checks)).reduce((sum, n) => sum + n, 0);
    return { folders: reloaded, files };
  });
}

/** An edit of an open document, versioned when the editor can: an edit computed for one version never lands on another. */
async function applyTo(s: Session, document: TextDocument, edit: TextEdit): Promise<string | undefined> {
  const change = s.versionedEdits ? { documentChanges: [{ textDocument: { uri: document.uri, version: document.version }, edits: [edit] }] } : { changes: { [document.uri]: [edit] } };
  const applied = await s.editor.applyEdit('Rollmark', change);
  return applied.applied ? undefined : (applied.failureReason ?? 'the editor refused the edit');
}

/**
 * Keeps a roll in the session notes, replayed from its seed: a line after the check (an edit of
 * the open document), or an entry appended to the session log beside it (the log's open document
 * when the editor has it, else the file, through the workspace's atomic, serialised edit).
 */
export function keepRoll(s: Session, args: KeepRollArgs): Promise<KeepRollResult> {
  return command(s, Commands.keepRoll, async () => {
    const document = s.documents.get(args.uri);
    if (!document || !(await s.isServed(document))) throw new ServiceError('invalidParams', `${Commands.keepRoll}: the document is not open`);
    const kept = keptRoll(document, (await s.analyzed(document)).analysis, args, s.locale, s.random);
    const v = voice(s.locale);
    if (args.where === 'line') {
      const { edit, line } = keptLineEdit(document, kept, args.date);
      const refused = await applyTo(s, document, edit);
      return refused === undefined ? { kept: true, uri: document.uri, line } : { kept: false, reason: refused };
    }
    const folderUri = s.folders.folderFor(args.uri);
    const fs = folderUri ? s.fsFor(folderUri) : undefined;
    const scenario = folderUri ? relativePath(folderUri, args.uri) : undefined;
    if (!folderUri || !fs || scenario === undefined) return { kept: false, reason: v.w.keptNotAChecksFile };
    const log = sessionLogAppend(scenario, kept, args, s.locale);
    const uri = fileUri(folderUri, log.path);
    // Never over an input: a scenario that happens to bear the log's name is not appended to.
    if (log.path === scenario) return { kept: false, reason: v.w.keptLogRefused(log.path, v.w.keptNotAChecksFile) };
    const open = s.documents.all().find((d) => sameFile(d.uri, uri));
    if (open) {
      const text = open.getText();
      const end = open.positionAt(text.length);
      const next = log.append(text);
      const refused = await applyTo(s, open, { range: { start: end, end }, newText: next.slice(text.length) });
      return refused === undefined ? { kept: true, uri: open.uri, line: entryLine(next) } : { kept: false, reason: refused };
    }
    let lines = 0;
    try {
      await fs.edit(log.path, (text) => {
        const next = log.append(text);
        lines = entryLine(next);
        return next;
      });
    } catch (error) {
      if (!(error instanceof FileRefusedError)) throw error;
      return { kept: false, reason: v.w.keptLogRefused(log.path, refusalReason(error.refusal, v)) };
    }
    return { kept: true, uri, line: lines };
  });
}

/** The 0-based line of the entry just appended to a session log: its last line, before the final line break. */
function entryLine(log: string): number {
  return log.split(/\r\n|\r|\n/).length - 2;
}

/** The luck audit of an open document's kept rolls: its own kept lines' checks, a session log's scenarios beside it. */
export function luckAudit(s: Session, args: LuckAuditArgs): Promise<LuckAuditResult> {
  return command(s, Commands.luckAudit, async () => {
    const document = s.documents.get(args.uri);
    if (!document) throw new ServiceError('invalidParams', `${Commands.luckAudit}: the document is not open`);
    const text = document.getText();
    const audit = await auditKeptRolls(text, editorScenarios(s, document.uri));
    return await luckAuditMarkdown(audit, voice(s.locale));
  });
}

/**
 * Writes the LTeX+ dictionary of the workspace folder holding `uri`; a refusal of the file layer
 * (a read-only file, a link out of the folder) is answered as not written, with why.
 */
export function writeLtexDictionary(s: Session, args: WriteLtexDictionaryArgs): Promise<WriteLtexDictionaryResult> {
  return command(s, Commands.writeLtexDictionary, async () => {
    const folderUri = s.folderOf(args.uri);
    const fs = folderUri ? s.fsFor(folderUri) : undefined;
    const v = voice(s.locale);
    if (!folderUri || !fs) return { written: false, reason: v.w.ltexDictionaryNoFolder };
    const settings = await s.settings.forResource(folderUri);
    const open: OpenDocuments = { get: (u) => s.documents.get(u), all: () => s.documents.all(), isServed: (d) => s.isServed(d), analysis: async (d) => (await s.analyzed(d)).analysis };
    try {
      const words = await writeFolderLtexDictionary(folderUri, fs, settings, await s.projects.get(folderUri, settings), open);
      return { written: true, file: fileUri(folderUri, LTEX_DICTIONARY_PATH), words };
    } catch (error) {
      if (!(error instanceof FileRefusedError)) throw error;
      return { written: false, reason: v.w.ltexDictionaryNotWritten(LTEX_DICTIONARY_PATH, refusalReason(error.refusal, v)) };
    }
  });
}

/** Each command's implementation, by id: the dispatch `CommandSignatures` types. */
export const commands: { [C in keyof CommandSignatures]: (s: Session, args: CommandSignatures[C]['args']) => Promise<CommandSignatures[C]['result']> } = {
  [Commands.rollCheck]: rollCheck,
  [Commands.addToDictionary]: addToDictionary,
  [Commands.reloadProject]: reloadProject,
  [Commands.setDocumentRuleset]: setDocumentRuleset,
  [Commands.keepRoll]: keepRoll,
  [Commands.luckAudit]: luckAudit,
  [Commands.writeLtexDictionary]: writeLtexDictionary,
};
