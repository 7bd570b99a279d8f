/**
 * A document read as an adventure's map (docs/markup.md, «Пути по приключению»): its headings are
 * scenes, its Markdown links the ways between them, and the links that follow a check's outcome
 * («Успех: … → [Погоня](#погоня)», «при провале — [Засада](#засада)») or a clue («Улика: …
 * → [Логово](#логово)») are ways that open only on that outcome or with that clue.
 *
 * Read line by line, in time linear in the text: a paragraph or a list item is one unit, and
 * what a unit opens with (an outcome, a clue) holds for its links. Fenced code is not read.
 */
import type { AnalyzedCheck, DocumentAnalysis, TextRange } from '../types';
import { uniqueSlugs } from './slug';

export type Outcome = 'success' | 'failure';

export interface PathScene {
  title: string;
  /** The heading. */
  range: TextRange;
  slug: string;
  /** A finale: a heading that opens with «Финал», «Концовка» or «Развязка». */
  ending: boolean;
}

/** Where a link leads: a scene of this document, or another file (its first scene without an anchor). */
export type LinkTarget = { scene: number } | { file: string; slug?: string };

export interface PathLink {
  /** The scene the link is written in. */
  from: number;
  to: LinkTarget;
  /** The link opens only on this outcome of this check (an index into the analysis' checks). */
  when?: { check: number; outcome: Outcome };
  /**
   * `link` a way written as a link; `clue` a clue's link (the unit's start identifies the clue);
   * `next` a scene without links leading on to the next heading.
   */
  kind: 'link' | 'clue' | 'next';
  /** Where it is written; a `next` way's is its scene's heading. */
  range: TextRange;
}

export interface SceneGraph {
  scenes: PathScene[];
  links: PathLink[];
}

const ENDING = /^\s*(?:финал|концовка|развязка)(?![\p{L}\p{N}])/iu;
const LIST_ITEM = /^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$)/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
/** What a unit opens with, after its list marker and any emphasis: an outcome or a clue. */
const UNIT_START = /^[\s*_>]*(?:(?:(успех|удача)|(провал|неудача)|(улика))(?![\p{L}\p{N}])[*_\s]*[:—–→-]|(🔎))/iu;
/** An outcome named inside a sentence: the links after it, to the next such phrase, follow it. */
const PHRASE = /(?<![\p{L}\p{N}])(?:(?:при|в случае|если)\s+(?:(успех[аеом]*|удач[аеи])|(провал[аеом]*|неудач[аеи])))(?![\p{L}\p{N}])/giu;
/** An inline link; images and reference links are not ways. */
const LINK = /(?<!!)\[((?:[^\]\\\n]|\\.){0,500})\]\(\s*<?([^)\s>]{0,1000})>?(?:\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\)/g;
const CODE_SPAN = /(`+)[^`]*?\1/g;

function outcomeOf(success: string | undefined): Outcome {
  return success ? 'success' : 'failure';
}

function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** A link's target as written; undefined for a web address, a mail link or anything that is no Markdown file. */
export function linkTarget(href: string): { file?: string; slug?: string } | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return undefined;
  const hash = href.indexOf('#');
  const file = decoded(hash < 0 ? href : href.slice(0, hash));
  const slug = hash < 0 ? undefined : decoded(href.slice(hash + 1));
  if (file === undefined || slug === '') return undefined;
  if (file === '') return slug === undefined ? undefined : { slug: slug.toLowerCase() };
  if (!/\.(?:md|markdown)$/i.test(file)) return undefined;
  return slug === undefined ? { file } : { file, slug: slug.toLowerCase() };
}

interface Unit {
  start: number;
  end: number;
}

/** Paragraphs and list items outside fenced code and the front matter, in document order. */
function unitsOf(text: string, bodyStart: number): Unit[] {
  const units: Unit[] = [];
  let open: Unit | undefined;
  let fence: string | undefined;
  const close = () => {
    if (open) units.push(open);
    open = undefined;
  };
  let pos = bodyStart;
  while (pos < text.length) {
    let end = text.indexOf('\n', pos);
    if (end < 0) end = text.length;
    const line = text.slice(pos, end);
    const fenceMatch = FENCE.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length && line.trim() === fenceMatch[1]) fence = undefined;
    } else if (fenceMatch) {
      close();
      fence = fenceMatch[1];
    } else if (line.trim() === '' || HEADING.test(line)) {
      close();
    } else {
      if (LIST_ITEM.test(line)) close();
      if (open) open.end = end;
      else open = { start: pos, end };
    }
    pos = end + 1;
  }
  close();
  return units;
}

