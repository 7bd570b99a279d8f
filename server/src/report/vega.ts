// Vega-Lite and Vega, which draw the report's charts: a third of the server's weight that only a
// report needs. The bundles load this module on first use from a file of its own (esbuild.mjs:
// dist/vega.js). Both are ES modules with top-level await, which only import() loads.
export async function loadVega() {
  const [{ compile }, { parse, View }] = await Promise.all([import('vega-lite'), import('vega')]);
  return { compile, parse, View };
}
