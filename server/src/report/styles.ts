/**
 * The report's and the chips' styles. Every colour is a `--rm-…` variable, so the same markup and
 * the same SVG charts follow whatever defines them: the standalone report's own light and dark
 * schemes, or VS Code's theme (`--vscode-…`) in the webview and the Markdown preview. No remote
 * resource, no inline `style` attribute (a webview's security policy allows neither).
 *
 * The report fits what it is shown in, down to VS Code's side panel (300 px): the tables shrink
 * their type and let headers and places wrap, and below 36rem each row becomes a card whose cells
 * say their column (`data-label`, html.ts), so no column is cut off or scrolled out of sight.
 */

/** The standalone file's palette: light, and dark where the reader's system prefers it. */
const STANDALONE_THEME = `
:root {
  color-scheme: light dark;
  --rm-bg: #ffffff; --rm-fg: #1f2328; --rm-muted: #59636e; --rm-grid: #d1d9e0; --rm-accent: #0969da; --rm-row: #f6f8fa;
  --rm-font: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif;
  --rm-mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
  --rm-series-0: #1f77b4; --rm-series-1: #ff7f0e; --rm-series-2: #2ca02c; --rm-series-3: #9467bd;
  --rm-series-4: #d62728; --rm-series-5: #8c564b; --rm-series-6: #e377c2; --rm-series-7: #17becf;
  --rm-easy: #1a7f37; --rm-medium: #9a6700; --rm-hard: #cf222e; --rm-unknown: #59636e; --rm-on-badge: #ffffff;
  --rm-error: #cf222e; --rm-warning: #9a6700; --rm-info: #0969da; --rm-hint: #59636e;
}
@media (prefers-color-scheme: dark) {
  :root {
    --rm-bg: #0d1117; --rm-fg: #e6edf3; --rm-muted: #9198a1; --rm-grid: #3d444d; --rm-accent: #4493f8; --rm-row: #151b23;
    --rm-series-0: #4c9be8; --rm-series-1: #ffa54c; --rm-series-2: #5cc45c; --rm-series-3: #b48ee0;
    --rm-series-4: #f06b6b; --rm-series-5: #c49a8d; --rm-series-6: #f2a6dc; --rm-series-7: #4fd6e3;
    --rm-easy: #3fb950; --rm-medium: #d29922; --rm-hard: #f85149; --rm-unknown: #9198a1; --rm-on-badge: #0d1117;
    --rm-error: #f85149; --rm-warning: #d29922; --rm-info: #4493f8; --rm-hint: #9198a1;
  }
}`;

/** VS Code's theme, in a webview or the Markdown preview: its own variables, with fallbacks where a theme leaves one out. */
const VSCODE_THEME = `
:root {
  --rm-bg: var(--vscode-editor-background); --rm-fg: var(--vscode-foreground); --rm-muted: var(--vscode-descriptionForeground);
  --rm-grid: var(--vscode-widget-border, var(--vscode-panel-border, rgba(128, 128, 128, 0.35)));
  --rm-accent: var(--vscode-textLink-foreground); --rm-row: var(--vscode-list-hoverBackground);
  --rm-font: var(--vscode-font-family); --rm-mono: var(--vscode-editor-font-family);
  --rm-series-0: var(--vscode-charts-blue); --rm-series-1: var(--vscode-charts-orange); --rm-series-2: var(--vscode-charts-green);
  --rm-series-3: var(--vscode-charts-purple); --rm-series-4: var(--vscode-charts-red); --rm-series-5: var(--vscode-charts-yellow);
  --rm-series-6: var(--vscode-charts-foreground); --rm-series-7: var(--vscode-charts-lines);
  --rm-easy: var(--vscode-charts-green); --rm-medium: var(--vscode-charts-yellow); --rm-hard: var(--vscode-charts-red);
  --rm-unknown: var(--vscode-descriptionForeground); --rm-on-badge: var(--vscode-editor-background);
  --rm-error: var(--vscode-editorError-foreground); --rm-warning: var(--vscode-editorWarning-foreground);
  --rm-info: var(--vscode-editorInfo-foreground); --rm-hint: var(--vscode-descriptionForeground);
}`;

/** A check as a chip (chips.ts): the check, then its badge coloured by how hard it is; a problem underlines it. */
const CHIPS = `
.rm-chip { border: 1px solid var(--rm-grid); border-radius: 0.9em; padding: 0.05em 0.15em 0.05em 0.5em;
  -webkit-box-decoration-break: clone; box-decoration-break: clone; }
.rm-chip__odds { display: inline-block; padding: 0 0.45em; border-radius: 0.7em; font-size: 0.85em; font-weight: 600;
  font-variant-numeric: tabular-nums; white-space: nowrap; color: var(--rm-on-badge); background: var(--rm-unknown); }
.rm-chip--easy .rm-chip__odds { background: var(--rm-easy); }
.rm-chip--medium .rm-chip__odds { background: var(--rm-medium); }
.rm-chip--hard .rm-chip__odds { background: var(--rm-hard); }
.rm-chip--error { border-color: var(--rm-error); }
.rm-chip--warning { border-color: var(--rm-warning); }
.rm-chip--info { border-color: var(--rm-info); }
.rm-chip--hint { border-style: dashed; }
.rm-chip--error .rm-chip__check { text-decoration: underline wavy var(--rm-error); text-decoration-skip-ink: none; }
.rm-chip--warning .rm-chip__check { text-decoration: underline wavy var(--rm-warning); text-decoration-skip-ink: none; }
.rm-chip--info .rm-chip__check { text-decoration: underline dotted var(--rm-info); }`;

