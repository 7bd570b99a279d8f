/**
 * The window of lines whose code lenses the editor gets (client/src/lensWindow.ts): the lens lines
 * on screen, then the nearest ones above and below, up to 12 lines with lenses and at most three
 * screens (at least 60 lines) either side; renewed when the view nears its edge.
 */
import * as assert from 'node:assert/strict';
import { inWindow, lensWindow, MAX_LENS_LINES, stillCovers } from '../../../client/src/lensWindow';

const every = (from: number, to: number, step: number): number[] => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

describe('client: the code-lens window', () => {
  it('takes three screens either side of a sparse scenario: its lenses are few', () => {
    // A lens line every 25 lines: 40 visible lines, 120 either side, 12 lens lines in all.
    assert.deepEqual(lensWindow([{ start: 1000, end: 1039 }], every(0, 4999, 25), 5000), [{ start: 880, end: 1159 }]);
  });

  it('stops at 12 lens lines in a dense book, nearest first, alternately above and below', () => {
    // A lens line every second line: the 5 on screen (500…508), then 498, 510, 496, 512, 494, 514, 492.
    const window = lensWindow([{ start: 500, end: 508 }], every(0, 4999, 2), 5000);
    assert.deepEqual(window, [{ start: 492, end: 514 }]);
    assert.equal(every(0, 4999, 2).filter((line) => inWindow(window, line)).length, MAX_LENS_LINES);
  });

  it('keeps every lens line on screen, even more than 12', () => {
    assert.deepEqual(lensWindow([{ start: 100, end: 139 }], every(0, 999, 1), 1000), [{ start: 100, end: 139 }]);
  });

  it('reaches the document’s edge when no lens is left that way, and at least 60 lines for a short view', () => {
    assert.deepEqual(lensWindow([{ start: 10, end: 49 }], [20, 30], 100), [{ start: 0, end: 99 }]);
    assert.deepEqual(lensWindow([{ start: 500, end: 504 }], [], 5000), [{ start: 440, end: 564 }]);
  });

  it('joins the windows of two editors on one document when they meet, and keeps them apart when not', () => {
    assert.deepEqual(lensWindow([{ start: 200, end: 219 }, { start: 100, end: 119 }], [], 5000), [{ start: 40, end: 279 }]);
    const apart = lensWindow([{ start: 100, end: 119 }, { start: 3000, end: 3019 }], [], 5000);
    assert.deepEqual(apart, [
      { start: 40, end: 179 },
      { start: 2940, end: 3079 },
    ]);
    assert.deepEqual([39, 40, 179, 180, 2939, 2940, 3079, 3080].map((line) => inWindow(apart, line)), [false, true, true, false, false, true, true, false]);
  });

  it('is renewed when the view comes within a third of its height of the window’s edge, not at the document’s edge', () => {
    const window = [{ start: 880, end: 1159 }];
    assert.equal(stillCovers(window, [{ start: 1106, end: 1145 }], 5000), true);
    assert.equal(stillCovers(window, [{ start: 1107, end: 1146 }], 5000), false);
    assert.equal(stillCovers(window, [{ start: 894, end: 933 }], 5000), true);
    assert.equal(stillCovers(window, [{ start: 893, end: 932 }], 5000), false);
    assert.equal(stillCovers([{ start: 4830, end: 4999 }], [{ start: 4960, end: 4999 }], 5000), true);
  });
});
