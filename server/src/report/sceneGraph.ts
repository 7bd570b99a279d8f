/**
 * The adventure's map in the HTML report and the overview: each scene a box with its title and its
 * chance of being reached per party («75 % / 94 %»), each way an arrow — solid on a check's
 * success, dashed on its failure, dotted for a clue — and the scenes that hang on a single roll in
 * a bold frame with ⚠. Inline SVG, laid out in layers: a scene's row is its distance in ways from
 * a scene no way leads to, at most {@link PER_ROW} boxes a row so that it stays legible in
 * VS Code's side panel. Colours are the report's `--rm-…` variables (styles.ts), so the map
 * follows VS Code's theme in the webview. Every scenario text goes through `escapeHtml`.
 */
import { SCENARIO_PARTY } from '../analysis/paths/parties';
import type { Voice } from '../present/voice';
import { escapeHtml } from '../protocol';
import { comparisonHtml } from './comparison';
import type { HtmlTarget } from './html';
import type { ReportPaths } from './paths';

/** Limit: past this many scenes a note says so instead of a map nobody could read. */
export const MAX_DRAWN_SCENES = 60;

/** Boxes a row; a wider layer wraps onto the next rows. */
const PER_ROW = 2;
const BOX_WIDTH = 200;
const BOX_HEIGHT = 46;
const GAP_X = 40;
const GAP_Y = 44;
const MARGIN = 8;
/** A title longer than this is cut with «…» in its box; the box's tooltip has it whole. */
const TITLE_CHARS = 26;
/** How far apart the arrows between the same two scenes bend. */
const BEND = 22;

type Way = ReportPaths['ways'][number];

interface Box {
  x: number;
  y: number;
}

/** «Карта сцен: шанс дойти до каждой (Прегены / Группа Ани)»; the scenario's own characters are not named. */
function titleOf(paths: ReportPaths, v: Voice): string {
  const named = paths.parties.filter((p) => p !== SCENARIO_PARTY);
  return named.length > 0 ? v.w.reportGraphTitleBy(paths.parties.join(' / ')) : v.w.reportGraphTitle;
}

/** Whether the paths are worth a map: some way opens on a check's outcome or with a clue. */
export function hasBranches(paths: ReportPaths): boolean {
  return paths.ways.some((w) => w.outcome !== undefined || w.clue);
}

/** Each scene's layer: breadth first from the scenes no way leads to (from the first scene left, for a loop nothing enters). */
function layersOf(size: number, ways: readonly Way[]): number[] {
  const out: number[][] = Array.from({ length: size }, () => []);
  const entered = new Uint8Array(size);
  for (const w of ways) {
    out[w.from].push(w.to);
    entered[w.to] = 1;
  }
  const layer = new Array<number>(size).fill(-1);
  const walk = (seeds: number[]) => {
    for (const s of seeds) layer[s] = 0;
    const queue = [...seeds];
    for (let head = 0; head < queue.length; head++) {
      const node = queue[head];
      for (const to of out[node]) {
        if (layer[to] < 0) {
          layer[to] = layer[node] + 1;
          queue.push(to);
        }
      }
    }
  };
  walk(Array.from({ length: size }, (_, i) => i).filter((i) => !entered[i]));
  for (let i = 0; i < size; i++) if (layer[i] < 0) walk([i]);
  return layer;
}

/** The boxes' top-left corners and the drawing's size: layer by layer, each row centred. */
function layout(size: number, ways: readonly Way[]): { boxes: Box[]; width: number; height: number } {
  const layer = layersOf(size, ways);
  const byLayer: number[][] = [];
  layer.forEach((l, i) => (byLayer[l] ??= []).push(i));
  const rows = byLayer.flatMap((nodes) => Array.from({ length: Math.ceil(nodes.length / PER_ROW) }, (_, r) => nodes.slice(r * PER_ROW, (r + 1) * PER_ROW)));
  const widest = Math.max(1, ...rows.map((r) => r.length));
  const width = 2 * MARGIN + widest * BOX_WIDTH + (widest - 1) * GAP_X;
  const boxes: Box[] = new Array<Box>(size);
  rows.forEach((row, r) => {
    const left = (width - row.length * BOX_WIDTH - (row.length - 1) * GAP_X) / 2;
    row.forEach((node, k) => (boxes[node] = { x: left + k * (BOX_WIDTH + GAP_X), y: MARGIN + r * (BOX_HEIGHT + GAP_Y) }));
  });
  return { boxes, width, height: 2 * MARGIN + rows.length * BOX_HEIGHT + Math.max(0, rows.length - 1) * GAP_Y };
}

