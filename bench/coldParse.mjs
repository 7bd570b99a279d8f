// remark-parse's first parse of a file in a fresh process: the anchor for a fresh language
// server's first document (bench/run.mjs). Prints one JSON object: the parse's wall time and this
// thread's CPU time (Linux schedstat; undefined elsewhere), in ms, the loading of remark-parse
// itself left out, as the server's figures leave out its start.
//
//   node bench/coldParse.mjs path/to/file.md
import { readFileSync } from 'node:fs';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

const cpuMs = () => {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ')[0]) / 1e6;
  } catch {
    return undefined;
  }
};
const text = readFileSync(process.argv[2], 'utf8');
const parser = unified().use(remarkParse);
const c0 = cpuMs();
const t0 = performance.now();
parser.parse(text);
const wall = performance.now() - t0;
const c1 = cpuMs();
process.stdout.write(JSON.stringify({ wall, cpu: c0 === undefined ? undefined : c1 - c0 }));