/** The text with code spans blanked out, offsets kept. */
function withoutCode(text: string): string {
  return text.includes('`') ? text.replace(CODE_SPAN, (m) => ' '.repeat(m.length)) : text;
}

/** The last index in sorted `starts` at or before `offset`, −1 when none. */
function lastAtOrBefore(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (starts[mid] <= offset) low = mid + 1;
    else high = mid;
  }
  return low - 1;
}

/**
 * The document's scenes and the ways between them. A scene with no link of any kind leads on to
 * the next heading unless it is a finale, so a scenario written straight through is one path.
 */
export function sceneGraph(text: string, analysis: Pick<DocumentAnalysis, 'headings' | 'checks' | 'frontMatter'>): SceneGraph {
  const headings = [...analysis.headings].sort((a, b) => a.range.start - b.range.start);
  const slugs = uniqueSlugs(headings.map((h) => h.title));
  const scenes: PathScene[] = headings.map((h, i) => ({ title: h.title, range: h.range, slug: slugs[i], ending: ENDING.test(h.title) }));
  const links: PathLink[] = [];
  if (scenes.length === 0) return { scenes, links };
  const sceneStarts = scenes.map((s) => s.range.start);
  const bySlug = new Map<string, number>();
  scenes.forEach((s, i) => {
    if (!bySlug.has(s.slug)) bySlug.set(s.slug, i);
  });
  const checks: readonly AnalyzedCheck[] = analysis.checks;
  const checkStarts = checks.map((c) => c.range.start);
  const insideCheck = (offset: number) => {
    const i = lastAtOrBefore(checkStarts, offset);
    return i >= 0 && checks[i].range.end > offset;
  };
  /** The check an outcome named at `offset` belongs to: the last one before it in the same scene. */
  const checkBefore = (offset: number, scene: number): number | undefined => {
    const i = lastAtOrBefore(checkStarts, offset - 1);
    return i >= 0 && checks[i].range.start >= scenes[scene].range.end ? i : undefined;
  };
  const linked = new Set<number>();
  for (const unit of unitsOf(text, analysis.frontMatter?.range.end ?? 0)) {
    const from = lastAtOrBefore(sceneStarts, unit.start);
    if (from < 0) continue;
    const body = text.slice(unit.start, unit.end);
    if (!body.includes('](')) continue;
    const plain = withoutCode(body);
    const listed = LIST_ITEM.exec(plain);
    const head = UNIT_START.exec(plain.slice(listed ? listed[0].length : 0));
    const clue = head?.[3] !== undefined || head?.[4] !== undefined;
    const firstInUnit = lastAtOrBefore(checkStarts, unit.start - 1) + 1;
    const clueCheck = clue && firstInUnit < checks.length && checks[firstInUnit].range.end <= unit.end ? firstInUnit : -1;
    // The outcomes named in the unit, in order; a unit that opens with one names it at its start.
    const phrases: { at: number; when?: { check: number; outcome: Outcome } }[] = [];
    const named = (at: number, outcome: Outcome) => {
      const check = checkBefore(unit.start + at, from);
      phrases.push({ at, ...(check !== undefined ? { when: { check, outcome } } : {}) });
    };
    if (head && !clue) named(0, outcomeOf(head[1]));
    for (const m of plain.matchAll(PHRASE)) if (!insideCheck(unit.start + m.index)) named(m.index, outcomeOf(m[1]));
    phrases.sort((a, b) => a.at - b.at);
    const phraseStarts = phrases.map((p) => p.at);
    for (const m of plain.matchAll(LINK)) {
      const target = linkTarget(m[2]);
      if (!target) continue;
      const range = { start: unit.start + m.index, end: unit.start + m.index + m[0].length };
      let to: LinkTarget | undefined;
      if (target.file !== undefined) to = target.slug === undefined ? { file: target.file } : { file: target.file, slug: target.slug };
      else if (target.slug !== undefined && bySlug.has(target.slug)) to = { scene: bySlug.get(target.slug) as number };
      if (!to) continue;
      linked.add(from);
      if (clue) {
        links.push({ from, to, kind: 'clue', range: { start: unit.start, end: unit.end }, ...(clueCheck >= 0 ? { when: { check: clueCheck, outcome: 'success' as const } } : {}) });
        continue;
      }
      const phrase = phrases[lastAtOrBefore(phraseStarts, m.index)];
      links.push({ from, to, kind: 'link', range, ...(phrase?.when ? { when: phrase.when } : {}) });
    }
  }
  scenes.forEach((scene, i) => {
    if (!linked.has(i) && !scene.ending && i + 1 < scenes.length) links.push({ from: i, to: { scene: i + 1 }, kind: 'next', range: scene.range });
  });
  return { scenes, links };
}