/** Where the segment from a box's centre towards (tx, ty) leaves the box. */
function border(box: Box, tx: number, ty: number): [number, number] {
  const cx = box.x + BOX_WIDTH / 2;
  const cy = box.y + BOX_HEIGHT / 2;
  const dx = tx - cx;
  const dy = ty - cy;
  if (dx === 0 && dy === 0) return [cx, cy];
  const t = Math.min(dx === 0 ? Infinity : BOX_WIDTH / 2 / Math.abs(dx), dy === 0 ? Infinity : BOX_HEIGHT / 2 / Math.abs(dy));
  return [cx + dx * t, cy + dy * t];
}

/** One decimal at most: the same drawing, byte for byte, for the same paths. */
function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

function wayClass(way: Way): string {
  if (way.clue) return 'rm-graph__way rm-graph__way--clue';
  if (way.outcome) return `rm-graph__way rm-graph__way--${way.outcome}`;
  return 'rm-graph__way';
}

/** Arrowheads' length and half width. */
const HEAD_LENGTH = 9;
const HEAD_HALF = 4;

/**
 * The arrow of a way: straight, or bent when it goes back up, stays in its row or shares its two
 * scenes with another way; its head a triangle of its own (no marker: no `url()` reference, and
 * the head takes the line's colour).
 */
function wayPath(from: Box, to: Box, bend: number): { line: string; head: string } {
  const [fx, fy] = [from.x + BOX_WIDTH / 2, from.y + BOX_HEIGHT / 2];
  const [tx, ty] = [to.x + BOX_WIDTH / 2, to.y + BOX_HEIGHT / 2];
  const length = Math.hypot(tx - fx, ty - fy) || 1;
  // Perpendicular to the line between the centres, to its right.
  const cx = (fx + tx) / 2 - ((ty - fy) / length) * bend;
  const cy = (fy + ty) / 2 + ((tx - fx) / length) * bend;
  const [x1, y1] = border(from, cx, cy);
  const [x2, y2] = border(to, cx, cy);
  // The head points along the line's last stretch: from the control point, or from the start when straight.
  const [bx, by] = bend === 0 ? [x1, y1] : [cx, cy];
  const span = Math.hypot(x2 - bx, y2 - by) || 1;
  const [ux, uy] = [(x2 - bx) / span, (y2 - by) / span];
  const [baseX, baseY] = [x2 - ux * HEAD_LENGTH, y2 - uy * HEAD_LENGTH];
  const head = `M${n(x2)},${n(y2)}L${n(baseX - uy * HEAD_HALF)},${n(baseY + ux * HEAD_HALF)}L${n(baseX + uy * HEAD_HALF)},${n(baseY - ux * HEAD_HALF)}z`;
  const line = bend === 0 ? `M${n(x1)},${n(y1)}L${n(baseX)},${n(baseY)}` : `M${n(x1)},${n(y1)}Q${n(cx)},${n(cy)} ${n(baseX)},${n(baseY)}`;
  return { line, head };
}

function cut(title: string): string {
  const chars = Array.from(title);
  return chars.length > TITLE_CHARS ? `${chars.slice(0, TITLE_CHARS - 1).join('')}…` : title;
}

