/**
 * A kept roll's line (analysis/keptRolls.ts holds its grammar): the words for people in the
 * display language, then the comment that holds the roll as data.
 */
import { keptComment, type KeptRoll } from '../analysis/keptRolls';
import type { RolledCheck } from '../engine/rollReport';
import type { Ruleset } from '../engine/ruleset';
import { escapeMarkdown, showControls } from './escape';
import { type AssumedPool, partySummary, rollSummary } from './roll';
import type { Voice } from './voice';

/** One roller's roll of a kept roll: the character for a party's, none for a check's own. */
export interface KeptRoller {
  actor?: string;
  report: RolledCheck;
}

/**
 * Markdown punctuation that would turn the line's words into markup or HTML. The dice's brackets
 * stay as they are: «[7, 9, 2]» followed by no «(» or «:» is text in CommonMark.
 */
const SIGNIFICANT = /[\\`*_<>&|~]/g;

/** The author's words (a character's name, an alternative's markup) inside the line: one line, no markup, controls visible. */
function inline(text: string): string {
  return showControls(text.replace(/\r\n?|\n/g, ' ')).replace(SIGNIFICANT, (c) => `\\${c}`);
}

/** The roll in one line, without the check: a check's own, a character's («Ирина: …»), or the party's. */
export function keptSummary(rollers: readonly KeptRoller[], kept: KeptRoll, ruleset: Ruleset, v: Voice, assumed?: AssumedPool): string {
  if (kept.party) return partySummary(rollers.map((r) => ({ actor: r.actor ?? '', report: r.report })), ruleset, v, kept.seed);
  const [first] = rollers;
  const summary = rollSummary({ ...first.report, seed: kept.seed }, ruleset, v, assumed);
  return first.actor === undefined ? summary : `${first.actor}: ${summary}`;
}

/** The line kept after the check: «> 🎲 Ирина: [7, 9, 2] → 2 успеха: успех · зерно броска 123456 · 2026-12-06 <!-- … -->». */
export function keptLineText(summary: string, kept: KeptRoll, date: string): string {
  return `> 🎲 ${inline(summary)} · ${date} ${keptComment(kept)}`;
}

/** A code span holding `text` as written, whatever backticks it holds (CommonMark: a longer fence, spaced). */
function codeSpan(text: string): string {
  const flat = showControls(text.replace(/\r\n?|\n/g, ' '));
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return longest > 0 || flat.startsWith(' ') ? `${fence} ${flat} ${fence}` : `${fence}${flat}${fence}`;
}

/** A link destination that any path survives: percent-encoded, `/` kept. */
function linkTarget(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/**
 * An entry of the session log: the check in a code span (so that the log holds no check of its
 * own), a link to its line, the roll, the time; a blank line before it, so that each entry is a
 * quote of its own.
 */
export function sessionLogEntry(summary: string, kept: KeptRoll & { file: string; line: number }, time: string): string {
  const name = kept.file.slice(kept.file.lastIndexOf('/') + 1);
  return `\n> 🎲 ${codeSpan(kept.check)} · [${escapeMarkdown(name)}:${kept.line}](${linkTarget(kept.file)}) · ${inline(summary)} · ${time} ${keptComment(kept)}\n`;
}

/** A new session log's first line. */
export function sessionLogHeading(date: string, v: Voice): string {
  return `# ${v.w.sessionLogTitle(date)}\n`;
}

/** A kept roll on its check's lens: each roller's successes and the seed («Ирина — 2 успеха · зерно броска 42»). */
export function keptOutcome(kept: KeptRoll, v: Voice): string {
  const rolls = kept.rolls.map((r) => `${r.actor === undefined ? '' : `${r.actor} — `}${v.count(r.successes, 'success')}`).join(', ');
  return `${rolls} · ${v.w.seed(String(kept.seed))}`;
}
