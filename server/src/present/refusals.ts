/**
 * Why a file was not read or written (analysis/project/fileRefusal.ts), in a few words, and the
 * notes the CLI writes for the files it could not read or passed over.
 */
import type { FileRefusal } from '../analysis/project/fileRefusal';
import type { Locale } from './locale';
import type { Wording } from './messages';
import type { Voice } from './voice';

/** The kinds of file that are not regular files (`FileRefusal.detail` of `not-a-regular-file`). */
const KINDS: Record<string, Record<Locale, string>> = {
  directory: { ru: 'это папка', en: 'it is a folder' },
  fifo: { ru: 'это именованный канал (FIFO)', en: 'it is a named pipe (FIFO)' },
  socket: { ru: 'это сокет', en: 'it is a socket' },
  device: { ru: 'это устройство', en: 'it is a device' },
  system: { ru: 'это системный файл (/proc, /sys, /dev)', en: 'it is a system file (/proc, /sys, /dev)' },
  'folder-link': { ru: 'это ссылка на папку, а по ссылкам на папки обход не идёт', en: 'it is a link to a folder, and links to folders are not followed' },
};

/** Why a file was refused, in a few words; `detail` and `limit` as FileRefusal documents them. */
const REFUSALS: Record<FileRefusal['reason'], Wording<FileRefusal>> = {
  'outside-workspace': {
    ru: (r) => `он ведёт за пределы рабочей папки${r.detail ? ` (в ${r.detail})` : ''}`,
    en: (r) => `it leads outside the workspace folder${r.detail ? ` (to ${r.detail})` : ''}`,
  },
  'not-a-regular-file': {
    ru: (r) => KINDS[r.detail ?? '']?.ru ?? 'это не обычный файл',
    en: (r) => KINDS[r.detail ?? '']?.en ?? 'it is not a regular file',
  },
  'not-a-folder': { ru: () => 'это не папка', en: () => 'it is not a folder' },
  'too-large': {
    ru: (r, v) => `файл больше предела в ${v.megabytes(r.limit ?? 0)}${r.detail ? ` (${v.megabytes(Number(r.detail))})` : ''}`,
    en: (r, v) => `the file is larger than the limit of ${v.megabytes(r.limit ?? 0)}${r.detail ? ` (${v.megabytes(Number(r.detail))})` : ''}`,
  },
  'too-many-files': {
    ru: (r, v) => `в папке больше ${v.number(r.limit ?? 0)} файлов; прочитаны первые по алфавиту`,
    en: (r, v) => `the folder has more than ${v.number(r.limit ?? 0)} files; the first ones in alphabetical order are read`,
  },
  unreadable: {
    ru: (r) => {
      if (r.detail === 'EACCES' || r.detail === 'EPERM') return 'нет прав на чтение';
      if (r.detail === 'folder') return 'нет прав на чтение папки, где он лежит';
      if (r.detail === 'changed') return 'файл подменили во время чтения';
      return `он не читается${r.detail ? ` (${r.detail})` : ''}`;
    },
    en: (r) => {
      if (r.detail === 'EACCES' || r.detail === 'EPERM') return 'permission to read it is denied';
      if (r.detail === 'folder') return 'permission to read the folder it is in is denied';
      if (r.detail === 'changed') return 'the file was replaced while being read';
      return `it cannot be read${r.detail ? ` (${r.detail})` : ''}`;
    },
  },
  'symlink-loop': { ru: () => 'символические ссылки на пути к нему образуют цикл', en: () => 'the symbolic links on its path form a loop' },
  'dangling-link': {
    ru: (r) => `это ссылка на несуществующий файл${r.detail ? ` ${r.detail}` : ''}`,
    en: (r) => `it is a link to a file that does not exist${r.detail ? ` (${r.detail})` : ''}`,
  },
  'not-utf8': {
    ru: (r) => `файл не в кодировке UTF-8${r.detail ? ` (похоже, ${r.detail})` : ''}`,
    en: (r) => `the file is not UTF-8${r.detail ? ` (it looks like ${r.detail})` : ''}`,
  },
  binary: { ru: () => 'это не текст: в файле есть нулевые байты', en: () => 'it is not text: the file has NUL bytes' },
  'read-only': { ru: () => 'файл только для чтения', en: () => 'the file is read-only' },
  'folder-not-writable': {
    ru: (r) => `нет прав на запись в папку${r.detail ? ` ${r.detail}` : ''}`,
    en: (r) => `permission to write in the folder${r.detail ? ` ${r.detail}` : ''} is denied`,
  },
  'write-failed': { ru: (r) => `запись не удалась${r.detail ? ` (${r.detail})` : ''}`, en: (r) => `writing failed${r.detail ? ` (${r.detail})` : ''}` },
};

/** Why, in a few words: «нет прав на чтение», "it leads outside the workspace folder (to /etc/passwd)". */
export function refusalReason(refusal: FileRefusal, v: Voice): string {
  return REFUSALS[refusal.reason][v.locale](refusal, v);
}


/** A file the CLI was asked to check and could not read. */
export function unreadFileMessage(path: string, refusal: FileRefusal, v: Voice): string {
  const why = refusalReason(refusal, v);
  return v.locale === 'ru' ? `не удалось прочитать ${path}: ${why}` : `could not read ${path}: ${why}`;
}

/** A file a folder walk passed over, by the file policy. */
export function skippedFileNote(path: string, refusal: FileRefusal, v: Voice): string {
  const why = refusalReason(refusal, v);
  return v.locale === 'ru' ? `пропущен ${path}: ${why}` : `skipped ${path}: ${why}`;
}
