/**
 * The position markers every test text uses (markers.ts): a wrong offset here would shift the
 * expected range of every test that relies on them, so the parser is checked on its own.
 */
import * as assert from 'node:assert/strict';
import { markedCursor, markedCursors, markedRange, parseMarkers } from './markers';

describe('test markers ⟦…⟧', () => {
  it('reads nested ranges in the order their ⟦ appear, as offsets into the plain text', () => {
    assert.deepEqual(parseMarkers('«⟦Сила + ⟦Атлетика⟧⟧ (⟦сложность 2⟧)»'), {
      text: '«Сила + Атлетика (сложность 2)»',
      ranges: [
        { start: 1, end: 16 },
        { start: 8, end: 16 },
        { start: 18, end: 29 },
      ],
    });
  });

  it('reads ⟦⟧ as an empty range, and leaves [[ and ]] as text', () => {
    assert.deepEqual(parseMarkers('[[1, 2]]⟦⟧ и ⟦⟦⟧x⟧'), {
      text: '[[1, 2]] и x',
      ranges: [
        { start: 8, end: 8 },
        { start: 11, end: 12 },
        { start: 11, end: 11 },
      ],
    });
  });

  it('counts UTF-16 code units, as LSP and the analysis do', () => {
    assert.deepEqual(markedRange('😀 ⟦Сила⟧'), { text: '😀 Сила', range: { start: 3, end: 7 } });
  });

  it('fails the test on unbalanced markers, saying where', () => {
    assert.throws(() => parseMarkers('Сила ⟦+ ⟦Атлетика⟧'), { message: 'test bug: ⟦ at 5 is never closed in "Сила ⟦+ ⟦Атлетика⟧"' });
    assert.throws(() => parseMarkers('Сила⟧'), { message: 'test bug: ⟧ at 4 closes no ⟦ in "Сила⟧"' });
  });

  it('gives the only range or cursor, and fails when there is not exactly one', () => {
    assert.deepEqual(markedCursor('«Сила + ⟦⟧'), { text: '«Сила + ', offset: 8 });
    assert.deepEqual(markedCursors('⟦⟧а⟦⟧'), { text: 'а', offsets: [0, 1] });
    assert.throws(() => markedRange('Сила'), { message: 'test bug: expected exactly one ⟦…⟧, found 0, in "Сила"' });
    assert.throws(() => markedCursor('⟦⟧а⟦⟧'), { message: 'test bug: expected exactly one cursor ⟦⟧, found 2, in "⟦⟧а⟦⟧"' });
    assert.throws(() => markedCursor('⟦Сила⟧'), { message: 'test bug: expected only cursors ⟦⟧, found a range "Сила" in "⟦Сила⟧"' });
  });
});
