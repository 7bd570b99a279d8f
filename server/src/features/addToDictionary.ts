import { isMap, isSeq, parseDocument, stringify, type YAMLSeq } from 'yaml';
import { parseDictionary } from '../analysis/workspaceConfig';
import type { AddToDictionaryArgs } from '../protocol';

/** Why arguments or the dictionary file were refused; the server answers with an LSP error. */
export class DictionaryError extends Error {}

export function parseDictionaryArgs(raw: unknown): AddToDictionaryArgs {
  if (typeof raw !== 'object' || raw === null) throw new DictionaryError('expected one argument {uri, term}');
  const a = raw as Record<string, unknown>;
  if (typeof a.uri !== 'string' || a.uri === '') throw new DictionaryError('"uri" must be a document URI');
  if (typeof a.term !== 'string' || a.term.trim() === '' || /[\r\n]/.test(a.term)) throw new DictionaryError('"term" must be a one-line, non-empty string');
  return { uri: a.uri, term: a.term.trim() };
}

const HEADER = '# Rollmark project dictionary: traits every ruleset accepts in this workspace.\n';

/**
 * The dictionary file with one more term. The file is edited as a YAML document, so the
 * author's comments and layout survive; a new file is a commented list. The file's own
 * shape (a list, or `traits: [...]`) is kept.
 */
export function addTermToDictionary(existing: string | undefined, term: string): { text: string; added: boolean } {
  if (existing === undefined || existing.trim() === '') return { text: HEADER + stringify([term]), added: true };
  const parsed = parseDictionary(existing, 'en');
  if (parsed.diagnostics.length > 0) throw new DictionaryError(`the dictionary file has problems: ${parsed.diagnostics[0].message}`);
  if (parsed.terms.includes(term)) return { text: existing, added: false };
  const doc = parseDocument(existing);
  // Only comments so far: the list starts after them.
  if (doc.contents === null) return { text: `${existing.replace(/\n?$/, '\n')}${stringify([term])}`, added: true };
  let list: YAMLSeq | undefined;
  if (isSeq(doc.contents)) list = doc.contents;
  else if (isMap(doc.contents)) {
    for (const key of ['traits', 'terms', 'термины', 'черты']) {
      const value = doc.contents.get(key, true);
      if (isSeq(value)) {
        list = value;
        break;
      }
    }
  }
  if (!list) throw new DictionaryError('the dictionary file is neither a list nor "traits: [...]"');
  list.add(doc.createNode(term));
  return { text: doc.toString(), added: true };
}
