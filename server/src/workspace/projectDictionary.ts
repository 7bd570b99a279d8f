/**
 * "Add to project dictionary" (`rollmark.addToDictionary`): one term more in the project's
 * dictionary file. The file is the author's: the term is inserted as one new list item and
 * every other byte stays as written (comments, flow or block lists, quoting, folded scalars,
 * line endings; the BOM is kept by the file layer). The read, the merge and the write are one
 * edit under the file's lock, shared with every other process (node/projectFs.ts): two
 * editors adding terms to one dictionary at once lose none. A term longer than
 * {@link MAX_TERM_LENGTH} characters, or a dictionary that would outgrow what is read of it, is refused.
 */
import { isMap, isSeq, parseDocument, type YAMLSeq } from 'yaml';
import { utf8Bytes } from '../analysis/project/fileRefusal';
import type { DictionaryEditProblem } from '../analysis/diagnosticCatalog';
import { parseDictionary } from '../analysis/project/workspaceConfig';
import { MAX_RULESET_CHARS } from '../engine/rulesetLoader';
import { FileRefusedError, MAX_PROJECT_FILE_BYTES, type ProjectFiles } from './projectFiles';

/** The longest term the dictionary takes, in characters: a trait's name, not a paragraph. */
export const MAX_TERM_LENGTH = 100;

/** A term the dictionary does not take, or a file it cannot be added to; present/messages.ts words why. */
export class DictionaryProblemError extends Error {
  constructor(readonly problem: DictionaryEditProblem) {
    super(`the term was not added: ${problem.id}`);
    this.name = 'DictionaryProblemError';
  }
}

const LIST_KEYS = ['traits', 'terms', 'термины', 'черты'];
const BY_HAND: DictionaryEditProblem = { id: 'byHand' };

/** Whether `text` reads as exactly these terms, with no problem. */
function readsAs(text: string, terms: readonly string[]): boolean {
  const parsed = parseDictionary(text);
  return parsed.diagnostics.length === 0 && parsed.terms.length === terms.length && parsed.terms.every((t, i) => t === terms[i]);
}

/** The term as a YAML scalar for a block or a flow list: plain where it reads back as itself, else double-quoted. */
function scalar(term: string, flow: boolean): string {
  return readsAs(flow ? `[${term}]` : `- ${term}\n`, [term]) ? term : JSON.stringify(term);
}

function listOf(existing: string): YAMLSeq | undefined {
  const contents = parseDocument(existing).contents;
  if (isSeq(contents)) return contents;
  if (isMap(contents)) {
    for (const key of LIST_KEYS) {
      const value = contents.get(key, true);
      if (isSeq(value)) return value;
    }
  }
  return undefined;
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** Where the new item goes and what it says, or undefined when the list's layout gives no model to follow. */
function insertion(text: string, list: YAMLSeq, term: string, eol: string): { at: number; insert: string } | undefined {
  const last = list.items[list.items.length - 1] as { range?: [number, number, number] } | null | undefined;
  const [start, end] = list.range ?? [0, 0];
  if (list.flow) {
    const close = text.lastIndexOf(']', end);
    if (close < start) return undefined;
    if (!last?.range) return { at: close, insert: scalar(term, true) };
    const itemStart = last.range[0];
    const from = lineStart(text, itemStart);
    // One item per line: the new one on a line of its own, indented like the last.
    const ownLine = /^[ \t]*$/.test(text.slice(from, itemStart)) && text.slice(start, itemStart).includes('\n');
    return { at: last.range[1], insert: ownLine ? `,${eol}${text.slice(from, itemStart)}${scalar(term, true)}` : `, ${scalar(term, true)}` };
  }
  if (!last?.range) return undefined;
  const from = lineStart(text, last.range[0]);
  const marker = text.slice(from, last.range[0]);
  if (!/^[ \t]*-[ \t]+$/.test(marker)) return undefined;
  const valueEnd = last.range[1];
  if (text[valueEnd - 1] === '\n') return { at: valueEnd, insert: `${marker}${scalar(term, false)}${eol}` };
  const lineEnd = text.indexOf('\n', valueEnd);
  if (lineEnd < 0) return { at: text.length, insert: `${eol}${marker}${scalar(term, false)}${eol}` };
  return { at: lineEnd + 1, insert: `${marker}${scalar(term, false)}${eol}` };
}

/**
 * The dictionary file with one more term; `added` is false when it was there already. A new
 * (or empty) file is a list under the comment `header` (present/ words it). Throws {@link DictionaryProblemError} when the file has
 * problems or a shape the term cannot be added to without rewriting the author's text.
 */
export function addTermToDictionary(existing: string | undefined, term: string, header: string): { text: string; added: boolean } {
  if (existing === undefined || existing.trim() === '') return { text: `# ${header}\n- ${scalar(term, false)}\n`, added: true };
  const parsed = parseDictionary(existing);
  if (parsed.diagnostics.length > 0) throw new DictionaryProblemError({ id: 'fileHasProblem', problem: parsed.diagnostics[0].message });
  if (parsed.terms.includes(term)) return { text: existing, added: false };
  const eol = existing.includes('\r\n') ? '\r\n' : '\n';
  const expected = [...parsed.terms, term];
  let text: string;
  if (parseDocument(existing).contents === null) {
    // Only comments so far: the list starts after them.
    text = `${existing}${/\r?\n$/.test(existing) ? '' : eol}- ${scalar(term, false)}${eol}`;
  } else {
    const list = listOf(existing);
    if (!list) throw new DictionaryProblemError({ id: 'notAList' });
    const edit = insertion(existing, list, term, eol);
    if (!edit) throw new DictionaryProblemError(BY_HAND);
    text = existing.slice(0, edit.at) + edit.insert + existing.slice(edit.at);
  }
  // Past the bounds the file would no longer be read: every term in it would be lost to the analysis.
  if (text.length > MAX_RULESET_CHARS || utf8Bytes(text) > MAX_PROJECT_FILE_BYTES) throw new DictionaryProblemError({ id: 'tooLarge', limit: MAX_PROJECT_FILE_BYTES });
  // The edit is checked by reading it back: a layout this code misjudged is refused, never written.
  if (!readsAs(text, expected)) throw new DictionaryProblemError(BY_HAND);
  return { text, added: true };
}

/** Why the term was not added, for the message the user reads; undefined for an error that is no problem of the file (a bug). */
export function dictionaryEditProblem(error: unknown): DictionaryEditProblem | undefined {
  if (error instanceof FileRefusedError) return { id: 'refused', refusal: error.refusal };
  return error instanceof DictionaryProblemError ? error.problem : undefined;
}

/** Adds the term to the dictionary at `path` (workspace-relative) of a folder's files; `header` starts a new file. */
export async function addToProjectDictionary(fs: ProjectFiles, path: string, term: string, header: string): Promise<{ added: boolean }> {
  // Characters are code points; a term of more than twice as many UTF-16 units has more than enough of them.
  if (term.length > 2 * MAX_TERM_LENGTH || Array.from(term).length > MAX_TERM_LENGTH) throw new DictionaryProblemError({ id: 'termTooLong', limit: MAX_TERM_LENGTH });
  let added = false;
  await fs.edit(path, (text) => {
    const edited = addTermToDictionary(text, term, header);
    added = edited.added;
    return edited.text;
  });
  return { added };
}
