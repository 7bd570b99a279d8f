/**
 * The hand-labelled prose checks of the five rules texts (test/fixtures/prose/seeds.labels.tsv, its
 * header says how they were labelled), found in a text: the excerpts or the full texts.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TextRange } from '../../../server/out/analysis/types';
import type { SeedId, SeedText } from './seedTexts';

const LABELS = join(__dirname, '../../fixtures/prose/seeds.labels.tsv');

export interface Label {
  seed: SeedId;
  line: number;
  check: boolean;
  text: string;
  /** A check's markup; a near miss's reason. */
  detail: string;
  range: TextRange;
}

export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

/** The labels with their document ranges: a row's text is found on its line after the row before it there. */
export function loadLabels(texts: readonly SeedText[]): Label[] {
  const labels: Label[] = [];
  const resume = new Map<string, number>();
  const seeds = new Map(texts.map((t) => [t.id as string, t]));
  const starts = new Map(texts.map((t) => [t.id as string, lineStarts(t.text)]));
  for (const row of readFileSync(LABELS, 'utf8').split('\n')) {
    if (row === '' || row.startsWith('#')) continue;
    const [seedId, lineText, kind, text, detail] = row.split('\t');
    const seed = seeds.get(seedId);
    assert.ok(seed && (kind === '+' || kind === '-') && text && detail, `bad label row: ${row}`);
    const line = Number(lineText);
    const lineStart = starts.get(seedId)![line - 1];
    const lineEnd = seed.text.indexOf('\n', lineStart);
    const key = `${seedId}:${line}`;
    const at = seed.text.indexOf(text, resume.get(key) ?? lineStart);
    assert.ok(at >= lineStart && at + text.length <= (lineEnd < 0 ? seed.text.length : lineEnd), `label not on its line after the one before: ${row}`);
    resume.set(key, at + text.length);
    labels.push({ seed: seed.id, line, check: kind === '+', text, detail, range: { start: at, end: at + text.length } });
  }
  return labels;
}
