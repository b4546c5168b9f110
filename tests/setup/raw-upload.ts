import net from 'node:net';
import type { MultipartRequest } from './multipart.ts';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RawUpload {
  /** Settles with the server's reply, or with status 0 when the connection ended without one. */
  response: Promise<RawResponse>;
  /** Whether the server has closed the connection. */
  readonly isClosed: boolean;
  /** Sends `bytes` more of the body every `everyMs`, until the body is sent or the connection ends. */
  trickle(bytes: number, everyMs: number): void;
  close(): void;
}

/** The reply once all of it has arrived (by its Content-Length), else null. */
function completeResponse(raw: string): RawResponse | null {
  if (!raw.includes('\r\n\r\n')) return null;
  const parsed = parseResponse(raw);
  const length = Number(parsed.headers['content-length'] ?? Number.NaN);
  return Number.isNaN(length) || Buffer.byteLength(parsed.body, 'latin1') < length ? null : parsed;
}

function parseResponse(raw: string): RawResponse {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body: rest.join('\r\n\r\n') };
}

/**
 * An upload over a real TCP connection from a chosen loopback address (loopback is a whole /8), sending
 * the headers and the first `sendFirst` bytes of the body at once and the rest only as the test says:
 * a slow phone, a stalled client or an attacker trickling a byte at a time.
 */
export function rawUpload(options: {
  port: number;
  localAddress: string;
  path: string;
  body: MultipartRequest;
  sendFirst: number;
}): RawUpload {
  const { body } = options;
  const socket = net.connect({ port: options.port, host: '127.0.0.1', localAddress: options.localAddress });
  let sent = 0;
  let received = '';
  let isClosed = false;
  let timer: NodeJS.Timeout | undefined;
  const send = (bytes: number) => {
    if (isClosed || sent >= body.payload.length) return;
    const chunk = body.payload.subarray(sent, sent + bytes);
    sent += chunk.length;
    socket.write(chunk);
  };
  const response = new Promise<RawResponse>((resolve) => {
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const complete = completeResponse(received);
      if (complete) resolve(complete);
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      isClosed = true;
      clearInterval(timer);
      resolve(received ? parseResponse(received) : { status: 0, headers: {}, body: '' });
    });
  });
  socket.on('connect', () => {
    socket.write(
      `POST ${options.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${body.headers['content-type']}\r\n` +
        `Content-Length: ${body.payload.length}\r\n\r\n`,
    );
    send(options.sendFirst);
  });
  return {
    response,
    get isClosed() {
      return isClosed;
    },
    trickle(bytes, everyMs) {
      clearInterval(timer);
      timer = setInterval(() => send(bytes), everyMs);
    },
    close() {
      clearInterval(timer);
      socket.destroy();
    },
  };
}
