/**
 * Which documents the language server sees. Scenario documents always; Markdown documents per
 * `rollmark.markdown.enable`. A VS Code document selector cannot look into a document, so for
 * `withRuleset` the selector takes every Markdown document and the synchronisation middleware
 * opens on the server only those whose front matter names a ruleset (as vscode-eslint does
 * for its `validate` setting). A document that gains a ruleset line is opened then; one that
 * loses it stays served until it is closed, so that diagnostics do not flicker while typing.
 */
import * as vscode from 'vscode';
import { type BaseLanguageClient, DidOpenTextDocumentNotification, type DocumentSelector, type Middleware } from 'vscode-languageclient/node';
import { namesRuleset } from './frontMatter';
import type { MarkdownMode } from './settings';

export const SCENARIO_LANGUAGE = 'scenario';
export const MARKDOWN_LANGUAGE = 'markdown';

/** Schemes the server can analyse: saved files and new unsaved documents. */
const SCHEMES = ['file', 'untitled'];

/** How much of a document the front-matter test reads (its first lines are enough). */
const FRONT_MATTER_PROBE = new vscode.Range(0, 0, 202, 0);

export function documentSelector(mode: MarkdownMode): DocumentSelector {
  const languages = mode === 'none' ? [SCENARIO_LANGUAGE] : [SCENARIO_LANGUAGE, MARKDOWN_LANGUAGE];
  return languages.flatMap((language) => SCHEMES.map((scheme) => ({ scheme, language })));
}

/** The documents open on the server, and the middleware that keeps it so. */
export class ServedDocuments {
  private readonly open = new Set<string>();

  constructor(
    readonly mode: MarkdownMode,
    private readonly client: () => BaseLanguageClient | undefined,
  ) {}

  /** Whether the document should be served now (its language, the setting, its front matter). */
  qualifies(document: vscode.TextDocument): boolean {
    if (!SCHEMES.includes(document.uri.scheme)) return false;
    if (document.languageId === SCENARIO_LANGUAGE) return true;
    if (document.languageId !== MARKDOWN_LANGUAGE) return false;
    if (this.mode === 'all') return true;
    return this.mode === 'withRuleset' && namesRuleset(document.getText(FRONT_MATTER_PROBE));
  }

  /** Whether the server has the document open. */
  has(uri: vscode.Uri | string): boolean {
    return this.open.has(uri.toString());
  }

  /** The synchronisation middleware, plus guards so that unserved documents ask the server nothing. */
  middleware(): Middleware {
    const served = (document: vscode.TextDocument) => this.has(document.uri);
    return {
      didOpen: async (document, next) => {
        if (!this.qualifies(document)) return;
        this.open.add(document.uri.toString());
        await next(document);
      },
      didChange: async (event, next) => {
        const uri = event.document.uri.toString();
        if (this.open.has(uri)) return next(event);
        if (!this.qualifies(event.document)) return;
        // Newly qualified (a ruleset line was typed or written by the ruleset command): the
        // open notification carries the whole current text, so the change itself is not sent.
        const client = this.client();
        if (!client) return;
        this.open.add(uri);
        await client.sendNotification(DidOpenTextDocumentNotification.type, client.code2ProtocolConverter.asOpenTextDocumentParams(event.document));
      },
      didClose: async (document, next) => {
        if (!this.open.delete(document.uri.toString())) return;
        await next(document);
      },
      willSave: async (event, next) => (served(event.document) ? next(event) : undefined),
      willSaveWaitUntil: (event, next) => (served(event.document) ? next(event) : Promise.resolve([])),
      didSave: async (document, next) => (served(document) ? next(document) : undefined),
      provideHover: (document, position, token, next) => (served(document) ? next(document, position, token) : undefined),
      provideCodeLenses: (document, token, next) => (served(document) ? next(document, token) : []),
      provideInlayHints: (document, range, token, next) => (served(document) ? next(document, range, token) : []),
      provideCompletionItem: (document, position, context, token, next) => (served(document) ? next(document, position, context, token) : undefined),
      provideCodeActions: (document, range, context, token, next) => (served(document) ? next(document, range, context, token) : []),
      provideDocumentSymbols: (document, token, next) => (served(document) ? next(document, token) : undefined),
    };
  }
}
