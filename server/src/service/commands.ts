/**
 * The server's commands (protocol.ts `Commands`, `CommandSignatures`): a roll, the ruleset written
 * into a front matter, a term added to the project dictionary, the project files read again.
 * Arguments arrive checked (validate.ts); what the arguments name but the document does not hold
 * is InvalidParams, any other failure is logged and answered as failed.
 */
import { provideRoll, RollArgumentError } from '../features/rollCheck';
import { dictionaryNotAdded } from '../present/messages';
import { voice } from '../present/voice';
import { provideSetDocumentRuleset } from '../features/setDocumentRuleset';
import {
  type AddToDictionaryArgs,
  type AddToDictionaryResult,
  type CommandSignatures,
  Commands,
  type ReloadProjectArgs,
  type ReloadProjectResult,
  type RollCheckArgs,
  type RollCheckResult,
  type SetDocumentRulesetArgs,
  type SetDocumentRulesetResult,
} from '../protocol';
import { fileUri } from '../workspace/folders';
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
    const analyzed = await s.analyses.get(document);
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
    await Promise.all(inFolders.map(async (d) => ((await s.isServed(d)) ? s.analyses.get(d) : undefined)));
    const files = (await Promise.all(checks)).reduce((sum, n) => sum + n, 0);
    return { folders: reloaded, files };
  });
}

/** Each command's implementation, by id: the dispatch `CommandSignatures` types. */
export const commands: { [C in keyof CommandSignatures]: (s: Session, args: CommandSignatures[C]['args']) => Promise<CommandSignatures[C]['result']> } = {
  [Commands.rollCheck]: rollCheck,
  [Commands.addToDictionary]: addToDictionary,
  [Commands.reloadProject]: reloadProject,
  [Commands.setDocumentRuleset]: setDocumentRuleset,
};
