/** Asks the server about one document (`rollmark/documentInfo`). */
import type { BaseLanguageClient } from 'vscode-languageclient/node';
import { type DocumentChecksQuery, type DocumentInfo, type DocumentInfoParams, Requests } from '../../server/src/protocol';

function isDocumentInfo(value: unknown): value is DocumentInfo {
  if (typeof value !== 'object' || value === null) return false;
  const info = value as Partial<DocumentInfo>;
  return typeof info.uri === 'string' && typeof info.ruleset === 'string' && typeof info.title === 'string' && Array.isArray(info.rulesets) && Array.isArray(info.checks);
}

/**
 * The document's ruleset and the rulesets it may choose, and the one check `checks` names
 * (none without it: the status bar and the ruleset pickers need none); undefined when the
 * server does not have the document open, does not know the request, or fails.
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
