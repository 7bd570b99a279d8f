/** The language server in a browser (vscode.dev, github.dev): the bundled dist/browser/server.js in a Web Worker. */
import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/browser';
import type { ServerStarter } from './languageClient';

/** The browser's Worker: the client compiles without DOM's types, and this is the one browser global it uses. */
declare const Worker: new (url: string) => object;

export function browserServer(context: vscode.ExtensionContext): ServerStarter {
  const main = vscode.Uri.joinPath(context.extensionUri, 'dist/browser/server.js');
  return (id, name, options) => new LanguageClient(id, name, options, new Worker(main.toString(true)));
}
