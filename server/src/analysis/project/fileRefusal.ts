/**
 * Why a file is not used or not written, as the file-system layer (workspace/projectFiles.ts)
 * decides it, and how the server, the CLI and the dictionary command say so. Pure: the layer
 * that touches the disk lives in node/; docs/cli.en.md, "Files Rollmark reads", documents the rules.
 */
import type { Locale } from '../types';

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
  /** What makes it concrete: the link's target, the kind of file, the size in bytes, the system's error code. */
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

/** Why a term was not added to the project dictionary (workspace/projectDictionary.ts); present/fileWrites.ts words it. */
export type DictionaryProblem =
  /** The file could not be read or written. */
  | { kind: 'refused'; refusal: FileRefusal }
  /** The file has a problem (its first diagnostic's message). */
  | { kind: 'file-problem'; problem: string }
  | { kind: 'not-a-list' }
  /** The list is written in a way the term cannot be added to without rewriting the author's text. */
  | { kind: 'by-hand' }
  | { kind: 'term-too-long'; limit: number }
  /** The file with the term would be larger than the limit (bytes) a dictionary is read up to. */
  | { kind: 'too-large'; limit: number };

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

const KINDS: Record<string, { ru: string; en: string }> = {
  directory: { ru: 'это папка', en: 'it is a folder' },
  fifo: { ru: 'это именованный канал (FIFO)', en: 'it is a named pipe (FIFO)' },
  socket: { ru: 'это сокет', en: 'it is a socket' },
  device: { ru: 'это устройство', en: 'it is a device' },
  system: { ru: 'это системный файл (/proc, /sys, /dev)', en: 'it is a system file (/proc, /sys, /dev)' },
  'folder-link': { ru: 'это ссылка на папку, а по ссылкам на папки обход не идёт', en: 'it is a link to a folder, and links to folders are not followed' },
};

function megabytes(bytes: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / (1024 * 1024));
}

function count(n: number, locale: Locale): string {
  return new Intl.NumberFormat(locale).format(n);
}

/** Why, in a few words: «нет прав на чтение», "it leads outside the workspace folder (to /etc/passwd)". */
export function refusalReason(refusal: FileRefusal, locale: Locale): string {
  const detail = refusal.detail ?? '';
  const ru = locale === 'ru';
  switch (refusal.reason) {
    case 'outside-workspace':
      return ru ? `он ведёт за пределы рабочей папки${detail ? ` (в ${detail})` : ''}` : `it leads outside the workspace folder${detail ? ` (to ${detail})` : ''}`;
    case 'not-a-regular-file':
      return (KINDS[detail] ?? { ru: 'это не обычный файл', en: 'it is not a regular file' })[locale];
    case 'not-a-folder':
      return ru ? 'это не папка' : 'it is not a folder';
    case 'too-large': {
      const limit = megabytes(refusal.limit ?? 0, locale);
      const size = detail ? megabytes(Number(detail), locale) : '';
      return ru ? `файл больше предела в ${limit}${size ? ` (${size})` : ''}` : `the file is larger than the limit of ${limit}${size ? ` (${size})` : ''}`;
    }
    case 'too-many-files':
      return ru ? `в папке больше ${count(refusal.limit ?? 0, locale)} файлов; прочитаны первые по алфавиту` : `the folder has more than ${count(refusal.limit ?? 0, locale)} files; the first ones in alphabetical order are read`;
    case 'unreadable':
      if (detail === 'EACCES' || detail === 'EPERM') return ru ? 'нет прав на чтение' : 'permission to read it is denied';
      if (detail === 'folder') return ru ? 'нет прав на чтение папки, где он лежит' : 'permission to read the folder it is in is denied';
      if (detail === 'changed') return ru ? 'файл подменили во время чтения' : 'the file was replaced while being read';
      return ru ? `он не читается${detail ? ` (${detail})` : ''}` : `it cannot be read${detail ? ` (${detail})` : ''}`;
    case 'symlink-loop':
      return ru ? 'символические ссылки на пути к нему образуют цикл' : 'the symbolic links on its path form a loop';
    case 'dangling-link':
      return ru ? `это ссылка на несуществующий файл${detail ? ` ${detail}` : ''}` : `it is a link to a file that does not exist${detail ? ` (${detail})` : ''}`;
    case 'not-utf8':
      return ru ? `файл не в кодировке UTF-8${detail ? ` (похоже, ${detail})` : ''}` : `the file is not UTF-8${detail ? ` (it looks like ${detail})` : ''}`;
    case 'binary':
      return ru ? 'это не текст: в файле есть нулевые байты' : 'it is not text: the file has NUL bytes';
    case 'read-only':
      return ru ? 'файл только для чтения' : 'the file is read-only';
    case 'folder-not-writable':
      return ru ? `нет прав на запись в папку${detail ? ` ${detail}` : ''}` : `permission to write in the folder${detail ? ` ${detail}` : ''} is denied`;
    case 'write-failed':
      return ru ? `запись не удалась${detail ? ` (${detail})` : ''}` : `writing failed${detail ? ` (${detail})` : ''}`;
  }
}

/** A project file the server or the CLI cannot use: «Файл проекта «…» не используется: …». */
export function unusedFileMessage(path: string, refusal: FileRefusal, locale: Locale): string {
  return locale === 'ru' ? `Файл проекта «${path}» не используется: ${refusalReason(refusal, locale)}` : `The project file "${path}" is not used: ${refusalReason(refusal, locale)}`;
}

/** A file the CLI was asked to check and could not read. */
export function unreadFileMessage(path: string, refusal: FileRefusal, locale: Locale): string {
  return locale === 'ru' ? `не удалось прочитать ${path}: ${refusalReason(refusal, locale)}` : `could not read ${path}: ${refusalReason(refusal, locale)}`;
}

/** A file a folder walk passed over, by the file policy. */
export function skippedFileNote(path: string, refusal: FileRefusal, locale: Locale): string {
  return locale === 'ru' ? `пропущен ${path}: ${refusalReason(refusal, locale)}` : `skipped ${path}: ${refusalReason(refusal, locale)}`;
}
