import { chmod, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { BackupError, type BackupSource, type BackupSummary, writeBackup } from './backup.service.ts';
import { drained } from './tar.ts';

/**
 * The running server's door for `npm run admin -- backup` on the embedded database (docs/decisions/039):
 * the server holds the data directory, so it takes the snapshot and streams the archive to the command.
 * A Unix socket in DATA_DIR, owner-only like the folder it sits in, so only the server's own user reaches it.
 *
 * The command sends one JSON line, `{"command":"backup"}`; the server answers with frames of a type byte,
 * a 4-byte length and the payload: `D` archive bytes, then `S` the summary (JSON) or `E` an error message.
 */
export const CONTROL_SOCKET = 'control.sock';
/** The longest socket path Linux and macOS accept, with its terminating byte. */
const MAX_SOCKET_PATH = 103;

export function controlSocketPath(dataDir: string): string | null {
  const file = path.join(dataDir, CONTROL_SOCKET);
  return Buffer.byteLength(file) <= MAX_SOCKET_PATH ? file : null;
}

function frame(type: 'D' | 'S' | 'E', payload: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'ascii');
  head.writeUInt32BE(payload.length, 1);
  return Buffer.concat([head, payload]);
}

export interface ControlLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

async function serve(socket: net.Socket, source: BackupSource, log: ControlLog): Promise<void> {
  const request = await new Promise<string>((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (!text.includes('\n') && text.length <= 1024) return;
      socket.off('data', onData);
      resolve(text);
    };
    socket.on('data', onData);
    socket.once('end', () => resolve(text));
  });
  let command: unknown;
  try {
    command = (JSON.parse(request.split('\n')[0] ?? '') as { command?: unknown }).command;
  } catch {
    command = undefined;
  }
  if (command !== 'backup') {
    socket.end(frame('E', Buffer.from('Unknown request.')));
    return;
  }
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (socket.write(frame('D', chunk))) done();
      else socket.once('drain', () => done());
    },
  });
  // The command gone (Ctrl-C) ends the backup where it is; the error is the backup's to report, not the process's.
  out.on('error', () => {});
  socket.once('close', () => out.destroy(new Error('The admin command went away before the backup was complete.')));
  try {
    const summary = await writeBackup(source, out);
    log.info({ ...summary }, 'backup taken for the admin command');
    socket.end(frame('S', Buffer.from(JSON.stringify(summary))));
  } catch (error) {
    log.warn({ reason: (error as Error).message }, 'backup for the admin command failed');
    if (!socket.destroyed) socket.end(frame('E', Buffer.from((error as Error).message)));
  }
}

/** Listens on DATA_DIR/control.sock; resolves to a close function, or null when the path is too long. */
export async function startControlSocket(
  dataDir: string,
  source: BackupSource,
  log: ControlLog,
): Promise<(() => Promise<void>) | null> {
  const file = controlSocketPath(dataDir);
  if (!file) {
    log.warn({ dataDir }, 'DATA_DIR is too long a path for the control socket: back up with the server stopped');
    return null;
  }
  // The data directory is this process's (its lock is held): a socket file left there is a dead server's.
  await rm(file, { force: true });
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    void serve(socket, source, log).catch(() => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  await chmod(file, 0o600);
  server.unref();
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(file, { force: true });
  };
}

/**
 * Asks the server running on `dataDir` for a backup, writing the archive to `out`. Null when no server
 * answers there (then the command opens the data directory itself).
 */
export async function requestBackup(dataDir: string, out: Writable): Promise<BackupSummary | null> {
  const file = controlSocketPath(dataDir);
  if (!file) return null;
  const socket = net.connect(file);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ECONNREFUSED') return null;
    throw error;
  }
  socket.write(`${JSON.stringify({ command: 'backup' })}\n`);
  let pending = Buffer.alloc(0);
  for await (const chunk of socket) {
    pending = Buffer.concat([pending, chunk as Buffer]);
    while (pending.length >= 5) {
      const length = pending.readUInt32BE(1);
      if (pending.length < 5 + length) break;
      const type = pending.toString('ascii', 0, 1);
      const payload = pending.subarray(5, 5 + length);
      pending = pending.subarray(5 + length);
      if (type === 'D') {
        if (!out.write(payload)) await drained(out);
      } else if (type === 'S') {
        return JSON.parse(payload.toString('utf8')) as BackupSummary;
      } else {
        throw new BackupError(payload.toString('utf8'));
      }
    }
  }
  throw new BackupError('The server stopped before the backup was complete.');
}
