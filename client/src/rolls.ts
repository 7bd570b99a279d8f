/**
 * Every roll goes through here: code lenses, «Roll the check at the cursor», «Roll again» and
 * any `vscode.commands.executeCommand('rollmark.rollCheck', args)` alike. The server command is
 * registered by vscode-languageclient (the server advertises it), so the client cannot register
 * it again; it intercepts it with the `executeCommand` middleware instead: asks for the pool when
 * it is unknown, passes it on, writes the roll log and shows the result with «Roll again» and «Keep».
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient, Middleware } from 'vscode-languageclient';
import { Commands, type DocumentCheckInfo, type DocumentChecksQuery, type KeepRollResult, type RollCheckArgs, type RollCheckResult } from '../../server/src/protocol';
import { executeServerCommand } from './serverCommands';
import { keepRollArgs, keptRollDestination, sameRollArgs } from './keptRolls';
import { SECTION, Settings } from './settings';
import { requestDocumentInfo } from './documentInfo';
import { type PartyChoice, pickPartyRoller } from './partyPicker';
import type { PoolPicker } from './poolPicker';
import type { RollLog } from './rollLog';

/** Sends the arguments on to the server command; its result, as `CommandSignatures` declares it. */
type Send = (args: RollCheckArgs) => Promise<RollCheckResult>;

/** The check the arguments describe, as `rollmark/documentInfo` finds it: the same way the server's roll does. */
export function checkQuery(args: RollCheckArgs): DocumentChecksQuery {
  return { position: { line: args.line, character: args.character }, ...(args.text !== undefined ? { text: args.text } : {}) };
}

/**
 * Asks the server for the one check the arguments describe: null when the document has no such
 * check, undefined when the server does not answer (not running, the document not served,
 * refused arguments).
 */
export async function requestCheck(client: BaseLanguageClient | undefined, args: RollCheckArgs): Promise<DocumentCheckInfo | null | undefined> {
  const info = await requestDocumentInfo(client, args.uri, checkQuery(args));
  if (!info) return undefined;
  // The server selected it: its answer holds that check or none.
  return info.checks[0] ?? null;
}

export class RollFlow {
  constructor(
    private readonly client: () => BaseLanguageClient | undefined,
    private readonly log: RollLog,
    private readonly pools: PoolPicker,
  ) {}

  /** The `executeCommand` middleware: only `rollmark.rollCheck` is intercepted. */
  middleware(): NonNullable<Middleware['executeCommand']> {
    return async (command, args, next) => {
      if (command !== Commands.rollCheck) return next(command, args);
      const first: unknown = Array.isArray(args) ? args[0] : undefined;
      // Anything but an object goes to the server as it is: the server checks every argument (validate.ts) and says what is wrong.
      if (typeof first !== 'object' || first === null) return next(command, args);
      // A copy: the flow fills in the pool or the roller.
      return this.roll({ ...(first as RollCheckArgs) }, async (rollArgs): Promise<RollCheckResult> => next(command, [rollArgs]));
    };
  }

  /**
   * Rolls through the server: asks for the pool first when the check's pool is unknown and the
   * caller gave none (a `pool` argument skips the question, which is how tests roll such
   * checks). Resolves to undefined when the user dismisses the question.
   */
  async roll(args: RollCheckArgs, send: Send): Promise<RollCheckResult | undefined> {
    if (args.party && args.actor === undefined) {
      const choice = await this.partyQuestion(args);
      if (!choice) return undefined;
      if ('actor' in choice) {
        args.actor = choice.actor;
        delete args.party;
      }
    }
    if (args.pool === undefined && args.actor === undefined && !args.party) {
      const need = await this.poolQuestion(args);
      if (need) {
        const pool = await this.pools.pick(args.uri, need.check, args.poolAfterDifficulty === true);
        if (pool === undefined) return undefined;
        args.pool = pool;
      }
    }
    delete args.poolUnknown;
    delete args.poolAfterDifficulty;
    let result: RollCheckResult;
    try {
      result = await send(args);
    } catch (error) {
      this.log.appendError(vscode.l10n.t('Roll failed'), error);
      throw error;
    }
    this.log.append(result);
    // A replay (a kept roll's lens, a given seed) is a roll already kept or chosen: nothing new to keep.
    this.notify(result, args.pool, args.seed === undefined);
    return result;
  }

  /** The whole party or one character, asked when the server lists who can roll; the whole party when it does not. */
  private async partyQuestion(args: RollCheckArgs): Promise<PartyChoice | undefined> {
    const check = await requestCheck(this.client(), args);
    if (!check?.party) return { party: true };
    return pickPartyRoller(check.text, check.party);
  }

  /** Whether to ask for a pool, and the check's text for the question; undefined when not. */
  private async poolQuestion(args: RollCheckArgs): Promise<{ check?: string } | undefined> {
    if (args.poolUnknown === false) return undefined;
    // The caller (a code lens) already said the pool is unknown and which check it is: nothing to ask the server.
    if (args.poolUnknown === true && args.text) return { check: args.text };
    const check = (await requestCheck(this.client(), args)) ?? undefined;
    const unknown = args.poolUnknown ?? (check ? check.rollable && !check.poolKnown : false);
    if (!unknown) return undefined;
    const text = check?.text ?? args.text;
    return text ? { check: text } : {};
  }

  /**
   * The one-line result with «Roll again», which rolls the same check (same pool or roller, new
   * dice), and «Keep», which has the server write this very roll (its seed) into the session notes.
   */
  private notify(result: RollCheckResult, pool: number | undefined, keepable: boolean): void {
    const again = vscode.l10n.t('Roll again');
    const keep = vscode.l10n.t('Keep');
    const actions = keepable && result.roll.seed !== undefined ? [again, keep] : [again];
    void vscode.window.showInformationMessage(result.message, ...actions).then((choice) => {
      if (choice === again) {
        executeServerCommand(Commands.rollCheck, sameRollArgs(result, pool)).then(undefined, (error: unknown) => {
          void vscode.window.showErrorMessage(vscode.l10n.t('Rollmark: the roll failed: {0}', error instanceof Error ? error.message : String(error)));
        });
      } else if (choice === keep) {
        void keepRoll(result, pool);
      }
    });
  }
}

/** Has the server write the roll where `rollmark.keptRolls.destination` says, then says where it went. */
async function keepRoll(result: RollCheckResult, pool: number | undefined): Promise<void> {
  const where = keptRollDestination(vscode.workspace.getConfiguration(SECTION, vscode.Uri.parse(result.uri)).get(Settings.keptRollsDestination));
  const args = keepRollArgs(result, pool, where, new Date());
  if (!args) return;
  let answer: KeepRollResult | undefined;
  try {
    answer = await executeServerCommand(Commands.keepRoll, args);
  } catch (error) {
    answer = { kept: false, reason: error instanceof Error ? error.message : String(error) };
  }
  if (!answer) return;
  if (!answer.kept) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Rollmark could not keep the roll: {0}', answer.reason));
    return;
  }
  const uri = vscode.Uri.parse(answer.uri);
  const position = new vscode.Position(answer.line, 0);
  const open = vscode.l10n.t('Open');
  // A place as editors write it (`file:line`): the line's digits are not grouped.
  const choice = await vscode.window.showInformationMessage(vscode.l10n.t('Rollmark: the roll is kept in {0}', `${vscode.workspace.asRelativePath(uri, false)}:${answer.line + 1}`), open);
  if (choice === open) await vscode.window.showTextDocument(uri, { selection: new vscode.Range(position, position) });
}
