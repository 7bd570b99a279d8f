/**
 * A roll kept in the session notes (docs/markup.md «Сохранённые броски»): replayed from its seed,
 * so the line holds exactly the dice the user saw, and worded as a kept line after the check or as
 * an entry of the session log. The service writes it (service/commands.ts `keepRoll`).
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextEdit } from 'vscode-languageserver';
import { keptInsertionLine, type KeptRoll, sessionLogName } from '../analysis/keptRolls';
import type { DocumentAnalysis } from '../analysis/types';
import type { RandomSource } from '../engine/random';
import { keptLineText, keptSummary, sessionLogEntry, sessionLogHeading } from '../present/keptRoll';
import type { Locale } from '../present/locale';
import { voice } from '../present/voice';
import type { KeepRollArgs } from '../protocol';
import { provideRoll } from './rollCheck';

export interface KeptRollText {
  kept: KeptRoll;
  /** The roll in one line, in the display language, without the check. */
  summary: string;
  /** The check's last line (0-based): the kept line goes below it. */
  checkLine: number;
  /** The check's first line (1-based), which a session log links to. */
  line: number;
}

/** The roll the arguments describe, replayed from their seed, as a kept roll. */
export function keptRoll(document: TextDocument, analysis: DocumentAnalysis, args: KeepRollArgs, locale: Locale, random: RandomSource): KeptRollText {
  const result = provideRoll(document, analysis, args, locale, random);
  const pool = args.pool ?? result.assumedPool?.pool;
  const rollers = result.party ? result.party.map((p) => ({ actor: p.actor, report: p.roll })) : [{ ...(result.actor !== undefined ? { actor: result.actor } : {}), report: result.roll }];
  const kept: KeptRoll = {
    check: result.text,
    ruleset: analysis.ruleset.id,
    seed: args.seed,
    ...(pool !== undefined && result.assumedPool ? { pool } : {}),
    ...(result.party ? { party: true as const } : {}),
    rolls: rollers.map((r) => ({ ...(r.actor !== undefined ? { actor: r.actor } : {}), successes: r.report.successes })),
  };
  const assumed = result.assumedPool;
  return { kept, summary: keptSummary(rollers, kept, analysis.ruleset, voice(locale), assumed), checkLine: result.range.end.line, line: result.range.start.line + 1 };
}

/** The edit that puts the kept line after the check's paragraph and the kept lines already under it. */
export function keptLineEdit(document: TextDocument, kept: KeptRollText, date: string): { edit: TextEdit; line: number } {
  const lines = document.getText().split(/\r\n|\r|\n/);
  const at = keptInsertionLine(lines, kept.checkLine);
  const line = keptLineText(kept.summary, kept.kept, date);
  const eol = document.getText().includes('\r\n') ? '\r\n' : '\n';
  // A line kept past the last one: after its line break, the document's own.
  if (at >= lines.length) {
    const end = document.positionAt(document.getText().length);
    return { edit: { range: { start: end, end }, newText: `${lines[lines.length - 1] === '' ? '' : eol}${line}${eol}` }, line: lines[lines.length - 1] === '' ? lines.length - 1 : lines.length };
  }
  return { edit: { range: { start: { line: at, character: 0 }, end: { line: at, character: 0 } }, newText: `${line}${eol}` }, line: at };
}

/** The session log beside the scenario: its path in the workspace folder, and what is appended (a heading first when it is new). */
export function sessionLogAppend(scenarioPath: string, kept: KeptRollText, args: KeepRollArgs, locale: Locale): { path: string; append: (text: string | undefined) => string } {
  const slash = scenarioPath.lastIndexOf('/');
  const folder = slash < 0 ? '' : scenarioPath.slice(0, slash + 1);
  const entry = sessionLogEntry(kept.summary, { ...kept.kept, file: scenarioPath.slice(slash + 1), line: kept.line }, args.time);
  const heading = sessionLogHeading(args.date, voice(locale));
  return {
    path: `${folder}${sessionLogName(args.date)}`,
    append: (text) => {
      if (text === undefined || text === '') return heading + entry;
      return text + (text.endsWith('\n') ? '' : '\n') + entry;
    },
  };
}
