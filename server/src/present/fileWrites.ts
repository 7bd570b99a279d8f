/**
 * Why a file Rollmark writes was not written, and what to do, in the user's language: the report
 * of `rollmark report -o`, standard output, a term for the project dictionary. The file layer
 * (workspace/projectFs.ts) and the dictionary edit (workspace/projectDictionary.ts) give reasons as
 * data; every path and term is echoed short (analysis/echo.ts).
 */
import { echoed } from '../analysis/echo';
import { type DictionaryProblem, refusalReason, type WriteRefusal } from '../analysis/project/fileRefusal';
import type { Locale } from '../analysis/types';
import { formatMegabytes } from './numbers';
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
      return refusalReason(refusal, locale);
    default:
      return refusalReason({ ...refusal, ...(refusal.detail === undefined ? {} : { detail: echoed(refusal.detail) }) }, locale);
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

/** Standard output refused the text (a full disk behind `>`). */
export function outputNotWrittenMessage(code: string, locale: Locale): string {
  return voice(locale).w.outputNotWritten(writeFailureReason({ reason: 'write-failed', detail: code }, locale));
}

/** «"…" was not added to the project dictionary .rollmark/dictionary.yaml: …». */
export function dictionaryFailureMessage(path: string, term: string, problem: DictionaryProblem, locale: Locale): string {
  const { w } = voice(locale);
  let why: string;
  switch (problem.kind) {
    case 'refused':
      why = writeFailureReason(problem.refusal, locale);
      break;
    case 'file-problem':
      why = w.dictionaryFileProblem(problem.problem);
      break;
    case 'not-a-list':
      why = w.dictionaryNotAList;
      break;
    case 'by-hand':
      why = w.dictionaryByHand;
      break;
    case 'term-too-long':
      why = w.dictionaryTermTooLong(String(problem.limit));
      break;
    case 'too-large':
      why = w.dictionaryTooLarge(formatMegabytes(problem.limit, locale));
      break;
  }
  return w.termNotAdded(echoed(term), echoed(path), why);
}
