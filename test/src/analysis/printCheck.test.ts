/**
 * The parser tests compare printed ASTs (printCheck.ts), so the printing must show every fact of
 * an AST: changing any one field of a parsed check, or leaving an optional one out, changes it.
 */
import * as assert from 'node:assert/strict';
import { parseCheckExpression } from '../../../server/src/analysis/check/checkExpression';
import { CONTENT_OFFSET, printAst } from './printCheck';

type Path = (string | number)[];

/** Every field under `value` that holds a number, a string or a boolean, and every optional object field. */
function fields(value: unknown, path: Path = []): Path[] {
  if (typeof value !== 'object' || value === null) return [path];
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, i) => [i, item]) : Object.entries(value);
  return entries.flatMap(([key, inner]) => fields(inner, [...path, key]));
}

/** A deep copy of `ast` with the field at `path` changed to another value of its type. */
function changed<T>(ast: T, path: Path): T {
  const copy = structuredClone(ast);
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const key = path[path.length - 1];
  const value = parent[key];
  parent[key] = typeof value === 'number' ? (Number.isNaN(value) ? 0 : value + 1) : typeof value === 'string' ? `${value}x` : !value;
  return copy;
}

/** Copies of `ast` each without one of its optional fields (those the AST leaves out when unwritten). */
function withoutOptional<T>(ast: T): { path: Path; copy: T }[] {
  const optional = new Set(['actor', 'versus', 'range', 'paramsRange', 'rating', 'specialty', 'signRange', 'countRange', 'param', 'reason']);
  const out: { path: Path; copy: T }[] = [];
  const walk = (value: unknown, path: Path): void => {
    if (typeof value !== 'object' || value === null) return;
    for (const [key, inner] of Object.entries(value)) {
      // The content's and a term's range are not optional; a side's is.
      const isOptional = optional.has(key) && !(key === 'range' && path[path.length - 2] !== 'sides');
      if (isOptional) {
        const copy = structuredClone(ast);
        let parent = copy as Record<string, unknown>;
        for (const step of path) parent = parent[step] as Record<string, unknown>;
        delete parent[key];
        out.push({ path: [...path, key], copy });
      }
      walk(inner, [...path, key]);
    }
  };
  walk(ast, []);
  return out;
}

describe('printCheck: the printed AST shows every field', () => {
  const contents = [
    'Катастрофа: Сила 3 [Ножи] + Атлетика − 2 (сложность 6, 2 Помехи, снова-9) против Ловкость (10 успехов; Сила Воли; длительное)',
    'Сила ++ Атлетика [ ] (сложность два, трудность 3',
    '  ',
  ];
  for (const content of contents) {
    it(`«${content}»`, () => {
      const ast = parseCheckExpression(content, CONTENT_OFFSET);
      const printed = printAst(ast, content, CONTENT_OFFSET);
      const paths = fields(ast);
      assert.ok(paths.length > 0);
      for (const path of paths) assert.notEqual(printAst(changed(ast, path), content, CONTENT_OFFSET), printed, `changing ${path.join('.')} does not show`);
      for (const { path, copy } of withoutOptional(ast)) assert.notEqual(printAst(copy, content, CONTENT_OFFSET), printed, `leaving out ${path.join('.')} does not show`);
    });
  }

  it('shows a field the AST types do not have, and one set to undefined', () => {
    const content = 'Сила';
    const ast = parseCheckExpression(content, CONTENT_OFFSET);
    assert.equal(printAst(ast, content, CONTENT_OFFSET), 'side ‹Сила›0: trait ‹Сила›0');
    const extra = structuredClone(ast);
    Object.assign(extra.sides[0].terms[0], { signRange: undefined, weight: 1 });
    assert.equal(printAst(extra, content, CONTENT_OFFSET), 'side ‹Сила›0: trait ‹Сила›0 {odd: signRange, weight}');
  });
});
