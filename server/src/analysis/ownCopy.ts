/**
 * A copy of a piece of a document's text that does not share memory with the document. V8 makes
 * `text.slice()` a view of the whole string: a block's text, a heading's title or a table's key
 * kept as a slice would keep every old version of a long document alive for as long as it is (a
 * 10 MB book: 11 MB a version).
 */
export function ownCopy(text: string): string {
  // Concatenation then slice makes V8 flatten into a new string of the piece's size.
  return ` ${text}`.slice(1);
}
