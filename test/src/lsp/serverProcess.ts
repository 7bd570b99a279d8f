/**
 * The built server as editors start it: `node server/out/main.js --stdio`, a separate process,
 * driven over its standard input and output. Tests call {@link stopStartedProcesses} after each
 * test, so that a failed assertion leaves no server running (and mocha waiting).
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createMessageConnection, type MessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';

export const SERVER = join(__dirname, '..', '..', '..', 'server', 'out', 'main.js');

export interface Session {
  child: ChildProcessWithoutNullStreams;
  connection: MessageConnection;
  stderr: () => string;
  protocolErrors: Error[];
  next<T>(method: string, matches?: (params: T) => boolean): Promise<T>;
  exitCode: Promise<number | null>;
}

const started: ChildProcessWithoutNullStreams[] = [];

export function stopStartedProcesses(): void {
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill();
}

export function startServerProcess(): Session {
  const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  started.push(child);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exitCode = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const reader = new StreamMessageReader(child.stdout);
  const protocolErrors: Error[] = [];
  // Anything on stdout that is not a protocol message shows up here.
  reader.onError((error) => protocolErrors.push(error));
  const connection = createMessageConnection(reader, new StreamMessageWriter(child.stdin));
  const waiters: { method: string; matches: (p: unknown) => boolean; resolve: (p: unknown) => void }[] = [];
  const deliver = (method: string) => (params: unknown) => {
    const i = waiters.findIndex((w) => w.method === method && w.matches(params));
    if (i >= 0) waiters.splice(i, 1)[0].resolve(params);
  };
  connection.onNotification('textDocument/publishDiagnostics', deliver('textDocument/publishDiagnostics'));
  connection.onNotification('window/showMessage', deliver('window/showMessage'));
  connection.onNotification('window/logMessage', () => undefined);
  connection.listen();
  return {
    child,
    connection,
    stderr: () => stderr,
    protocolErrors,
    exitCode,
    next<T>(method: string, matches: (params: T) => boolean = () => true): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${method} from the server; stderr:\n${stderr}`)), 10_000);
        waiters.push({
          method,
          matches: (p) => matches(p as T),
          resolve: (p) => {
            clearTimeout(timer);
            resolve(p as T);
          },
        });
      });
    },
  };
}

export async function stopServerProcess(session: Session): Promise<number | null> {
  await session.connection.sendRequest('shutdown');
  await session.connection.sendNotification('exit');
  const code = await session.exitCode;
  session.connection.dispose();
  return code;
}
