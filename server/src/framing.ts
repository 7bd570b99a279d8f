/**
 * LSP's base protocol framing, watched on standard input beside the reader that parses it: every
 * message is headers (`Name: value` lines, `Content-Length` among them) and a blank line, then
 * that many bytes. The reader (vscode-jsonrpc) answers a frame without `Content-Length` with an
 * error nobody sees and then waits forever for a message it will never find; the watcher says
 * what is wrong so that main.ts can end the process and the client restart the server.
 */

/** Header bytes of one message, at most (a client sends two short lines). */
const MAX_HEADER_BYTES = 8 * 1024;
/** The largest message, in bytes: a document of the largest size analysed, as JSON, and then some. */
export const MAX_MESSAGE_BYTES = 512 * 1024 * 1024;

const HEADER_LINE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+:[ \t]*[^\r\n]*$/;
/** What may start a header line still being received. */
const HEADER_START = /^[!#$%&'*+.^_`|~0-9A-Za-z-]*(:[^\r\n]*)?\r?$/;

/** Feeds the framing of a byte stream; `onError` is told the first violation, and nothing after. */
export class FramingWatcher {
  private header = '';
  /** Body bytes still to skip. */
  private body = 0;
  private failed = false;

  constructor(private readonly onError: (problem: string) => void) {}

  push(chunk: Uint8Array): void {
    let at = 0;
    while (at < chunk.length && !this.failed) {
      if (this.body > 0) {
        const skipped = Math.min(this.body, chunk.length - at);
        this.body -= skipped;
        at += skipped;
        continue;
      }
      const end = indexOfBlankLine(chunk, at, this.header);
      const taken = end < 0 ? chunk.length : end;
      this.header += Buffer.from(chunk.subarray(at, taken)).toString('latin1');
      at = taken;
      if (end < 0) {
        this.checkPartial();
        return;
      }
      this.endHeaders();
    }
  }

  private fail(problem: string): void {
    this.failed = true;
    this.onError(problem);
  }

  /** Headers still arriving: they must be able to become headers. */
  private checkPartial(): void {
    if (this.header.length > MAX_HEADER_BYTES) return this.fail(`a message's headers are longer than ${MAX_HEADER_BYTES} bytes`);
    const lines = this.header.split('\r\n');
    const complete = lines.slice(0, -1);
    const bad = complete.find((line) => !HEADER_LINE.test(line)) ?? (HEADER_START.test(lines[lines.length - 1]) ? undefined : lines[lines.length - 1]);
    if (bad !== undefined) this.fail(`expected a header such as "Content-Length: 123", got ${JSON.stringify(bad.slice(0, 60))}`);
  }

  /** The blank line after the headers came (the header text ends with it): the body's length. */
  private endHeaders(): void {
    const lines = this.header.slice(0, -4).split('\r\n');
    this.header = '';
    const bad = lines.find((line) => !HEADER_LINE.test(line));
    if (bad !== undefined) return this.fail(`expected a header such as "Content-Length: 123", got ${JSON.stringify(bad.slice(0, 60))}`);
    const length = lines.map((line) => /^content-length:[ \t]*(.*)$/i.exec(line)?.[1]).find((value) => value !== undefined);
    if (length === undefined) return this.fail('a message has no Content-Length header');
    if (!/^\d+$/.test(length.trim())) return this.fail(`Content-Length is not a number: ${JSON.stringify(length.slice(0, 60))}`);
    const bytes = Number(length.trim());
    if (bytes > MAX_MESSAGE_BYTES) return this.fail(`a message of ${bytes} bytes is larger than the limit of ${MAX_MESSAGE_BYTES}`);
    this.body = bytes;
  }
}

/**
 * Where the headers' blank line ends in `chunk` from `from` (the index after "\r\n\r\n"), given the
 * header text received before it; -1 when it is not there yet.
 */
function indexOfBlankLine(chunk: Uint8Array, from: number, before: string): number {
  const tail = before.slice(-3);
  for (let i = from; i < chunk.length; i++) {
    if (chunk[i] !== 0x0a) continue;
    // The three bytes before this LF, some of them perhaps from the earlier chunks.
    const back = (k: number) => (i - k >= from ? chunk[i - k] : tail.charCodeAt(tail.length - (k - (i - from))));
    if (back(1) === 0x0d && back(2) === 0x0a && back(3) === 0x0d) return i + 1;
  }
  return -1;
}
