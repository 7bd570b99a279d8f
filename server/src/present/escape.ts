/**
 * Text from a scenario made safe for where it goes, one function per target:
 * - a terminal (everything `rollmark` prints, cli/main.ts): {@link showControls};
 * - Markdown (the report's `--format md`, hovers): {@link escapeMarkdown} for a scenario's text
 *   inside it, {@link showControls} over a whole hover;
 * - HTML and SVG (the report, the overview, the preview's chips): protocol.ts `escapeHtml` (the
 *   client shares it) for each text, and {@link showControls} over the whole page (Vega escapes
 *   the charts' SVG text itself);
 * - JSON and SARIF: cli/io.ts `toJson`, which writes these characters as JSON escapes.
 * Controls that reorder or rewrite what is shown — the bidirectional overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069: «Trojan Source»), the C0 and C1 controls a terminal obeys —
 * are never passed on raw: they are shown as `\u202E`, which reads as the escape it is and,
 * inside a JSON string, means the very character.
 */

/** Bidirectional overrides, embeddings and isolates; the C0 and C1 controls and DEL (`Cc`); a CRLF, kept whole. */
const CONTROLS = /\r\n|[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu;

/** The line ends and the tab a text keeps; a lone CR would send the cursor back over the line. */
const KEPT = new Set(['\n', '\r\n', '\t']);

/** `\u202E`: the character's code point, four hexadecimal digits. */
function visible(c: string): string {
  return KEPT.has(c) ? c : `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Those controls as visible escapes (but the line feed, CRLF and the tab), every other character as it is: a terminal obeys none of them. */
export function showControls(text: string): string {
  return text.replace(CONTROLS, visible);
}

/** ASCII punctuation Markdown (CommonMark and GFM) reads as markup or raw HTML, `|` (a table's cell) included. */
const MARKDOWN_SIGNIFICANT = /[\\`*_[\]<>&|~#!]/g;

/**
 * A scenario's text as the text of one Markdown line (a table cell, a heading, a list item):
 * shown as written whatever renders it, never as markup or HTML (`<img onerror>` stays text, `|`
 * does not end the cell), on one line, controls visible.
 */
export function escapeMarkdown(text: string): string {
  return showControls(text.replace(/\r\n?|\n/g, ' ')).replace(MARKDOWN_SIGNIFICANT, (c) => `\\${c}`);
}
