import * as assert from 'node:assert/strict';
import { fullCollection, HeapReclaimer } from '../../../server/out/node/heapReclaimer';

const MB = 1024 * 1024;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A heap whose size the test sets, and a collection that brings it back to `live`. */
function fakeHeap(live: number, idle = 20, rest = 10_000) {
  const heap = { used: live, live, collections: 0 };
  const reclaimer = new HeapReclaimer({
    collect: () => {
      heap.collections++;
      heap.used = heap.live;
    },
    heapUsed: () => heap.used,
    threshold: 32 * MB,
    idle,
    rest,
  });
  return { heap, reclaimer };
}

describe('HeapReclaimer', () => {
  it('collects once the work pauses, when the heap grew past the threshold', async () => {
    const { heap, reclaimer } = fakeHeap(60 * MB);
    heap.used = 200 * MB;
    reclaimer.workDone();
    assert.equal(heap.collections, 0, 'not while the work may go on');
    await wait(60);
    assert.equal(heap.collections, 1);
    assert.equal(heap.used, 60 * MB);
  });

  it('does not collect for growth below the threshold, measured from the last collection', async () => {
    const { heap, reclaimer } = fakeHeap(60 * MB);
    heap.used = 91 * MB;
    reclaimer.workDone();
    await wait(60);
    assert.equal(heap.collections, 0);
    heap.used = 93 * MB;
    reclaimer.workDone();
    await wait(60);
    assert.equal(heap.collections, 1, '33 MB over the baseline of 60 MB');
    heap.used = 91 * MB;
    reclaimer.workDone();
    await wait(60);
    assert.equal(heap.collections, 1, 'measured from where the collection left the heap: 60 MB');
    heap.live = 80 * MB;
    heap.used = 93 * MB;
    reclaimer.workDone();
    await wait(60);
    assert.equal(heap.collections, 2);
    heap.used = 111 * MB;
    reclaimer.workDone();
    await wait(60);
    assert.equal(heap.collections, 2, 'now from 80 MB');
  });

  it('waits for the last of a burst of work, and collects once', async () => {
    const { heap, reclaimer } = fakeHeap(60 * MB, 250);
    for (let i = 0; i < 5; i++) {
      heap.used += 20 * MB;
      reclaimer.workDone();
      await wait(5);
    }
    assert.equal(heap.collections, 0);
    await wait(400);
    assert.equal(heap.collections, 1);
  });

  it('collects once more at rest after a collection, and not again until the next one', async () => {
    const { heap, reclaimer } = fakeHeap(60 * MB, 10, 100);
    heap.used = 200 * MB;
    reclaimer.workDone();
    await wait(60);
    assert.equal(heap.collections, 1, 'the collection after the work');
    await wait(150);
    assert.equal(heap.collections, 2, 'the one at rest');
    await wait(250);
    assert.equal(heap.collections, 2, 'at rest once');
    heap.used = 70 * MB;
    reclaimer.workDone();
    await wait(200);
    assert.equal(heap.collections, 2, 'work that collected nothing leaves nothing to do at rest');
  });

  it('puts the collection at rest off while work goes on', async () => {
    const { heap, reclaimer } = fakeHeap(60 * MB, 10, 150);
    heap.used = 200 * MB;
    reclaimer.workDone();
    await wait(60);
    assert.equal(heap.collections, 1);
    for (let i = 0; i < 6; i++) {
      reclaimer.workDone();
      await wait(40);
    }
    assert.equal(heap.collections, 1, 'not while edits keep coming');
    await wait(300);
    assert.equal(heap.collections, 2);
  });

  it('collects nothing after dispose', async () => {
    const { heap, reclaimer } = fakeHeap(60 * MB);
    heap.used = 500 * MB;
    reclaimer.workDone();
    reclaimer.dispose();
    await wait(60);
    assert.equal(heap.collections, 0);
  });

  it("fullCollection gives V8's full collection, which frees unreachable memory", () => {
    const collect = fullCollection();
    assert.equal(typeof collect, 'function');
    collect?.();
    const before = process.memoryUsage().heapUsed;
    let garbage: number[][] | undefined = Array.from({ length: 80 }, (_, i) => new Array<number>(100_000).fill(i));
    assert.ok(process.memoryUsage().heapUsed - before > 50 * MB, 'the garbage was allocated');
    garbage = undefined;
    collect?.();
    assert.equal(garbage, undefined);
    assert.ok(process.memoryUsage().heapUsed - before < 10 * MB, `freed: ${((process.memoryUsage().heapUsed - before) / MB).toFixed(1)} MB left`);
  });
});
