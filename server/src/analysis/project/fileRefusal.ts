/**
 * Why a file is not used or not written, as the file-system layer (workspace/projectFiles.ts)
 * decides it: data, which present/messages.ts words for the server, the CLI and the dictionary
 * command. Pure: the layer that touches the disk lives in node/; docs/cli.en.md, "Files Rollmark
 * reads", documents the rules.
 */

export type FileRefusalReason =
  /** The path, its symbolic links resolved, leaves the workspace folder. */
  | 'outside-workspace'
  /** A directory, FIFO, socket, device or system file where a file belongs. */
  | 'not-a-regular-file'
  /** A file (or anything else) where a folder belongs. */
  | 'not-a-folder'
  | 'too-large'
  /** A folder with more files than are read. */
  | 'too-many-files'
  /** No permission, or an input/output error. */
  | 'unreadable'
  | 'symlink-loop'
  /** A symbolic link to nothing. */
  | 'dangling-link'
  | 'not-utf8'
  /** NUL bytes: not text. */
  | 'binary'
  /** Writing only: the file has no write permission. */
  | 'read-only'
  /** Writing only: the folder does not let a file be created in it. */
  | 'folder-not-writable'
  /** Writing only: the disk refused (full, quota, input/output error). */
  | 'write-failed';

export interface FileRefusal {
  reason: FileRefusalReason;
  /**
   * What makes it concrete: the link's target, the kind of file (`directory`, `fifo`, `socket`,
   * `device`, `system`, `folder-link`), the size in bytes, the system's error code, `folder` or
   * `changed` for an unreadable file, the encoding a non-UTF-8 file looks like.
   */
  detail?: string;
  /** For `too-large` and `too-many-files`: the limit. */
  limit?: number;
}

/**
 * Why a file the user named for output (`rollmark report -o`) is not written: the file policy's
 * reasons, a folder that does not exist (`detail`), or a file the run must never overwrite — one
 * it reads, a scenario (`*.scenario.md`), a project file (in `.rollmark/`).
 */
export type WriteRefusal = FileRefusal | { reason: 'missing-folder'; detail: string } | { reason: 'run-input' | 'scenario' | 'project-file' };

/** How large a document is analysed by default, in megabytes of UTF-8 (`rollmark.maxDocumentSizeMB`, `--max-document-size-mb`). */
export const DEFAULT_MAX_DOCUMENT_MB = 20;

/** Bytes in a megabyte, as the size limits count them. */
export const MEGABYTE = 1024 * 1024;

/** The text's size in UTF-8, counted without encoding it (in any host: no Buffer). */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A surrogate pair is 4 bytes: 2 for each half.
    bytes += unit < 0x80 ? 1 : unit < 0x800 || (unit >= 0xd800 && unit <= 0xdfff) ? 2 : 3;
  }
  return bytes;
}

/**
 * Why a document's text is not analysed: larger than `maxBytes` of UTF-8 (`too-large`); undefined
 * when it is not. The exact size is counted only for a text near the limit.
 */
export function tooLargeToAnalyze(text: string, maxBytes: number): FileRefusal | undefined {
  // A UTF-16 unit is 1 to 3 bytes of UTF-8 (a surrogate pair, 4 for two).
  if (text.length * 3 <= maxBytes) return undefined;
  const bytes = utf8Bytes(text);
  return bytes > maxBytes ? { reason: 'too-large', detail: String(bytes), limit: maxBytes } : undefined;
}

/** Refusals about a regular file of the workspace: the file itself can carry the diagnostic. */
export function refusalFitsOnFile(refusal: FileRefusal): boolean {
  return refusal.reason === 'too-large' || refusal.reason === 'not-utf8' || refusal.reason === 'binary' || (refusal.reason === 'unreadable' && refusal.detail !== 'folder');
}
