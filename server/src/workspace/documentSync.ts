/**
 * Every update of a document counts a revision: a client may send a `didChange` that reuses a
 * version number, and the text changed all the same, so caches go by the revision, not the
 * version. (validate.ts refuses malformed changes before they get here.)
 */
import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';

const revisions = new WeakMap<TextDocument, number>();

/** How many changes the document has had: a new number for every new text, whatever its version says. */
export function revisionOf(document: TextDocument): number {
  return revisions.get(document) ?? 0;
}

/** The document with the changes applied, one revision later. */
export function updatedDocument(document: TextDocument, changes: TextDocumentContentChangeEvent[], version: number): TextDocument {
  const revision = revisionOf(document) + 1;
  const updated = TextDocument.update(document, changes, version);
  revisions.set(updated, revision);
  return updated;
}
