/**
 * Why a file Rollmark writes was not written, and what to do, in the user's language: the report
 * of `rollmark report -o`, standard output, a term for the project dictionary. The file layer
 * (workspace/projectFs.ts) and the dictionary edit (workspace/projectDictionary.ts) give reasons as
 * data; every path and term is echoed short (present/echo.ts).
 */
import type { WriteRefusal } from '../analysis/project/fileRefusal';
import { echoed } from './echo';
import type { Locale } from './locale';
import { refusalReason } from './refusals';
import { voice } from './voice';

/** The disk's own reasons in words (full, read-only, locked by another writer); the file policy's otherwise. */
export function writeFailureReason(refusal: WriteRefusal, locale: Locale): string {
  const { w } = voice(locale);
  switch (refusal.reason) {
    case 'run-input':
      return w.writeRunInput;
    case 'scenario':
      return w.writeScenario;
    case 'project-file':
      return w.writeProjectFile;
    case 'missing-folder':
      return w.writeMissingFolder(echoed(refusal.detail));
    case 'write-failed':
      if (refusal.detail === 'ENOSPC' || refusal.detail === 'EDQUOT') return w.writeDiskFull;
      if (refusal.detail === 'EROFS') return w.writeReadOnlyDisk;
      if (refusal.detail === 'ELOCKED') return w.writeLocked;
      return refusalReason(refusal, voice(locale));
    default:
      return refusalReason({ ...refusal, ...(refusal.detail === undefined ? {} : { detail: echoed(refusal.detail) }) }, voice(locale));
  }
}

/** What the user can do about a report that was not written. */
function outputTodo(refusal: WriteRefusal, locale: Locale): string {
  const { w } = voice(locale);
  switch (refusal.reason) {
    case 'read-only':
      return w.todoWritable;
    case 'not-a-regular-file':
      return refusal.detail === 'directory' ? w.todoFileNotFolder : w.todoOtherOutput;
    case 'missing-folder':
      return w.todoCreateFolder;
    case 'folder-not-writable':
      return w.todoWritableFolder;
    case 'write-failed':
      if (refusal.detail === 'ENOSPC' || refusal.detail === 'EDQUOT') return w.todoFreeSpace;
      if (refusal.detail === 'EROFS') return w.todoWritableFolder;
      return w.todoRetry;
    default:
      return w.todoOtherOutput;
  }
}

/** `rollmark report -o`: «the report was not written to out/report.html: the disk is full; free some space or …». */
export function reportNotWrittenMessage(path: string, refusal: WriteRefusal, locale: Locale): string {
  return voice(locale).w.reportNotWritten(echoed(path), writeFailureReason(refusal, locale), outputTodo(refusal, locale));
}

/** `rollmark dictionary -o FILE` or the editor's LTeX+ dictionary was not written. */
export function spellingDictionaryNotWrittenMessage(path: string, refusal: WriteRefusal, locale: Locale): string {
  return voice(locale).w.spellingDictionaryNotWritten(echoed(path), writeFailureReason(refusal, locale), outputTodo(refusal, locale));
}

/** Standard output refused the text (a full disk behind `>`). */
export function outputNotWrittenMessage(code: string, locale: Locale): string {
  return voice(locale).w.outputNotWritten(writeFailureReason({ reason: 'write-failed', detail: code }, locale));
}
