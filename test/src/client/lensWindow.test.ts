/**
 * The window of lines whose code lenses the editor gets (client/src/lensWindow.ts): what it shows
 * and three screens either side (at least 60 lines), renewed when the view nears its edge.
 */
import * as assert from 'node:assert/strict';
import { inWindow, lensWindow, stillCovers } from '../../../client/src/lensWindow';

describe('client: the code-lens window', () => {
  it('reaches three screens above and below what is shown, within the document', () => {
    assert.deepEqual(lensWindow([{ start: 1000, end: 1039 }], 5000), [{ start: 880, end: 1159 }]);
    assert.deepEqual(lensWindow([{ start: 10, end: 49 }], 100), [{ start: 0, end: 99 }]);
  });

  it('keeps at least 60 lines either side of a short view (a paragraph is one long line)', () => {
    assert.deepEqual(lensWindow([{ start: 500, end: 504 }], 5000), [{ start: 440, end: 564 }]);
  });

  it('joins the windows of two editors on one document when they meet, and keeps them apart when not', () => {
    assert.deepEqual(lensWindow([{ start: 200, end: 219 }, { start: 100, end: 119 }], 5000), [{ start: 40, end: 279 }]);
    assert.deepEqual(lensWindow([{ start: 100, end: 119 }, { start: 3000, end: 3019 }], 5000), [
      { start: 40, end: 179 },
      { start: 2940, end: 3079 },
    ]);
  });

  it('says which lines are in the window', () => {
    const window = lensWindow([{ start: 100, end: 119 }, { start: 3000, end: 3019 }], 5000);
    assert.deepEqual([39, 40, 179, 180, 2939, 2940, 3079, 3080].map((line) => inWindow(window, line)), [false, true, true, false, false, true, true, false]);
  });

  it('is renewed when the view comes within a third of the margin of its edge, not before', () => {
    const window = lensWindow([{ start: 1000, end: 1039 }], 5000);
    // 120 lines of margin: renewed once fewer than 40 are left below (or above).
    assert.equal(stillCovers(window, [{ start: 1080, end: 1119 }], 5000), true);
    assert.equal(stillCovers(window, [{ start: 1081, end: 1120 }], 5000), false);
    assert.equal(stillCovers(window, [{ start: 920, end: 959 }], 5000), true);
    assert.equal(stillCovers(window, [{ start: 919, end: 958 }], 5000), false);
  });

  it('is not renewed at the document’s edge, where the window stops too', () => {
    const window = lensWindow([{ start: 4950, end: 4989 }], 5000);
    assert.deepEqual(window, [{ start: 4830, end: 4999 }]);
    assert.equal(stillCovers(window, [{ start: 4960, end: 4999 }], 5000), true);
  });
});
