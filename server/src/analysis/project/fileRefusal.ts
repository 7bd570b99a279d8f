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

/** Refusals about a regular file of the workspace: the file itself can carry the diagnostic. */
export function refusalFitsOnFile(refusal: FileRefusal): boolean {
  return refusal.reason === 'too-large' || refusal.reason === 'not-utf8' || refusal.reason === 'binary' || (refusal.reason === 'unreadable' && refusal.detail !== 'folder');
}
