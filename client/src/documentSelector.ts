/**
 * Which documents the client sends to the server: every Markdown document that is a file or a
 * new unsaved one. The server decides which of them it analyses (`*.scenario.md` files, and other
 * Markdown per `rollmark.markdown.enable`), so every editor gets the same answer.
 */
import type { DocumentSelector } from 'vscode-languageclient';
import { MARKDOWN_LANGUAGE_ID } from '../../server/src/protocol';

/** Schemes the server can analyse: saved files and new unsaved documents. */
const SCHEMES = ['file', 'untitled'];

export const DOCUMENT_SELECTOR: DocumentSelector = SCHEMES.map((scheme) => ({ scheme, language: MARKDOWN_LANGUAGE_ID }));
