import * as vscode from 'vscode';

/** The settings section the server reads (`workspace/configuration`, section `rollmark`). */
export const SECTION = 'rollmark';

/**
 * Which Markdown documents the server analyses (`rollmark.markdown.enable`):
 * - `withRuleset`: only those whose front matter names a ruleset (`ruleset:`, `система:`, `правила:`);
 * - `all`: every Markdown document;
 * - `none`: none (scenario documents are always served).
 */
export type MarkdownMode = 'withRuleset' | 'all' | 'none';

export const MARKDOWN_MODES: readonly MarkdownMode[] = ['withRuleset', 'all', 'none'];

/** Setting ids the client itself reads; the server reads the rest of the section. */
export const Settings = {
  markdownEnable: 'markdown.enable',
  defaultRuleset: 'defaultRuleset',
} as const;

export function markdownMode(): MarkdownMode {
  const value = vscode.workspace.getConfiguration(SECTION).get<string>(Settings.markdownEnable);
  return (MARKDOWN_MODES as readonly string[]).includes(value ?? '') ? (value as MarkdownMode) : 'withRuleset';
}

/** The locale the server should answer in: VS Code's display language, Russian or English. */
export function serverLocale(): 'ru' | 'en' {
  return vscode.env.language.toLowerCase().startsWith('ru') ? 'ru' : 'en';
}
