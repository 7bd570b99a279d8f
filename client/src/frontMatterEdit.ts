/** Writes the document's ruleset into its front matter, as an undoable workspace edit. */
import * as vscode from 'vscode';
import { rulesetEdit } from './frontMatter';

/** Sets `ruleset: <id>` in the document's front matter (creating the block when missing). */
export async function setDocumentRuleset(document: vscode.TextDocument, rulesetId: string): Promise<boolean> {
  const edit = rulesetEdit(document.getText(), rulesetId);
  const range = new vscode.Range(document.positionAt(edit.start), document.positionAt(edit.end));
  const workspaceEdit = new vscode.WorkspaceEdit();
  workspaceEdit.replace(document.uri, range, edit.newText);
  return vscode.workspace.applyEdit(workspaceEdit);
}
