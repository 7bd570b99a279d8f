/**
 * What makes a YAML (or JSON) text too costly to read, and the bounds the parsed data must keep.
 * Shared by ruleset files and the project dictionary: both are read from the workspace, so both
 * may be hostile ("billion laughs", deep nesting, megabytes of values).
 */

/** Larger files are refused unread: a ruleset is a few dozen kilobytes. */
export const MAX_RULESET_CHARS = 1_000_000;
/** YAML aliases allowed per file; far below what a "billion laughs" file needs. */
export const MAX_YAML_ALIASES = 100;
/** Bracket nesting refused before parsing, so hostile input cannot exhaust the parser's stack. */
export const MAX_FLOW_NESTING = 64;
/** Nesting of the parsed value; a valid ruleset needs 4. */
export const MAX_NESTING = 16;
/**
 * Leading indentation (with block indicators `- `, `? `, `: `) a line may have. Block collections
 * nest by indentation, so this bounds their nesting before parsing, as MAX_FLOW_NESTING bounds
 * brackets: the parser recurses per level and a deep enough file exhausts the stack.
 */
export const MAX_INDENT = 256;
/** Values (scalars, lists, mappings) a file may hold: the built-ins hold about 500 each. */
export const MAX_VALUES = 10_000;

/**
 * What makes a YAML (or JSON) text too costly to parse, checked on the text alone: its size,
 * bracket nesting and indentation. `offset` is where the problem is (0 for the size).
 */
export function yamlInputProblem(text: string): { message: string; offset: number } | undefined {
  if (text.length > MAX_RULESET_CHARS) return { message: `the file is too large (${text.length} characters; at most ${MAX_RULESET_CHARS})`, offset: 0 };
  const tooDeep = flowNestingBeyond(text, MAX_FLOW_NESTING);
  if (tooDeep !== undefined) return { message: `brackets are nested more than ${MAX_FLOW_NESTING} levels deep`, offset: tooDeep };
  const tooFar = indentBeyond(text, MAX_INDENT);
  if (tooFar !== undefined) return { message: `a line is indented more than ${MAX_INDENT} columns: the data is nested too deep`, offset: tooFar };
  return undefined;
}

/** Offset where `[`/`{` nesting first exceeds `max`; quotes are ignored, which can only undercount. */
function flowNestingBeyond(text: string, max: number): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return i;
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) {
      depth--;
    }
  }
  return undefined;
}

/** Offset of the first line whose indentation (with block indicators) exceeds `max` columns. */
function indentBeyond(text: string, max: number): number | undefined {
  let lineStart = 0;
  while (lineStart < text.length) {
    let i = lineStart;
    for (;;) {
      const c = text.charCodeAt(i);
      // A space or tab, or `-`, `?` or `:` followed by a space: a block indicator.
      const indicator = (c === 0x2d || c === 0x3f || c === 0x3a) && (text.charCodeAt(i + 1) === 0x20 || text.charCodeAt(i + 1) === 0x09);
      if (c === 0x20 || c === 0x09) i++;
      else if (indicator) i += 2;
      else break;
    }
    if (i - lineStart > max) return lineStart;
    const next = text.indexOf('\n', i);
    if (next < 0) break;
    lineStart = next + 1;
  }
  return undefined;
}

/** Whether the data holds more than `max` values (each scalar, list and mapping counts one). */
export function valuesExceed(value: unknown, max: number): boolean {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (++count > max) return true;
    if (typeof v === 'object' && v !== null) for (const child of Object.values(v)) stack.push(child);
  }
  return false;
}

/** Whether the data is nested more than `max` levels deep (scalars do not count as a level). */
export function nestingExceeds(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [v, depth] = item;
    if (typeof v !== 'object' || v === null) continue;
    if (depth > max) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}
