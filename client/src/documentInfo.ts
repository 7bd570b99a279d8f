/** Asks the server about one document (`rollmark/documentInfo`, `rollmark/unservedDocument`) and about the rulesets (`rollmark/rulesets`). */
import type { BaseLanguageClient } from 'vscode-languageclient/node';
import {
  type DocumentChecksQuery,
  type DocumentInfo,
  type DocumentInfoParams,
  Requests,
  type RulesetChoice,
  type RulesetsParams,
  type RulesetsResult,
  type UnservedDocumentInfo,
} from '../../server/src/protocol';

function isDocumentInfo(value: unknown): value is DocumentInfo {
  if (typeof value !== 'object' || value === null) return false;
  const info = value as Partial<DocumentInfo>;
  return typeof info.uri === 'string' && typeof info.ruleset === 'string' && typeof info.title === 'string' && Array.isArray(info.rulesets) && Array.isArray(info.checks);
}

/**
 * The document's ruleset and the rulesets it may choose, and the one check `checks` names
 * (none without it: the status bar and the ruleset pickers need none); undefined when the
 * server does not serve the document, does not know the request, or fails.
 */
export async function requestDocumentInfo(client: BaseLanguageClient | undefined, uri: string, checks?: DocumentChecksQuery): Promise<DocumentInfo | undefined> {
  if (!client?.isRunning()) return undefined;
  const params: DocumentInfoParams = checks ? { textDocument: { uri }, checks } : { textDocument: { uri } };
  try {
    const info: unknown = await client.sendRequest(Requests.documentInfo, params);
    return isDocumentInfo(info) ? info : undefined;
  } catch {
    return undefined;
  }
}

function isRulesetsResult(value: unknown): value is RulesetsResult {
  return typeof value === 'object' && value !== null && Array.isArray((value as Partial<RulesetsResult>).rulesets);
}

/** The rulesets a document (or a folder) may choose, with their titles; undefined when the server cannot be asked. */
export async function requestRulesets(client: BaseLanguageClient | undefined, uri: string | undefined): Promise<RulesetChoice[] | undefined> {
  if (!client?.isRunning()) return undefined;
  const params: RulesetsParams = uri ? { uri } : {};
  try {
    const result: unknown = await client.sendRequest(Requests.rulesets, params);
    return isRulesetsResult(result) ? result.rulesets : undefined;
  } catch {
    return undefined;
  }
}

function isUnservedInfo(value: unknown): value is UnservedDocumentInfo {
  if (typeof value !== 'object' || value === null) return false;
  const info = value as Partial<UnservedDocumentInfo>;
  return typeof info.uri === 'string' && typeof info.checks === 'number' && typeof info.looksLikeScenario === 'boolean';
}

/** Whether a document the server does not serve holds checks; undefined when it is served, or the server cannot say. */
export async function requestUnservedInfo(client: BaseLanguageClient | undefined, uri: string): Promise<UnservedDocumentInfo | undefined> {
  if (!client?.isRunning()) return undefined;
  const params: DocumentInfoParams = { textDocument: { uri } };
  try {
    const info: unknown = await client.sendRequest(Requests.unservedDocument, params);
    return isUnservedInfo(info) ? info : undefined;
  } catch {
    return undefined;
  }
}
