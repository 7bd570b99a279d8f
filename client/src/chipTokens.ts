/**
 * The preview plugin's work on markdown-it's tokens, apart from VS Code (so that tests run it on
 * a real markdown-it): each check's text is found in a paragraph's tokens and wrapped as a chip.
 */
import { type CheckChip, chipMarkup } from '../../server/src/protocol';

/** The few parts of markdown-it the plugin touches (the preview passes its own instance). */
export interface MarkdownToken {
  type: string;
  content: string;
  map: [number, number] | null;
  children: MarkdownToken[] | null;
}

/** markdown-it's Token class: the plugin makes text and HTML tokens like the parser's. */
export type TokenClass = new (type: string, tag: string, nesting: number) => MarkdownToken;

/** What VS Code's preview passes when it renders: the document (a `vscode.Uri`). Parsing gets no document. */
export interface RenderEnv {
  currentDocument?: { toString(): string };
}

export interface MarkdownIt {
  renderer: { render(tokens: MarkdownToken[], options: unknown, env: RenderEnv | undefined): string };
}

/** Text with every run of white space as one space, and where each of its characters was. */
function collapse(text: string): { text: string; at: number[] } {
  let out = '';
  const at: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (/\s/.test(text[i])) {
      if (out.endsWith(' ')) continue;
      out += ' ';
    } else {
      out += text[i];
    }
    at.push(i);
  }
  return { text: out, at };
}

/**
 * Wraps each chip's check among an inline token's children: the children's text is searched
 * (line breaks and indentation as single spaces, code spans never matching), and an opening and
 * a closing HTML token are put right before the check's « and right after its », splitting text
 * tokens there, so that the chip nests inside any emphasis around the check. A check the parse
 * changed (an escape, emphasis inside it) is not found and keeps its plain text.
 */
export function wrapChecks(children: MarkdownToken[], chips: readonly CheckChip[], Token: TokenClass): MarkdownToken[] {
  let flat = '';
  const starts: number[] = [];
  for (const child of children) {
    starts.push(flat.length);
    if (child.type === 'text') flat += child.content;
    else if (child.type === 'softbreak' || child.type === 'hardbreak') flat += '\n';
    // A check in a code span is code, not a check: the separator matches nothing.
    else if (child.type === 'code_inline') flat += '\u0000';
  }
  const haystack = collapse(flat);
  /** Each insertion at the character it sits before (an opening: the «) or after (a closing: the »). */
  const inserts: { at: number; before: boolean; html: string }[] = [];
  let from = 0;
  for (const chip of chips) {
    const needle = collapse(chip.text).text;
    const found = haystack.text.indexOf(needle, from);
    if (found < 0) continue;
    from = found + needle.length;
    const { open, close } = chipMarkup(chip);
    inserts.push({ at: haystack.at[found], before: true, html: open }, { at: haystack.at[found + needle.length - 1], before: false, html: close });
  }
  if (inserts.length === 0) return children;
  const text = (content: string) => Object.assign(new Token('text', '', 0), { content });
  const html = (content: string) => Object.assign(new Token('html_inline', '', 0), { content });
  const out: MarkdownToken[] = [];
  let next = 0;
  children.forEach((child, i) => {
    const start = starts[i];
    const end = i + 1 < starts.length ? starts[i + 1] : flat.length;
    if (child.type !== 'text') {
      out.push(child);
      return;
    }
    let cut = start;
    while (next < inserts.length && inserts[next].at < end) {
      const { at, before, html: markup } = inserts[next++];
      const offset = before ? at : at + 1;
      if (offset > cut) out.push(text(child.content.slice(cut - start, offset - start)));
      out.push(html(markup));
      cut = offset;
    }
    if (end > cut) out.push(text(child.content.slice(cut - start)));
  });
  return out;
}

/** The index of the first chip starting on `line` or later (chips are in document order). */
function firstChipFrom(chips: readonly CheckChip[], line: number): number {
  let low = 0;
  let high = chips.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (chips[middle].range.start.line < line) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The tokens with the chips' checks wrapped in every paragraph (inline token) whose lines hold
 * them. The preview keeps its parsed tokens between renders: these are copies, never changed.
 * Each paragraph's chips are found by a binary search, not by reading them all: a long book has
 * tens of thousands of paragraphs and of checks.
 */
export function decoratedTokens(tokens: readonly MarkdownToken[], chips: readonly CheckChip[]): MarkdownToken[] {
  return tokens.map((token) => {
    if (token.type !== 'inline' || !token.map || !token.children || token.children.length === 0) return token;
    const [first, last] = token.map;
    const start = firstChipFrom(chips, first);
    let end = start;
    while (end < chips.length && chips[end].range.start.line < last) end++;
    const here = chips.slice(start, end);
    if (here.length === 0) return token;
    const Token = token.constructor as TokenClass;
    return Object.assign(Object.create(Object.getPrototypeOf(token) as object) as MarkdownToken, token, { children: wrapChecks(token.children, here, Token) });
  });
}