const REPORT = `
body { margin: 0; background: var(--rm-bg); color: var(--rm-fg); font-family: var(--rm-font); }
.rm-report { container: rm-report / inline-size; max-width: 64rem; margin: 0 auto; padding: 1.5rem 1.25rem 3rem; line-height: 1.5; }
.rm-report h1 { font-size: 1.6rem; margin: 0 0 0.25rem; }
.rm-report h2 { font-size: 1.25rem; margin: 2.25rem 0 0.25rem; padding-bottom: 0.2rem; border-bottom: 1px solid var(--rm-grid); }
.rm-report h3 { font-size: 1.05rem; margin: 1.25rem 0 0.4rem; }
.rm-muted, .rm-meta { color: var(--rm-muted); }
.rm-meta { font-size: 0.85em; font-weight: normal; margin-left: 0.5em; }
.rm-report figure { margin: 1.25rem 0; }
.rm-report figcaption { font-weight: 600; margin-bottom: 0.35rem; }
.rm-report figure svg { display: block; max-width: 100%; height: auto; }
.rm-ranked { display: grid; grid-template-columns: 1fr; gap: 0.5rem; }
.rm-report table { border-collapse: collapse; width: 100%; font-size: 0.92rem; }
.rm-report th, .rm-report td { text-align: left; padding: 0.3rem 0.5rem; border-bottom: 1px solid var(--rm-grid); vertical-align: baseline; }
.rm-report th { font-weight: 600; color: var(--rm-muted); }
.rm-report td:first-child { min-width: 16rem; }
.rm-report .rm-num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.rm-report tbody tr:hover { background: var(--rm-row); }
.rm-report a { color: var(--rm-accent); text-decoration: none; }
.rm-report a:hover { text-decoration: underline; }
.rm-where { font-family: var(--rm-mono); font-size: 0.85em; white-space: nowrap; }
.rm-table { overflow-x: auto; }
.rm-band--easy { color: var(--rm-easy); } .rm-band--medium { color: var(--rm-medium); } .rm-band--hard { color: var(--rm-hard); }
.rm-problems--error { color: var(--rm-error); } .rm-problems--warning { color: var(--rm-warning); }
.rm-problems--info { color: var(--rm-info); } .rm-problems--hint { color: var(--rm-hint); }
[data-line] { cursor: pointer; }
.rm-graph rect { fill: var(--rm-bg); stroke: var(--rm-grid); stroke-width: 1.5; }
.rm-graph text { fill: var(--rm-fg); font-family: var(--rm-font); font-size: 13px; text-anchor: middle; }
.rm-graph .rm-graph__chance { fill: var(--rm-muted); font-size: 12px; font-variant-numeric: tabular-nums; }
.rm-graph__scene--ending rect { stroke: var(--rm-accent); }
.rm-graph__scene--hangs rect { stroke: var(--rm-warning); stroke-width: 3; }
.rm-graph__way { --rm-way: var(--rm-muted); }
.rm-graph__way--success { --rm-way: var(--rm-easy); } .rm-graph__way--failure { --rm-way: var(--rm-hard); } .rm-graph__way--clue { --rm-way: var(--rm-accent); }
.rm-graph__line { fill: none; stroke: var(--rm-way); stroke-width: 1; }
.rm-graph__way--success .rm-graph__line, .rm-graph__way--failure .rm-graph__line, .rm-graph__way--clue .rm-graph__line { stroke-width: 1.75; }
.rm-graph__way--failure .rm-graph__line { stroke-dasharray: 6 4; }
.rm-graph__way--clue .rm-graph__line { stroke-dasharray: 2 3; }
.rm-graph__head { fill: var(--rm-way); }
@container rm-report (max-width: 48rem) {
  .rm-report table { font-size: 0.85rem; }
  .rm-report th, .rm-report td { padding: 0.25rem 0.35rem; }
  .rm-report td:first-child { min-width: 10rem; }
  .rm-where { white-space: normal; overflow-wrap: anywhere; }
}
@container rm-report (max-width: 36rem) {
  .rm-report { padding: 1rem 0.75rem 2rem; }
  .rm-report h1, .rm-report h2, .rm-report h3 { overflow-wrap: anywhere; }
  .rm-report table, .rm-report tbody, .rm-report tr, .rm-report td { display: block; }
  .rm-report thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  .rm-report tbody tr { padding: 0.4rem 0; border-bottom: 1px solid var(--rm-grid); }
  .rm-report td, .rm-report td:first-child { min-width: 0; padding: 0.1rem 0; border-bottom: 0; }
  .rm-report td[data-label] { display: flex; justify-content: space-between; align-items: baseline; gap: 0.75rem; text-align: right; }
  .rm-report td[data-label]::before { content: attr(data-label); color: var(--rm-muted); font-weight: 600; text-align: left; white-space: nowrap; flex: none; }
  .rm-report td[data-label] > * { min-width: 0; }
  .rm-table { overflow-x: visible; }
}`;

/** The standalone report's whole stylesheet. */
export const STANDALONE_CSS = `${STANDALONE_THEME}${CHIPS}${REPORT}\n`;

/** The webview's: the same report in VS Code's theme. */
export const WEBVIEW_CSS = `${VSCODE_THEME}${CHIPS}${REPORT}\n`;

/** The Markdown preview's (`markdown.previewStyles`, written to dist/ at build): the chips in VS Code's theme. */
export const PREVIEW_CSS = `${VSCODE_THEME}${CHIPS}\n`;
