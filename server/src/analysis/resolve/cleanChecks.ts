/**
 * What a check without diagnostics resolved to, by its content, per context: a book writes the
 * same check many times (the bench's 1 MB scenario: 1,829 checks, half of them repeats), and
 * resolving one was a large part of the analysis after the Markdown parse (issue 24). Only checks
 * without diagnostics are kept: their result holds no range, so it is the same at every
 * occurrence. Keyed, as lazyCheck.ts's shared specs, by the context's character sheets, one array
 * per ruleset, dictionary and front matter.
 */
import type { CheckSpec } from '../../engine/checkSpec';
import { ownCopy } from '../ownCopy';
import type { CheckContext } from './resolveContext';

export interface CleanCheck {
  spec: CheckSpec | undefined;
  actor: string | undefined;
  /** Whether the party is asked about it (party.ts `hasParty`): its odds are read when needed (lazyCheck.ts). */
  party: boolean;
}

const cleanByContent = new WeakMap<CheckContext['characters'], Map<string, CleanCheck>>();
/** Past this many checks a context's table starts afresh: a saving, never a requirement. */
const CLEAN_TABLE_LIMIT = 10_000;

export function knownCleanCheck(context: CheckContext, content: string): CleanCheck | undefined {
  return cleanByContent.get(context.characters)?.get(content);
}

export function rememberCleanCheck(context: CheckContext, content: string, check: CleanCheck): void {
  let table = cleanByContent.get(context.characters);
  if (!table) {
    table = new Map();
    cleanByContent.set(context.characters, table);
  }
  if (table.size >= CLEAN_TABLE_LIMIT) table.clear();
  // A copy of the content as the key: the content is a slice of its block's text, which the key would keep.
  table.set(ownCopy(content), check);
}
