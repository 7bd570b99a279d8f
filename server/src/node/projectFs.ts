/**
 * The project files on a disk (workspace/projectFiles.ts's interface), for the Node server and the
 * CLI (docs/cli.en.md, "Files Rollmark reads"). Before a byte is read:
 * - the path, its symbolic links resolved (realpath), stays inside the root folder;
 * - only a regular file is opened, never a FIFO, socket, device or anything under /proc, /sys
 *   or /dev: the type is checked, then the file is opened with O_NONBLOCK | O_NOFOLLOW and the
 *   open descriptor checked again (fstat), so a file swapped in between cannot hang the reader;
 * - the size is checked before reading, and no more than the limit is ever read;
 * - the text must be UTF-8 without NUL bytes.
 * Anything else is a typed refusal ({@link FileRefusal}) that callers turn into a diagnostic or
 * a message. Writes go through {@link ProjectFs.edit}: serialised per file, atomic (a temporary
 * file in the same folder, renamed over the old one), never outside the root.
 */
import { constants, type Dirent, type Stats } from 'node:fs';
import { access, chmod, chown, lstat, mkdir, open, readdir, readlink, realpath, rename, stat, unlink } from 'node:fs/promises';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  decodeText,
  type EditResult,
  type FileRead,
  type FileRefusal,
  FileRefusedError,
  type FolderList,
  type FsFactory,
  isInsideWorkspace,
  isMarkdownName,
  isSkippedFolder,
  MAX_LISTED_FILES,
  MAX_MARKDOWN_FILES,
  MAX_PROJECT_FILE_BYTES,
  MAX_SCENARIO_FILE_BYTES,
  type ProjectFiles,
  serialised,
  type TextContent,
  type TextRead,
} from '../service';

const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);
const SYSTEM_ROOTS = ['/proc', '/sys', '/dev'];

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'EIO';
}

function isInside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative === '' || (!relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative));
}

function isSystemPath(real: string): boolean {
  return SYSTEM_ROOTS.some((root) => real === root || real.startsWith(`${root}/`));
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'directory';
  if (stats.isFIFO()) return 'fifo';
  if (stats.isSocket()) return 'socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'device';
  return 'other';
}

/**
 * Reads a path that has no symbolic links left (a realpath): a regular file, at most `maxBytes`,
 * UTF-8. The descriptor opened must be the very file whose type and size were checked.
 */
async function readResolvedFile(real: string, maxBytes: number): Promise<TextRead> {
  if (isSystemPath(real)) return { kind: 'refused', refusal: { reason: 'not-a-regular-file', detail: 'system' } };
  let expected: Stats;
  try {
    expected = await lstat(real);
  } catch (error) {
    return { kind: 'refused', refusal: { reason: 'unreadable', detail: errorCode(error) } };
  }
  if (!expected.isFile()) return { kind: 'refused', refusal: { reason: 'not-a-regular-file', detail: kindOf(expected) } };
  if (expected.size > maxBytes) return { kind: 'refused', refusal: { reason: 'too-large', detail: String(expected.size), limit: maxBytes } };
  let handle;
  try {
    handle = await open(real, OPEN_FLAGS);
  } catch (error) {
    const code = errorCode(error);
    // O_NOFOLLOW: the file became a link after it was checked.
    return { kind: 'refused', refusal: code === 'ELOOP' ? { reason: 'unreadable', detail: 'changed' } : { reason: 'unreadable', detail: code } };
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return { kind: 'refused', refusal: { reason: 'not-a-regular-file', detail: kindOf(stats) } };
    if (stats.ino !== expected.ino || stats.dev !== expected.dev) return { kind: 'refused', refusal: { reason: 'unreadable', detail: 'changed' } };
    if (stats.size > maxBytes) return { kind: 'refused', refusal: { reason: 'too-large', detail: String(stats.size), limit: maxBytes } };
    // One byte more than allowed tells a file that grew since fstat from one that did not.
    const buffer = Buffer.alloc(Math.min(stats.size, maxBytes) + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > maxBytes) return { kind: 'refused', refusal: { reason: 'too-large', detail: String(length), limit: maxBytes } };
    return decodeText(buffer.subarray(0, length));
  } catch (error) {
    return { kind: 'refused', refusal: { reason: 'unreadable', detail: errorCode(error) } };
  } finally {
    await handle.close().catch(() => undefined);
  }
}

