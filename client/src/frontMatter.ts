/**
 * Front matter as plain text: cheap enough to run on every keystroke, with no YAML parser and
 * no vscode import, so it is easy to test. It only finds the `ruleset` line; the server does the
 * real parsing (and reports malformed front matter).
 */

/** The keys that name the ruleset, as the server accepts them. */
export const RULESET_KEYS = ['ruleset', 'система', 'правила'] as const;

/** How far to look for the end of the front matter: a block longer than this is not one. */
const MAX_FRONT_MATTER_LINES = 200;

const OPENING = /^---[ \t]*$/;
const CLOSING = /^(?:---|\.\.\.)[ \t]*$/;
const RULESET_LINE = new RegExp(`^(${RULESET_KEYS.join('|')})[ \\t]*:(.*)$`);

interface Line {
  text: string;
  start: number;
  /** Offset just past the line's text (before its line break). */
  end: number;
}

function linesOf(text: string, limit: number): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start <= text.length && lines.length < limit) {
    const newline = text.indexOf('\n', start);
    const stop = newline < 0 ? text.length : newline;
    const end = stop > start && text[stop - 1] === '\r' ? stop - 1 : stop;
    lines.push({ text: text.slice(start, end), start, end });
    if (newline < 0) break;
    start = newline + 1;
  }
  return lines;
}

export interface FrontMatterBlock {
  /** The opening `---` line. */
  opening: Line;
  /** The closing `---`/`...` line; undefined when the block is not closed. */
  closing?: Line;
  /** The first top-level `ruleset:` line, with the key as written and the value trimmed. */
  ruleset?: { line: Line; key: string; value: string };
}

/** The front matter at the top of `text` (after a BOM), or undefined when there is none. */
export function findFrontMatter(text: string): FrontMatterBlock | undefined {
  const lines = linesOf(text, MAX_FRONT_MATTER_LINES + 2);
  const first = lines[0];
  if (!first) return undefined;
  const bom = first.text.startsWith('\uFEFF') ? 1 : 0;
  if (!OPENING.test(first.text.slice(bom))) return undefined;
  const opening: Line = { text: first.text.slice(bom), start: first.start + bom, end: first.end };
  const block: FrontMatterBlock = { opening };
  for (const line of lines.slice(1)) {
    if (CLOSING.test(line.text)) {
      block.closing = line;
      break;
    }
    const match = block.ruleset ? null : RULESET_LINE.exec(line.text);
    if (match) block.ruleset = { line, key: match[1] ?? 'ruleset', value: unquote((match[2] ?? '').replace(/\s#.*$/, '').trim()) };
  }
  return block;
}

function unquote(value: string): string {
  return /^(["']).*\1$/.test(value) ? value.slice(1, -1) : value;
}

/**
 * Whether the document names a ruleset in a closed front matter block: the test behind
 * `rollmark.markdown.enable: withRuleset`. Only the start of the text is needed.
 */
export function namesRuleset(text: string): boolean {
  const block = findFrontMatter(text);
  return block?.closing !== undefined && block.ruleset !== undefined && block.ruleset.value !== '';
}

/** A replacement of `[start, end)` of the text by `newText`. */
export interface TextReplacement {
  start: number;
  end: number;
  newText: string;
}

/**
 * The edit that makes the front matter name `rulesetId`: the existing `ruleset:` line is
 * rewritten (its key kept), or a `ruleset:` line is added at the top of the block, or a new
 * block is created at the top of the document. Line breaks follow the document's.
 */
export function rulesetEdit(text: string, rulesetId: string): TextReplacement {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const block = findFrontMatter(text);
  if (block?.ruleset) {
    const { line, key } = block.ruleset;
    const comment = /\s#.*$/.exec(line.text.slice(key.length))?.[0] ?? '';
    return { start: line.start, end: line.end, newText: `${key}: ${rulesetId}${comment}` };
  }
  if (block) return { start: block.opening.end, end: block.opening.end, newText: `${eol}ruleset: ${rulesetId}` };
  const at = text.startsWith('\uFEFF') ? 1 : 0;
  const rest = text.slice(at);
  const separator = rest === '' || rest.startsWith('\n') || rest.startsWith('\r\n') ? '' : eol;
  return { start: at, end: at, newText: `---${eol}ruleset: ${rulesetId}${eol}---${eol}${separator}` };
}
