/**
 * The workspace's files for the server where it cannot read them itself (in a browser; a virtual
 * workspace): `rollmark/fs/*` (server/src/protocol.ts) answered with `vscode.workspace.fs`. The
 * client only reads and writes what it is asked; what to read, and whether a file may be used, the
 * server decides.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { type FileKind, FileStatRequest, fromBase64, ReadDirectoryRequest, ReadFileRequest, toBase64, WriteFileRequest } from '../../server/src/protocol';

function kindOf(type: vscode.FileType): FileKind {
  // A link's type carries the kind of its target too: the link wins, the server does not follow it.
  if (type & vscode.FileType.SymbolicLink) return 'link';
  if (type & vscode.FileType.Directory) return 'directory';
  if (type & vscode.FileType.File) return 'file';
  return 'other';
}

function isMissing(error: unknown): boolean {
  return error instanceof vscode.FileSystemError && error.code === 'FileNotFound';
}

export function answerFileRequests(client: BaseLanguageClient): void {
  const uri = (text: string) => vscode.Uri.parse(text, true);
  client.onRequest(FileStatRequest, async ({ uri: file }) => {
    try {
      const stat = await vscode.workspace.fs.stat(uri(file));
      return { kind: kindOf(stat.type), size: stat.size, mtime: stat.mtime };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  });
  client.onRequest(ReadDirectoryRequest, async ({ uri: folder }) => {
    try {
      return (await vscode.workspace.fs.readDirectory(uri(folder))).map(([name, type]): [string, FileKind] => [name, kindOf(type)]);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  });
  client.onRequest(ReadFileRequest, async ({ uri: file }) => {
    try {
      return toBase64(await vscode.workspace.fs.readFile(uri(file)));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  });
  client.onRequest(WriteFileRequest, async ({ uri: file, content }) => {
    await vscode.workspace.fs.writeFile(uri(file), fromBase64(content));
  });
}
