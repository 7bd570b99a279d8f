/**
 * The edit that makes a document's front matter name a ruleset, computed with the analysis's own
 * front-matter reader (blocks.ts finds the block, frontMatter.ts reads its YAML), so that what
 * the edit touches is exactly what the analysis reads afterwards.
 */
import { findFrontMatter, unclosedFrontMatter } from '../markdown/frontMatterBlock';
import { Lines } from '../markdown/lines';
import { readFrontMatter } from './frontMatter';
import type { TextEdit } from '../types';

export type RulesetEdit =
  | { edit: TextEdit }
  /** The front matter cannot be edited safely: its YAML is broken, or its block is never closed. */
  | { problem: 'malformed' | 'unclosed' };

/**
 * The existing ruleset value is replaced (its key, quotes aside, and comment kept); a block
 * without one gets a `ruleset:` line first; a document without a block gets one at the top,
 * after a byte-order mark. Line breaks follow the document's.
 */
export function rulesetEdit(text: string, rulesetId: string): RulesetEdit {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const block = findFrontMatter(text, start);
  if (block) {
    const raw = readFrontMatter(text, block);
    if (raw.rulesetId) return { edit: { range: raw.rulesetId.range, newText: rulesetId } };
    // A second ruleset key beside a malformed one would be a duplicate key: the author fixes it first.
    if (raw.diagnostics.length > 0) return { problem: 'malformed' };
    const openingEnd = new Lines(text).end(block.range.start);
    return { edit: { range: { start: openingEnd, end: openingEnd }, newText: `${eol}ruleset: ${rulesetId}` } };
  }
  if (unclosedFrontMatter(text, start)) return { problem: 'unclosed' };
  const rest = text.slice(start);
  const separator = rest === '' || rest.startsWith('\n') || rest.startsWith('\r\n') ? '' : eol;
  return { edit: { range: { start, end: start }, newText: `---${eol}ruleset: ${rulesetId}${eol}---${eol}${separator}` } };
}
