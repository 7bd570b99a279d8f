/**
 * «» close themselves in Markdown, as brackets do: checks are written in guillemets. A language
 * configuration set through the API replaces Markdown's whole list of auto-closing pairs, so
 * the list is VS Code's own (read from its markdown-basics extension, which ships it) plus «».
 */
import * as vscode from 'vscode';
import { MARKDOWN_LANGUAGE_ID } from '../../server/src/protocol';

const GUILLEMETS: vscode.AutoClosingPair = { open: '«', close: '»' };

/** markdown-basics' pairs in VS Code 1.100, should its file be missing or unreadable. */
const MARKDOWN_PAIRS: vscode.AutoClosingPair[] = [
  { open: '{', close: '}' },
  { open: '[', close: ']' },
  { open: '(', close: ')' },
  { open: '<', close: '>', notIn: [vscode.SyntaxTokenType.String] },
];

function isPair(value: unknown): value is { open: string; close: string; notIn?: unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { open?: unknown }).open === 'string' && typeof (value as { close?: unknown }).close === 'string';
}

const TOKEN_TYPES: Record<string, vscode.SyntaxTokenType> = { string: vscode.SyntaxTokenType.String, comment: vscode.SyntaxTokenType.Comment };

/** The auto-closing pairs of VS Code's own Markdown configuration, or undefined when it cannot be read. */
async function markdownPairs(): Promise<vscode.AutoClosingPair[] | undefined> {
  const basics = vscode.extensions.getExtension('vscode.markdown-basics');
  if (!basics) return undefined;
  try {
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(basics.extensionUri, 'language-configuration.json')));
    const pairs: unknown = (JSON.parse(text) as { autoClosingPairs?: unknown }).autoClosingPairs;
    if (!Array.isArray(pairs)) return undefined;
    return pairs.filter(isPair).map((pair) => {
      const notIn = Array.isArray(pair.notIn) ? pair.notIn.flatMap((t) => (typeof t === 'string' && t in TOKEN_TYPES ? [TOKEN_TYPES[t]] : [])) : [];
      return notIn.length > 0 ? { open: pair.open, close: pair.close, notIn } : { open: pair.open, close: pair.close };
    });
  } catch {
    return undefined;
  }
}

export async function closeGuillemets(): Promise<vscode.Disposable> {
  const pairs = (await markdownPairs()) ?? MARKDOWN_PAIRS;
  return vscode.languages.setLanguageConfiguration(MARKDOWN_LANGUAGE_ID, { autoClosingPairs: [...pairs.filter((p) => p.open !== GUILLEMETS.open), GUILLEMETS] });
}
