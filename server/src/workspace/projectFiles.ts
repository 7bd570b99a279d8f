/**
 * The file system a workspace folder gives the server and the CLI: what they read (project files,
 * scenarios) and the one thing they write (the dictionary), under one policy (docs/cli.en.md,
 * "Files Rollmark reads"). This module is the interface and what every implementation shares; the
 * implementations live at the edges: node/projectFs.ts on a disk, workspace/clientFiles.ts through
 * the editor (a browser, a virtual workspace), the tests' in memory.
 */
import type { FileRefusal } from '../analysis/project/fileRefusal';
import type { FileRead, FolderList, WorkspaceFs } from '../analysis/project/workspaceConfig';

/** The largest project file (dictionary, ruleset) read: 1 MiB (docs/cli.en.md). */
export const MAX_PROJECT_FILE_BYTES = 1024 * 1024;
/** The most ruleset files read from one folder. */
export const MAX_LISTED_FILES = 256;
/** The largest scenario file read, by `rollmark check`, the workspace check and the report alike: 32 MiB (docs/cli.en.md). */
export const MAX_SCENARIO_FILE_BYTES = 32 * 1024 * 1024;
/** The most Markdown files a workspace check or report lists in one workspace folder. */
export const MAX_MARKDOWN_FILES = 20_000;
/** Folders a manuscript never lives in (besides those whose name starts with a dot). */
const SKIPPED_FOLDERS = new Set(['node_modules', 'out', 'dist']);

/** Whether a folder walk (the workspace check, `rollmark check`) leaves this folder out. */
export function isSkippedFolder(name: string): boolean {
  return name.startsWith('.') || SKIPPED_FOLDERS.has(name);
}

const MARKDOWN_EXTENSIONS = ['.md', '.markdown'];

/** Whether a file name is a Markdown file's (`*.md`, `*.markdown`, any case). */
export function isMarkdownName(name: string): boolean {
  return MARKDOWN_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));
}

/** Thrown by {@link ProjectFiles.edit} when the file cannot be written; `path` is workspace-relative. */
export class FileRefusedError extends Error {
  constructor(
    readonly path: string,
    readonly refusal: FileRefusal,
  ) {
    super(`${path}: ${refusal.reason}${refusal.detail ? ` (${refusal.detail})` : ''}`);
    this.name = 'FileRefusedError';
  }
}

/** A text file's content: the BOM is taken off the text (editors do so too) and remembered for writing. */
export interface TextContent {
  text: string;
  bom: boolean;
}

export type TextRead = ({ kind: 'text' } & TextContent) | { kind: 'refused'; refusal: FileRefusal };

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** UTF-8 text without NUL bytes, or why not. */
export function decodeText(bytes: Uint8Array): TextRead {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return { kind: 'refused', refusal: { reason: 'not-utf8', detail: 'UTF-16' } };
  if (bytes.indexOf(0) >= 0) return { kind: 'refused', refusal: { reason: 'binary' } };
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return { kind: 'refused', refusal: { reason: 'not-utf8' } };
  }
  const bom = text.charCodeAt(0) === 0xfeff;
  return { kind: 'text', text: bom ? text.slice(1) : text, bom };
}

/** Runs one task per key at a time, in the order asked: the dictionary's read-edit-write is one task. */
const queues = new Map<string, Promise<unknown>>();

export function serialised<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const run = previous.then(task, task);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return run;
}

/** What an edit did: `written` is false when the change left the text as it was. */
export interface EditResult {
  written: boolean;
}

/** The file system a project needs: reading under the policy, and the dictionary's edits. */
export interface ProjectFiles extends WorkspaceFs {
  /**
   * Reads the file (undefined when it does not exist), gives its text to `change`, and writes
   * what `change` returns, unless that is the same text; serialised with every other edit of
   * the same file. Throws {@link FileRefusedError} when the file cannot be read or written.
   */
  edit(relative: string, change: (text: string | undefined) => string): Promise<EditResult>;
  /**
   * The Markdown files (`*.md`, `*.markdown`) under the root, workspace-relative, in name order,
   * at most {@link MAX_MARKDOWN_FILES} (`truncated` past that). Folders whose name starts with a dot
   * and `node_modules`, `out`, `dist` are skipped; links to folders are not followed; a link to a
   * file is listed only when it stays inside the root; a FIFO, socket or device is never listed.
   */
  markdownFiles(): Promise<FolderList>;
  /** A scenario's text, under the same policy as {@link WorkspaceFs.readFile}, up to {@link MAX_SCENARIO_FILE_BYTES}. */
  readScenario(relative: string): Promise<FileRead>;
  /** The file's modification time and size, undefined when it cannot be read: a changed stamp, a changed file. */
  stamp(relative: string): Promise<string | undefined>;
}

/** Gives the file system of a workspace folder (by its URI), or undefined when the host cannot reach it. */
export type FsFactory = (folderUri: string) => ProjectFiles | undefined;
