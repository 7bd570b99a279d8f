/**
 * What the extension sends to keep a roll and to audit a session log, decided without VS Code (the
 * tests call it directly): the server replays the roll from its seed and writes it
 * (`rollmark.keepRoll`), so the client only says which roll, where it goes and the user's local
 * date and time, which only the editor knows.
 */
import type { KeepRollArgs, KeptRollDestination, RollCheckArgs, RollCheckResult } from '../../server/src/protocol';

/** `rollmark.keptRolls.destination` as the user set it: anything but `sessionLog` keeps the roll under its check. */
export function keptRollDestination(value: unknown): KeptRollDestination {
  return value === 'sessionLog' ? 'sessionLog' : 'line';
}

/**
 * The roll's own arguments again: its check by place and text (after an edit the server finds the
 * check or says it is gone), the pool it was given, the same roller (the whole party or one character).
 */
export function sameRollArgs(result: RollCheckResult, pool: number | undefined): RollCheckArgs {
  return {
    uri: result.uri,
    line: result.range.start.line,
    character: result.range.start.character,
    text: result.text,
    ...(pool !== undefined ? { pool } : {}),
    ...(result.party ? { party: true } : result.actor !== undefined ? { actor: result.actor } : {}),
  };
}

function two(n: number): string {
  return String(n).padStart(2, '0');
}

/** `ГГГГ-ММ-ДД` of the user's own day: a session after midnight UTC is still tonight's. */
export function localDate(now: Date): string {
  return `${String(now.getFullYear()).padStart(4, '0')}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** `ЧЧ:ММ` on the user's clock. */
export function localTime(now: Date): string {
  return `${two(now.getHours())}:${two(now.getMinutes())}`;
}

/** The keep command's argument for a roll just made; undefined for a roll without a seed, which could not be replayed. */
export function keepRollArgs(result: RollCheckResult, pool: number | undefined, where: KeptRollDestination, now: Date): KeepRollArgs | undefined {
  const seed = result.roll.seed;
  if (seed === undefined) return undefined;
  return { ...sameRollArgs(result, pool), seed, where, date: localDate(now), time: localTime(now) };
}

/** The session logs the server writes (`сессия-ГГГГ-ММ-ДД.md`, docs/markup.md «Сохранённые броски»), anywhere in the workspace. */
export const SESSION_LOG_GLOB = '**/сессия-*.md';

/** At most this many session logs are offered: a campaign of years has a few hundred. */
export const MAX_SESSION_LOGS = 500;

const SESSION_LOG_NAME = /^сессия-\d{4}-\d{2}-\d{2}\.md$/i;

/** Whether a path's file name is a session log's. */
export function isSessionLog(path: string): boolean {
  return SESSION_LOG_NAME.test(path.slice(path.lastIndexOf('/') + 1));
}

/** The session logs among the paths (workspace-relative, `/`-separated), latest session first, then by folder. */
export function sessionLogsLatestFirst(paths: readonly string[]): string[] {
  const name = (path: string) => path.slice(path.lastIndexOf('/') + 1);
  return paths.filter(isSessionLog).sort((a, b) => (name(a) === name(b) ? (a < b ? -1 : a > b ? 1 : 0) : name(a) < name(b) ? 1 : -1));
}
