/** Asks the server about one document (`rollmark/documentInfo`, `rollmark/unservedDocument`), about the rulesets (`rollmark/rulesets`) and the parties (`rollmark/parties`). */
import type { BaseLanguageClient } from 'vscode-languageclient';
import {
  type DocumentChecksQuery,
  type DocumentInfo,
  DocumentInfoRequest,
  type PartiesResult,
  PartiesRequest,
  type RulesetChoice,
  RulesetsRequest,
  type UnservedDocumentInfo,
  UnservedDocumentRequest,
} from '../../server/src/protocol';

/** The answer, or undefined when the server is not running or fails (restarting, the document closed meanwhile). */
async function ask<R>(client: BaseLanguageClient | undefined, request: (client: BaseLanguageClient) => Promise<R>): Promise<R | undefined> {
  if (!client?.isRunning()) return undefined;
  try {
    return await request(client);
  } catch {
    return undefined;
  }
}

/**
 * The document's ruleset and the rulesets it may choose, and the one check `checks` names
 * (none without it: the status bar and the ruleset pickers need none); undefined when the
 * server does not serve the document, does not know the request, or fails.
 */
export async function requestDocumentInfo(client: BaseLanguageClient | undefined, uri: string, checks?: DocumentChecksQuery): Promise<DocumentInfo | undefined> {
  return (await ask(client, (c) => c.sendRequest(DocumentInfoRequest, { textDocument: { uri }, ...(checks ? { checks } : {}) }))) ?? undefined;
}

/** The rulesets a document (or a folder) may choose, with their titles; undefined when the server cannot be asked. */
export async function requestRulesets(client: BaseLanguageClient | undefined, uri: string | undefined): Promise<RulesetChoice[] | undefined> {
  return (await ask(client, (c) => c.sendRequest(RulesetsRequest, uri ? { uri } : {})))?.rulesets;
}

/** Whether a document the server does not serve holds checks; undefined when it is served, or the server cannot say. */
export async function requestUnservedInfo(client: BaseLanguageClient | undefined, uri: string): Promise<UnservedDocumentInfo | undefined> {
  return (await ask(client, (c) => c.sendRequest(UnservedDocumentRequest, { textDocument: { uri } }))) ?? undefined;
}

/** A folder's parties and the active one, for a document of it; undefined when the server cannot be asked. */
export async function requestParties(client: BaseLanguageClient | undefined, uri: string): Promise<PartiesResult | undefined> {
  return ask(client, (c) => c.sendRequest(PartiesRequest, { uri }));
}
