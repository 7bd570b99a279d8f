/**
 * Documents as the client sends them, refusing a `didChange` with a malformed change as a whole.
 * `TextDocument.update` applies the changes one by one, in place: a bad second change would leave
 * the first applied and the text silently different from the client's. Refused, the error is
 * logged (the connection reports a failed notification) and the document keeps its last good
 * version.
 *
 * Every update also counts a revision: a client may send a `didChange` that reuses a version
 * number, and the text changed all the same, so caches go by the revision, not the version.
 */
import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import type { TextDocumentsConfiguration } from 'vscode-languageserver/node';
import { isRange } from '../protocol';

function isContentChange(change: unknown): change is TextDocumentContentChangeEvent {
  if (typeof change !== 'object' || change === null) return false;
  const { text, range } = change as Record<string, unknown>;
  return typeof text === 'string' && (!('range' in change) || isRange(range));
}

const revisions = new WeakMap<TextDocument, number>();

/** How many changes the document has had: a new number for every new text, whatever its version says. */
export function revisionOf(document: TextDocument): number {
  return revisions.get(document) ?? 0;
}

export const checkedTextDocuments: TextDocumentsConfiguration<TextDocument> = {
  create: (uri, languageId, version, content) => TextDocument.create(uri, languageId, version, content),
  update(document, changes, version) {
    const bad = changes.findIndex((change) => !isContentChange(change));
    if (bad >= 0) throw new Error(`content change ${bad} of version ${version} of ${document.uri} is malformed: the whole change is ignored, the document stays at version ${document.version}`);
    const revision = revisionOf(document) + 1;
    const updated = TextDocument.update(document, changes, version);
    revisions.set(updated, revision);
    return updated;
  },
};
