/**
 * Command ids the extension registers (contributed in package.json). The server's own commands
 * (`Commands` in server/src/protocol.ts: `rollmark.rollCheck`, `rollmark.addToDictionary`) are
 * registered by vscode-languageclient, because the server advertises them; the client must not
 * register those ids again.
 */
export const ClientCommands = {
  /** Rolls the check under the cursor (through `rollmark.rollCheck`); resolves to its `RollCheckResult`. */
  rollAtCursor: 'rollmark.rollAtCursor',
  /**
   * `(uri?)`: asks whether to choose the ruleset of the document or of the workspace, then which
   * (the status bar item runs it); the editor has the focus again afterwards.
   */
  chooseRuleset: 'rollmark.chooseRuleset',
  /**
   * `(uri?, rulesetId?)`: writes `ruleset:` into the document's front matter; without an id, asks
   * (the «No ruleset» status bar item and the invitation run it); the editor has the focus again afterwards.
   */
  chooseDocumentRuleset: 'rollmark.chooseDocumentRuleset',
  /** `(rulesetId?)`: sets `rollmark.defaultRuleset` (`''` removes it); without an id, asks. */
  chooseWorkspaceRuleset: 'rollmark.chooseWorkspaceRuleset',
  /** `(uri?)`: asks which party of `.rollmark/party.yaml` the folder's scenarios are analysed with, and sets `rollmark.party` (the party status bar item runs it). */
  chooseParty: 'rollmark.chooseParty',
  /** Reveals the roll log (output channel «Rollmark»). */
  showRollLog: 'rollmark.showRollLog',
  /** Has the server read the project files again and check every scenario file anew (`rollmark.reloadProject`). */
  recheckWorkspace: 'rollmark.recheckWorkspace',
  /** `(uri?)`: the server's `rollmark/documentInfo` for the document (default: the active one). Not in the palette. */
  documentInfo: 'rollmark.documentInfo',
  /** `(scope?: 'document' | 'workspace', uri?)`: «Обзор сценария», the report in a webview; without a scope, asks. */
  showReport: 'rollmark.showReport',
  /** `(uri?)`: the luck audit of a session log (default: the active one, else asks) in the Markdown preview. */
  showLuckAudit: 'rollmark.showLuckAudit',
  /** «Словарь для LTeX+»: the server writes the folder's `.rollmark/ltex.dictionary.txt`; offers to add it to `ltex.dictionary`. */
  exportLtexDictionary: 'rollmark.exportLtexDictionary',
} as const;

export type ClientCommandId = (typeof ClientCommands)[keyof typeof ClientCommands];
