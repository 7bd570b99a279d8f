/** Which workspace folder a document belongs to: its project dictionary and rulesets come from there. */
/** A workspace folder as LSP names it. */
export interface WorkspaceFolder {
  uri: string;
  name: string;
}

function withSlash(uri: string): string {
  return uri.endsWith('/') ? uri : `${uri}/`;
}

export class WorkspaceFolders {
  private folders: WorkspaceFolder[] = [];

  set(folders: readonly WorkspaceFolder[]): void {
    // Longest first, so that a nested folder wins over the one containing it.
    this.folders = [...folders].sort((a, b) => b.uri.length - a.uri.length);
  }

  add(added: readonly WorkspaceFolder[], removed: readonly WorkspaceFolder[]): void {
    const gone = new Set(removed.map((f) => f.uri));
    this.set([...this.folders.filter((f) => !gone.has(f.uri)), ...added]);
  }

  all(): readonly WorkspaceFolder[] {
    return this.folders;
  }

  /** The folder URI containing a document, or undefined (an untitled buffer, a file outside every folder). */
  folderFor(uri: string): string | undefined {
    return this.folders.find((f) => uri.startsWith(withSlash(f.uri)))?.uri;
  }
}

/** A path segment percent-encoded as VS Code and RFC 3986 do: `!'()*` too, which encodeURIComponent leaves. */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A URI's file name, decoded (as written where an escape is malformed); no query or fragment. */
export function fileNameOf(uri: string): string {
  const path = uri.replace(/[?#].*$/, '');
  const name = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** A workspace-relative path as a URI under its folder. */
export function fileUri(folderUri: string, path: string): string {
  return withSlash(folderUri) + path.split(/[\\/]/).map(encodeSegment).join('/');
}

/** Whether two URIs name one file, however each client chose to percent-encode it. */
export function sameFile(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return decodeURIComponent(a) === decodeURIComponent(b);
  } catch {
    return false;
  }
}

/** A URI under a folder as a workspace-relative path (`/`-separated, decoded); undefined when it is not under it. */
export function relativePath(folderUri: string, uri: string): string | undefined {
  const prefix = withSlash(folderUri);
  if (!uri.startsWith(prefix)) return undefined;
  try {
    return uri.slice(prefix.length).split('/').map(decodeURIComponent).join('/');
  } catch {
    return undefined;
  }
}