type Resolved = { kind: 'found'; real: string } | { kind: 'missing' } | { kind: 'refused'; refusal: FileRefusal };

/**
 * Where a path inside `root` really is. A missing path is told from a link to nothing: the
 * components are looked at one by one from the root, and the first that is a link whose target
 * does not exist makes a `dangling-link`.
 */
async function resolveInside(root: string, realRoot: string, relative: string): Promise<Resolved> {
  const absolute = path.resolve(root, relative);
  let real: string;
  try {
    real = await realpath(absolute);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ELOOP') return { kind: 'refused', refusal: { reason: 'symlink-loop' } };
    if (code === 'EACCES' || code === 'EPERM') return { kind: 'refused', refusal: { reason: 'unreadable', detail: 'folder' } };
    if (code !== 'ENOENT' && code !== 'ENOTDIR') return { kind: 'refused', refusal: { reason: 'unreadable', detail: code } };
    let at = root;
    for (const part of path.relative(root, absolute).split(path.sep)) {
      at = path.join(at, part);
      const stats = await lstat(at).catch(() => undefined);
      if (!stats) return { kind: 'missing' };
      if (stats.isSymbolicLink() && !(await realpath(at).catch(() => undefined))) {
        const target = await readlink(at).catch(() => '');
        return { kind: 'refused', refusal: { reason: 'dangling-link', detail: target } };
      }
    }
    return { kind: 'missing' };
  }
  if (!isInside(realRoot, real)) return { kind: 'refused', refusal: { reason: 'outside-workspace', detail: real } };
  return { kind: 'found', real };
}

/**
 * Reads one file named by the user (the CLI's arguments): its links are followed wherever they
 * lead, but only a regular file is read, at most `maxBytes`, UTF-8.
 */
export async function readUserFile(file: string, maxBytes: number): Promise<TextRead> {
  let real: string;
  try {
    real = await realpath(file);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ELOOP') return { kind: 'refused', refusal: { reason: 'symlink-loop' } };
    if (code === 'ENOENT' && (await lstat(file).catch(() => undefined))?.isSymbolicLink()) {
      return { kind: 'refused', refusal: { reason: 'dangling-link', detail: await readlink(file).catch(() => '') } };
    }
    return { kind: 'refused', refusal: { reason: 'unreadable', detail: code } };
  }
  return readResolvedFile(real, maxBytes);
}

/** Whether `file` (absolute) is inside `root` once both are resolved; what it resolves to otherwise. */
export async function resolveUnder(root: string, file: string): Promise<Resolved> {
  let realRoot: string;
  try {
    realRoot = await realpath(root);
  } catch (error) {
    return { kind: 'refused', refusal: { reason: 'unreadable', detail: errorCode(error) } };
  }
  return resolveInside(root, realRoot, path.relative(root, file));
}

/** The project files of one workspace folder on disk; paths are workspace-relative. */
export class ProjectFs implements ProjectFiles {
  private realRoot: Promise<string> | undefined;

  constructor(
    readonly root: string,
    private readonly maxBytes = MAX_PROJECT_FILE_BYTES,
  ) {}

  private resolve(relative: string): Promise<Resolved> {
    // The analysis refuses such paths before asking; refusing here too keeps any caller inside.
    if (!isInsideWorkspace(relative)) return Promise.resolve({ kind: 'refused', refusal: { reason: 'outside-workspace' } });
    this.realRoot ??= realpath(this.root);
    return this.realRoot.then(
      (realRoot) => resolveInside(this.root, realRoot, relative),
      (error: unknown) => ({ kind: 'refused', refusal: { reason: 'unreadable', detail: errorCode(error) } }),
    );
  }

  async readFile(relative: string): Promise<FileRead> {
    return this.readUpTo(relative, this.maxBytes);
  }

  readScenario(relative: string): Promise<FileRead> {
    return this.readUpTo(relative, MAX_SCENARIO_FILE_BYTES);
  }

  async stamp(relative: string): Promise<string | undefined> {
    const resolved = await this.resolve(relative);
    if (resolved.kind !== 'found') return undefined;
    // stat looks at the file without opening it: a FIFO cannot hang it.
    const stats = await stat(resolved.real).catch(() => undefined);
    return stats?.isFile() ? `${stats.mtimeMs}:${stats.size}` : undefined;
  }

