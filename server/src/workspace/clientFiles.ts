/**
 * A workspace folder's files read through the editor (protocol.ts `rollmark/fs/*`, answered with
 * `vscode.workspace.fs`): where the server has no disk (the browser) or the folder is not on one
 * (a virtual workspace). The policy is the disk's (node/projectFs.ts) as far as an editor's file
 * system can tell: inside the folder, regular files only (a symbolic link is not followed), the
 * size before reading, UTF-8 text; edits serialised per file. Whether a write is atomic is the
 * editor's file system's to say.
 */
import type { FileRefusal } from '../analysis/project/fileRefusal';
import { type FileRead, type FolderList, isInsideWorkspace } from '../analysis/project/workspaceConfig';
import type { FileKind, FileStat } from '../protocol';
import { fileUri } from './folders';
import {
  decodeText,
  type EditResult,
  FileRefusedError,
  isMarkdownName,
  isSkippedFolder,
  MAX_LISTED_FILES,
  MAX_MARKDOWN_FILES,
  MAX_PROJECT_FILE_BYTES,
  MAX_SCENARIO_FILE_BYTES,
  type ProjectFiles,
  serialised,
  type TextRead,
} from './projectFiles';

/** The editor's file system, by URI (server.ts sends the requests). */
export interface EditorFileSystem {
  stat(uri: string): Promise<FileStat | null>;
  readDirectory(uri: string): Promise<[string, FileKind][] | null>;
  readFile(uri: string): Promise<Uint8Array | null>;
  writeFile(uri: string, content: Uint8Array): Promise<void>;
}

function kindRefusal(kind: FileKind): FileRefusal {
  return { reason: 'not-a-regular-file', detail: kind === 'directory' ? 'directory' : kind };
}

export class ClientFiles implements ProjectFiles {
  constructor(
    private readonly folderUri: string,
    private readonly fs: EditorFileSystem,
    private readonly maxBytes = MAX_PROJECT_FILE_BYTES,
  ) {}

  readFile(relative: string): Promise<FileRead> {
    return this.readUpTo(relative, this.maxBytes).then((read) => (read.kind === 'text' ? { kind: 'text', text: read.text } : read));
  }

  readScenario(relative: string): Promise<FileRead> {
    return this.readUpTo(relative, MAX_SCENARIO_FILE_BYTES).then((read) => (read.kind === 'text' ? { kind: 'text', text: read.text } : read));
  }

  async stamp(relative: string): Promise<string | undefined> {
    if (!isInsideWorkspace(relative)) return undefined;
    const stat = await this.fs.stat(this.uriOf(relative)).catch(() => null);
    return stat?.kind === 'file' ? `${stat.mtime}:${stat.size}` : undefined;
  }

  async listFiles(dir: string, extensions: readonly string[]): Promise<FolderList> {
    if (!isInsideWorkspace(dir)) return { kind: 'refused', refusal: { reason: 'outside-workspace' } };
    const stat = await this.fs.stat(this.uriOf(dir)).catch(() => undefined);
    if (stat === undefined) return { kind: 'refused', refusal: { reason: 'unreadable' } };
    if (stat === null) return { kind: 'missing' };
    if (stat.kind !== 'directory') return { kind: 'refused', refusal: { reason: 'not-a-folder' } };
    const entries = await this.fs.readDirectory(this.uriOf(dir)).catch(() => null);
    if (!entries) return { kind: 'refused', refusal: { reason: 'unreadable' } };
    const prefix = dir.replace(/[\\/]+$/, '');
    // Every entry with the extension, whatever it is: reading it refuses what is no file, with a reason.
    const matching = entries.map(([name]) => name).filter((name) => extensions.some((ext) => name.endsWith(ext))).sort();
    const paths = matching.slice(0, MAX_LISTED_FILES).map((name) => `${prefix}/${name}`);
    return matching.length > MAX_LISTED_FILES ? { kind: 'files', paths, truncated: { reason: 'too-many-files', limit: MAX_LISTED_FILES } } : { kind: 'files', paths };
  }

  async markdownFiles(): Promise<FolderList> {
    const found: string[] = [];
    // Breadth-first, each folder's entries in name order; the listing stops at the limit.
    const folders: string[] = [''];
    while (folders.length > 0 && found.length <= MAX_MARKDOWN_FILES) {
      const folder = folders.shift() ?? '';
      const entries = await this.fs.readDirectory(folder === '' ? this.folderUri : this.uriOf(folder)).catch(() => null);
      if (!entries) {
        if (folder === '') return { kind: 'refused', refusal: { reason: 'unreadable', detail: 'folder' } };
        continue;
      }
      entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      for (const [name, kind] of entries) {
        const relative = folder === '' ? name : `${folder}/${name}`;
        if (kind === 'directory' && !isSkippedFolder(name)) folders.push(relative);
        else if (kind === 'file' && isMarkdownName(name)) found.push(relative);
      }
    }
    found.sort();
    return found.length > MAX_MARKDOWN_FILES
      ? { kind: 'files', paths: found.slice(0, MAX_MARKDOWN_FILES), truncated: { reason: 'too-many-files', limit: MAX_MARKDOWN_FILES } }
      : { kind: 'files', paths: found };
  }

  edit(relative: string, change: (text: string | undefined) => string): Promise<EditResult> {
    return serialised(this.uriOf(relative), async () => {
      if (!isInsideWorkspace(relative)) throw new FileRefusedError(relative, { reason: 'outside-workspace' });
      const read = await this.readUpTo(relative, this.maxBytes);
      if (read.kind === 'refused') throw new FileRefusedError(relative, read.refusal);
      const current = read.kind === 'text' ? read : undefined;
      const text = change(current?.text);
      if (current && text === current.text) return { written: false };
      try {
        await this.fs.writeFile(this.uriOf(relative), new TextEncoder().encode(`${current?.bom ? '\ufeff' : ''}${text}`));
      } catch (error) {
        throw new FileRefusedError(relative, { reason: 'write-failed', detail: error instanceof Error ? error.message : String(error) });
      }
      return { written: true };
    });
  }

  private uriOf(relative: string): string {
    return fileUri(this.folderUri, relative);
  }

  private async readUpTo(relative: string, maxBytes: number): Promise<TextRead | { kind: 'missing' }> {
    if (!isInsideWorkspace(relative)) return { kind: 'refused', refusal: { reason: 'outside-workspace' } };
    const uri = this.uriOf(relative);
    let stat: FileStat | null;
    try {
      stat = await this.fs.stat(uri);
    } catch (error) {
      return { kind: 'refused', refusal: { reason: 'unreadable', detail: error instanceof Error ? error.message : String(error) } };
    }
    if (!stat) return { kind: 'missing' };
    if (stat.kind !== 'file') return { kind: 'refused', refusal: kindRefusal(stat.kind) };
    if (stat.size > maxBytes) return { kind: 'refused', refusal: { reason: 'too-large', detail: String(stat.size), limit: maxBytes } };
    const bytes = await this.fs.readFile(uri).catch(() => null);
    if (!bytes) return { kind: 'refused', refusal: { reason: 'unreadable' } };
    // The file may have grown since it was looked at.
    if (bytes.length > maxBytes) return { kind: 'refused', refusal: { reason: 'too-large', detail: String(bytes.length), limit: maxBytes } };
    return decodeText(bytes);
  }
}
