/**
 * The extension's activation, the same in VS Code desktop (extension.ts) and in a browser
 * (browserExtension.ts), which differ only in how the server starts: wires the language client,
 * the roll flow, the roll log, the status bar and the commands. Each lives in its own file;
 * nothing is computed here.
 */
import * as vscode from 'vscode';
import type { RollmarkApi } from './api';
import { CodeLensWindow } from './codeLensWindow';
import { ClientCommands } from './commandIds';
import { registerCommands } from './commands';
import { TypingPause } from './typingPause';
import { LanguageClientHost, SERVER_CHANNEL, type ServerStarter } from './languageClient';
import { LuckAuditView } from './luckAudit';
import { registerLtexDictionaryCommand } from './ltexDictionary';
import { PoolPicker } from './poolPicker';
import { PreviewChips } from './previewChips';
import { ReportView } from './reportView';
import { RollLog } from './rollLog';
import { RollFlow } from './rolls';
import { RulesetInvitation } from './invitation';
import { registerSheetValueCommand, valueChoiceMiddleware } from './sheetValue';
import { RulesetStatus } from './statusBar';
import { chooseParty, PartyStatus } from './partySwitch';
import { WalkthroughProgress } from './walkthrough';

let host: LanguageClientHost | undefined;

/** Set once the extension runs (package.json `when` clauses). */
const ACTIVE_CONTEXT = 'rollmark.active';

/** Milliseconds between trust being granted and the restart it needs (several grants coalesce). */
const RESTART_DELAY = 250;

export async function activateRollmark(context: vscode.ExtensionContext, startServer: ServerStarter): Promise<RollmarkApi> {
  const log = new RollLog();
  const serverChannel = vscode.window.createOutputChannel(SERVER_CHANNEL);
  const pools = new PoolPicker(context.workspaceState);
  const rolls = new RollFlow(() => host?.current, log, pools);
  const lenses = new CodeLensWindow(() => host?.current);
  const typing = new TypingPause();
  const walkthrough = new WalkthroughProgress();
  const clientHost = new LanguageClientHost(startServer, serverChannel, () => {
    const waiting = typing.middleware(lenses.middleware());
    return { ...waiting, ...walkthrough.middleware(waiting.provideCodeLenses, rolls.middleware()), ...valueChoiceMiddleware() };
  });
  host = clientHost;
  const status = new RulesetStatus(clientHost, new RulesetInvitation(context.globalState, context.workspaceState), (info) => walkthrough.rulesetShown(info));
  const partyStatus = new PartyStatus(clientHost);
  const report = new ReportView(clientHost, context.extensionUri);
  const chips = new PreviewChips(clientHost);
  const audits = new LuckAuditView(clientHost);
  const restartSoon = () => clientHost.restartSoon(RESTART_DELAY, reportStartFailure);

  context.subscriptions.push(
    log,
    serverChannel,
    lenses,
    typing,
    clientHost,
    status,
    partyStatus,
    report,
    chips,
    audits,
    ...registerCommands({ host: clientHost, log, refreshStatus: () => status.refreshSoon() }),
    registerSheetValueCommand(),
    vscode.commands.registerCommand(ClientCommands.chooseParty, (uri?: unknown) => chooseParty(clientHost, uri)),
    vscode.commands.registerCommand(ClientCommands.showReport, (scope?: unknown, uri?: unknown) => {
      walkthrough.mark('overviewShown');
      return report.show(scope, uri);
    }),
    vscode.commands.registerCommand(ClientCommands.showLuckAudit, (uri?: unknown) => audits.show(uri)),
    registerLtexDictionaryCommand(clientHost),
    // Trust granted: start again so that the server reads the user ruleset files.
    vscode.workspace.onDidGrantWorkspaceTrust(() => restartSoon()),
  );

  // The palette offers the commands that need the extension once it runs (package.json menus).
  void vscode.commands.executeCommand('setContext', ACTIVE_CONTEXT, true);
  await clientHost.start().catch(reportStartFailure);

  return {
    ready: () => clientHost.whenSettled(),
    get rolls() {
      return log.entries;
    },
    isServed: (uri) => clientHost.isServed(uri),
    statusBarInfo: () => status.info,
    // VS Code's Markdown preview calls it (contributes.markdown.markdownItPlugins).
    extendMarkdownIt: (md) => chips.extendMarkdownIt(md),
    previewChips: (uri) => chips.of(uri),
    lastReport: () => report.lastReport,
  };
}

function reportStartFailure(error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  void vscode.window.showErrorMessage(vscode.l10n.t('Rollmark: the language server did not start: {0}', reason));
}

export async function deactivateRollmark(): Promise<void> {
  await host?.stop();
  host = undefined;
}