  private async readUpTo(relative: string, maxBytes: number): Promise<FileRead> {
    const resolved = await this.resolve(relative);
    if (resolved.kind !== 'found') return resolved;
    const read = await readResolvedFile(resolved.real, maxBytes);
    return read.kind === 'text' ? { kind: 'text', text: read.text } : read;
  }

  async markdownFiles(): Promise<FolderList> {
    let realRoot: string;
    try {
      realRoot = await (this.realRoot ??= realpath(this.root));
    } catch (error) {
      return { kind: 'refused', refusal: { reason: 'unreadable', detail: errorCode(error) } };
    }
    const found: string[] = [];
    // Breadth-first, each folder's entries in name order; the listing stops at the limit.
    const folders: string[] = [''];
    while (folders.length > 0 && found.length <= MAX_MARKDOWN_FILES) {
      const folder = folders.shift() ?? '';
      let entries: Dirent[];
      try {
        entries = await readdir(path.join(realRoot, folder), { withFileTypes: true });
      } catch {
        continue;
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const entry of entries) {
        const relative = folder === '' ? entry.name : `${folder}/${entry.name}`;
        if (entry.isDirectory()) {
          if (!isSkippedFolder(entry.name)) folders.push(relative);
        } else if (isMarkdownName(entry.name) && (entry.isFile() || (entry.isSymbolicLink() && (await resolveInside(realRoot, realRoot, relative)).kind === 'found'))) {
          found.push(relative);
        }
      }
    }
    found.sort();
    return found.length > MAX_MARKDOWN_FILES
      ? { kind: 'files', paths: found.slice(0, MAX_MARKDOWN_FILES), truncated: { reason: 'too-many-files', limit: MAX_MARKDOWN_FILES } }
      : { kind: 'files', paths: found };
  }

  /**
   * The entries of `dir` with one of the extensions, whatever they are: a link or a FIFO named
   * `x.yaml` is listed, and reading it refuses it with a reason, so that it gets a diagnostic
   * rather than vanish. Links among the entries are not followed here.
   */
  async listFiles(dir: string, extensions: readonly string[]): Promise<FolderList> {
    const resolved = await this.resolve(dir);
    if (resolved.kind !== 'found') return resolved;
    if (isSystemPath(resolved.real)) return { kind: 'refused', refusal: { reason: 'not-a-folder' } };
    let names: string[];
    try {
      names = await readdir(resolved.real);
    } catch (error) {
      const code = errorCode(error);
      if (code === 'ENOTDIR') return { kind: 'refused', refusal: { reason: 'not-a-folder' } };
      return { kind: 'refused', refusal: { reason: 'unreadable', detail: code } };
    }
    const prefix = dir.replace(/[\\/]+$/, '');
    const matching = names.filter((name) => extensions.some((ext) => name.endsWith(ext))).sort();
    const paths = matching.slice(0, MAX_LISTED_FILES).map((name) => `${prefix}/${name}`);
    return matching.length > MAX_LISTED_FILES ? { kind: 'files', paths, truncated: { reason: 'too-many-files', limit: MAX_LISTED_FILES } } : { kind: 'files', paths };
  }

  edit(relative: string, change: (text: string | undefined) => string): Promise<EditResult> {
    return serialised(path.resolve(this.root, relative), () => this.editNow(relative, change));
  }

  private async editNow(relative: string, change: (text: string | undefined) => string): Promise<EditResult> {
    const refuse = (refusal: FileRefusal): never => {
      throw new FileRefusedError(relative, refusal);
    };
    if (!isInsideWorkspace(relative)) refuse({ reason: 'outside-workspace' });
    const realRoot = await realpath(this.root).catch((error: unknown) => refuse({ reason: 'unreadable', detail: errorCode(error) }));
    const folder = await this.folderFor(relative, realRoot);
    const target = path.join(folder, path.basename(relative));
    const stats = await lstat(target).catch((error: unknown) => (errorCode(error) === 'ENOENT' ? undefined : refuse({ reason: 'unreadable', detail: errorCode(error) })));
    let file = target;
    let current: (TextContent & { stats: Stats }) | undefined;
    if (stats) {
      if (stats.isSymbolicLink()) {
        const resolved = await resolveInside(realRoot, realRoot, path.relative(realRoot, target));
        if (resolved.kind === 'missing') refuse({ reason: 'dangling-link', detail: await readlink(target).catch(() => '') });
        if (resolved.kind === 'refused') refuse(resolved.refusal);
        if (resolved.kind === 'found') file = resolved.real;
      }
      const read = await readResolvedFile(file, this.maxBytes);
      if (read.kind === 'refused') return refuse(read.refusal);
      const fileStats = await lstat(file);
      // The owner's write bit off means "do not change": a rename would replace the file anyway, so ask first.
      if ((fileStats.mode & 0o222) === 0) refuse({ reason: 'read-only' });
      await access(file, constants.W_OK).catch(() => refuse({ reason: 'read-only' }));
      current = { text: read.text, bom: read.bom, stats: fileStats };
    }
    const text = change(current?.text);
    if (current && text === current.text) return { written: false };
    await writeAtomically(file, `${current?.bom ? '\ufeff' : ''}${text}`, current?.stats, relative);
    return { written: true };
  }

