/**
 * The roll log: the output channel «Rollmark», one entry per roll. The server words the roll
 * (`RollCheckResult.log`: the check, the dice, the outcome, the seed, each roll of an extended
 * action); the log adds only the time and the place.
 */
import * as vscode from 'vscode';
import type { RollCheckResult } from '../../server/src/protocol';

/** The output channel's name: tests find the log by it. */
export const ROLL_LOG_CHANNEL = 'Rollmark';

export interface RollLogEntry {
  time: Date;
  /** The document, as the server named it. */
  uri: string;
  /** 1-based, as editors show it. */
  line: number;
  /** The check as written, guillemets included. */
  check: string;
  seed?: number;
  /** The server's one-line summary. */
  message: string;
  /** The lines written to the channel for this roll. */
  lines: string[];
  result: RollCheckResult;
}

function two(n: number): string {
  return String(n).padStart(2, '0');
}

function clock(time: Date): string {
  return `${two(time.getHours())}:${two(time.getMinutes())}:${two(time.getSeconds())}`;
}

function place(uri: string, line: number): string {
  let where: string;
  try {
    where = vscode.workspace.asRelativePath(vscode.Uri.parse(uri, true));
  } catch {
    where = uri;
  }
  return `${where}:${line}`;
}

/** The log lines of one roll: the server's lines, the first after the time and the place. */
export function formatRoll(result: RollCheckResult, time: Date): string[] {
  const [first, ...rest] = result.log;
  return [`[${clock(time)}] ${place(result.uri, result.range.start.line + 1)}  ${first}`, ...rest];
}

export class RollLog implements vscode.Disposable {
  private readonly channel: vscode.OutputChannel;
  private readonly all: RollLogEntry[] = [];
  private readonly changed = new vscode.EventEmitter<RollLogEntry>();

  /** Fires after every roll is written. */
  readonly onDidLog = this.changed.event;

  constructor() {
    this.channel = vscode.window.createOutputChannel(ROLL_LOG_CHANNEL);
  }

  /** Every roll since activation, oldest first. */
  get entries(): readonly RollLogEntry[] {
    return this.all;
  }

  append(result: RollCheckResult, time = new Date()): RollLogEntry {
    const lines = formatRoll(result, time);
    for (const line of lines) this.channel.appendLine(line);
    const entry: RollLogEntry = {
      time,
      uri: result.uri,
      line: result.range.start.line + 1,
      check: result.text,
      ...(result.roll.seed !== undefined ? { seed: result.roll.seed } : {}),
      message: result.message,
      lines,
      result,
    };
    this.all.push(entry);
    this.changed.fire(entry);
    return entry;
  }

  /** A roll that failed: the reason goes to the log too, so the log tells the whole story. */
  appendError(what: string, error: unknown, time = new Date()): void {
    const reason = error instanceof Error ? error.message : String(error);
    this.channel.appendLine(`[${clock(time)}] ${what}: ${reason}`);
  }

  show(preserveFocus = true): void {
    this.channel.show(preserveFocus);
  }

  dispose(): void {
    this.changed.dispose();
    this.channel.dispose();
  }
}
