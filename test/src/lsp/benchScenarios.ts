/**
 * bench/generateScenario.mjs (plain ESM, no types): the realistic text the benchmarks use, and
 * its seeded random source, so that tests replay the same inputs on every run.
 */
export interface BenchScenarios {
  generateScenario(bytes: number, seed?: number): string;
  seededRandom(seed: number): () => number;
}

function isBenchScenarios(module: unknown): module is BenchScenarios {
  return (
    typeof module === 'object' &&
    module !== null &&
    'generateScenario' in module &&
    typeof module.generateScenario === 'function' &&
    'seededRandom' in module &&
    typeof module.seededRandom === 'function'
  );
}

export async function loadBenchScenarios(): Promise<BenchScenarios> {
  // A variable specifier keeps TypeScript from looking for a declaration file; Node resolves it
  // relative to the compiled test (test/out/lsp), which is as deep as this source.
  const specifier = '../../../bench/generateScenario.mjs';
  const module: unknown = await import(specifier);
  if (isBenchScenarios(module)) return module;
  throw new Error(`${specifier} does not export generateScenario and seededRandom`);
}
