import type { Ruleset } from '../../engine/ruleset';
import { parseCheckExpression } from '../check/checkExpression';
import { resolveCheck, type ResolvedCheck } from './resolveCheck';
import { traitIndex } from './traitIndex';

const GUILLEMETS = /^\s*«([\s\S]*)»\s*$/;

/**
 * One check given on its own (the CLI's `odds` and `roll`): with or without its «», inline
 * ratings only, no characters. Ranges are offsets into `text`.
 */
export function analyzeSingleCheck(text: string, ruleset: Ruleset, dictionary: readonly string[] = []): ResolvedCheck {
  const quoted = GUILLEMETS.exec(text);
  const content = quoted ? quoted[1] : text;
  const offset = quoted ? text.indexOf('«') + 1 : 0;
  const ast = parseCheckExpression(content, offset);
  return resolveCheck(ast, content, { ruleset, index: traitIndex(ruleset, dictionary), characters: [] });
}