  /** The real folder a file of `relative` goes in, created if missing, refused unless inside the root. */
  private async folderFor(relative: string, realRoot: string): Promise<string> {
    const parts = path.dirname(path.normalize(relative)).split(path.sep).filter((p) => p !== '.' && p !== '');
    let folder = realRoot;
    for (const part of parts) {
      const next = path.join(folder, part);
      let real = await realpath(next).catch((error: unknown) => errorCode(error));
      if (real === 'ENOENT') {
        await mkdir(next).catch((error: unknown) => {
          if (errorCode(error) !== 'EEXIST') throw new FileRefusedError(relative, refusalOfWrite(error, folder));
        });
        real = await realpath(next).catch((error: unknown) => errorCode(error));
      }
      if (real === 'ELOOP') throw new FileRefusedError(relative, { reason: 'symlink-loop' });
      if (real === 'ENOENT' && (await lstat(next).catch(() => undefined))?.isSymbolicLink()) {
        throw new FileRefusedError(relative, { reason: 'dangling-link', detail: await readlink(next).catch(() => '') });
      }
      if (!path.isAbsolute(real)) throw new FileRefusedError(relative, { reason: 'unreadable', detail: real });
      if (!isInside(realRoot, real)) throw new FileRefusedError(relative, { reason: 'outside-workspace', detail: real });
      const stats = await lstat(real);
      if (!stats.isDirectory()) throw new FileRefusedError(relative, { reason: 'not-a-folder', detail: part });
      folder = real;
    }
    return folder;
  }
}

/**
 * Writes a whole file the user named (`rollmark report -o`) the way project files are written:
 * whole or not at all, keeping the mode of the file it replaces.
 */
export async function writeFileAtomically(file: string, text: string): Promise<void> {
  const previous = await lstat(file).catch(() => undefined);
  await writeAtomically(file, text, previous?.isFile() ? previous : undefined, file);
}

function refusalOfWrite(error: unknown, folder: string): FileRefusal {
  const code = errorCode(error);
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return { reason: 'folder-not-writable', detail: folder };
  return { reason: 'write-failed', detail: code };
}

/**
 * Writes `text` to a new file beside `file` (created exclusively, never through a link), makes
 * it durable, gives it the old file's mode (and owner, where the process may), then renames it
 * over `file`: a reader sees the old text or the new one, never a mix or an empty file. A
 * rename replaces a link swapped in at `file` rather than following it, so it cannot write outside.
 */
async function writeAtomically(file: string, text: string, previous: Stats | undefined, relative: string): Promise<void> {
  const folder = path.dirname(file);
  const temporary = path.join(folder, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  let handle;
  try {
    handle = await open(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), previous ? previous.mode & 0o777 : 0o666);
  } catch (error) {
    throw new FileRefusedError(relative, refusalOfWrite(error, folder));
  }
  try {
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (previous) {
      await chmod(temporary, previous.mode & 0o7777);
      if (process.getuid?.() === 0) await chown(temporary, previous.uid, previous.gid).catch(() => undefined);
    }
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error instanceof FileRefusedError ? error : new FileRefusedError(relative, refusalOfWrite(error, folder));
  }
}

/** The disk, for `file:` workspace folders; other schemes are not on it. */
export const diskFiles: FsFactory = (folderUri) => {
  if (!folderUri.startsWith('file:')) return undefined;
  try {
    return new ProjectFs(fileURLToPath(folderUri));
  } catch {
    return undefined;
  }
};
