/**
 * The Node host of the service (service/host.ts): the disk for `file:` folders, Node's timers (a
 * waiting timer never keeps a process alive: the LSP connection or the CLI's work does), and Web
 * Crypto's generator, which Node ≥ 20 has as `globalThis.crypto` like browsers do.
 */
import { type Clock, cryptoRandom, type FsFactory, type RandomSource } from '../service';
import { diskFiles } from './projectFs';

export const nodeClock: Clock = {
  now: () => performance.now(),
  after(ms, task) {
    const timer = setTimeout(task, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
  // setImmediate runs after pending I/O: a request that arrived meanwhile is served before the work goes on.
  yield: () => new Promise<void>((resolve) => setImmediate(resolve)),
};

export function nodeHost(): { fileSystem: FsFactory; clock: Clock; random: RandomSource } {
  return { fileSystem: diskFiles, clock: nodeClock, random: cryptoRandom(globalThis.crypto) };
}