/** The ways drawn: one arrow per scenes and kind (a duplicate link adds nothing), none from a scene to itself. */
function drawnWays(ways: readonly Way[]): Way[] {
  const seen = new Set<string>();
  return ways.filter((w) => {
    const key = `${w.from}:${w.to}:${w.outcome ?? ''}:${w.clue}`;
    if (w.from === w.to || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The map as SVG; '' for more than {@link MAX_DRAWN_SCENES} scenes or none. */
export function sceneGraphSvg(paths: ReportPaths, target: HtmlTarget, v: Voice): string {
  const size = paths.scenes.length;
  if (size === 0 || size > MAX_DRAWN_SCENES) return '';
  const ways = drawnWays(paths.ways.filter((w) => w.from >= 0 && w.from < size && w.to >= 0 && w.to < size));
  const { boxes, width, height } = layout(size, ways);
  const hangs = new Map<number, string[]>();
  paths.scenes.forEach((scene, i) => {
    const notes = paths.hangs.filter((h) => h.path === scene.path && h.line === scene.line).map((h) => (h.reason === 'single-check' ? v.w.reportGraphHangs(h.check ?? '') : v.w.reportGraphFewClues));
    if (notes.length > 0) hangs.set(i, notes);
  });
  const percent = (chance: number | null | undefined) => (chance === null || chance === undefined ? '—' : v.percent(chance));
  const pairs = new Map<string, number>();
  const pairKey = (w: Way) => (w.from < w.to ? `${w.from}:${w.to}` : `${w.to}:${w.from}`);
  for (const w of ways) pairs.set(pairKey(w), (pairs.get(pairKey(w)) ?? 0) + 1);
  const placed = new Map<string, number>();
  const arrows = ways.map((w) => {
    const key = pairKey(w);
    const k = placed.get(key) ?? 0;
    placed.set(key, k + 1);
    const count = pairs.get(key) ?? 1;
    // Ways back up or within a row bend, so that they do not run through the boxes between.
    const back = boxes[w.to].y <= boxes[w.from].y ? 2 * BEND : 0;
    const spread = (k - (count - 1) / 2) * BEND * (w.from < w.to ? 1 : -1);
    const { line, head } = wayPath(boxes[w.from], boxes[w.to], back + spread);
    return `<g class="${wayClass(w)}"><path class="rm-graph__line" d="${line}"/><path class="rm-graph__head" d="${head}"/></g>`;
  });
  const nodes = paths.scenes.map((scene, i) => {
    const { x, y } = boxes[i];
    const chances = paths.parties.map((p) => percent(scene.reach[p]));
    const notes = hangs.get(i);
    const tooltip = [scene.title, ...paths.parties.map((p, k) => v.w.whoseChance(p, chances[k])), ...(notes ?? [])].join('\n');
    const uri = target.uriOf?.(scene.path);
    const where = uri ? ` data-uri="${escapeHtml(uri)}" data-line="${scene.line}" data-character="0"` : '';
    const classes = ['rm-graph__scene', ...(scene.ending ? ['rm-graph__scene--ending'] : []), ...(notes ? ['rm-graph__scene--hangs'] : [])].join(' ');
    return [
      `<g class="${classes}"${where}>`,
      `<title>${escapeHtml(tooltip)}</title>`,
      `<rect x="${n(x)}" y="${n(y)}" width="${BOX_WIDTH}" height="${BOX_HEIGHT}" rx="6"/>`,
      `<text class="rm-graph__title" x="${n(x + BOX_WIDTH / 2)}" y="${n(y + 19)}">${escapeHtml((notes ? '⚠ ' : '') + cut(scene.title))}</text>`,
      `<text class="rm-graph__chance" x="${n(x + BOX_WIDTH / 2)}" y="${n(y + 37)}">${escapeHtml(chances.join(' / '))}</text>`,
      '</g>',
    ].join('');
  });
  return [
    `<svg class="rm-graph" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n(width)} ${n(height)}" width="${n(width)}" height="${n(height)}" role="img" aria-label="${escapeHtml(titleOf(paths, v))}">`,
    ...arrows,
    ...nodes,
    '</svg>',
  ].join('\n');
}

/** The map with its caption and legend, or a note past the limit; '' when the paths do not branch. */
export function sceneGraphHtml(paths: ReportPaths, target: HtmlTarget, v: Voice): string {
  if (!hasBranches(paths)) return '';
  const caption = `<figcaption>${escapeHtml(titleOf(paths, v))}</figcaption>`;
  if (paths.scenes.length > MAX_DRAWN_SCENES) {
    return `<figure class="rm-graph-figure">${caption}\n<p class="rm-muted">${escapeHtml(v.w.reportGraphTooLarge(v.number(paths.scenes.length), v.number(MAX_DRAWN_SCENES)))}</p>\n</figure>`;
  }
  return `<figure class="rm-graph-figure">${caption}\n${sceneGraphSvg(paths, target, v)}\n<p class="rm-muted">${escapeHtml(v.w.reportGraphLegend)}</p>\n</figure>`;
}

/** The HTML report's part on paths: the map, then the parties side by side (comparison.ts) when there are two or more. */
export function pathsHtml(paths: ReportPaths, target: HtmlTarget, v: Voice): string {
  return [sceneGraphHtml(paths, target, v), comparisonHtml(paths, target, v)].filter((part) => part !== '').join('\n');
}
