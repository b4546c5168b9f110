import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import Busboy from '@fastify/busboy';
import Fastify from 'fastify';

/**
 * The floor of the upload path's design, for `npm run bench -- load`: a bare Fastify server that spools a
 * multipart upload to a file (with a mebibyte's room for what waits for the disk, as the server's spool does),
 * has it re-encoded two at a time in a niced child process that writes the result beside it (lib/images.ts, as
 * the server's image process does), moves that into the store (fsync, rename) and answers 201. No database,
 * validation, limits, logging or security headers; the admin's page and /healthz answer a constant.
 * Prints the port it listens on, then serves until killed.
 */
const JOBS = 2;
const dir = await fs.mkdtemp(path.join(tmpdir(), 'rollick-bare-upload-'));
const worker = fork(path.join(import.meta.dirname, 'bare-upload-worker.ts'), [], {
  execArgv: ['--import', 'tsx'],
  serialization: 'advanced',
});
const waiting = new Map<number, () => void>();
let lastId = 0;
worker.on('message', (reply: { id: number }) => {
  waiting.get(reply.id)?.();
  waiting.delete(reply.id);
});

let running = 0;
const queue: Array<() => void> = [];
async function reencode(file: string, head: Uint8Array): Promise<string> {
  if (running >= JOBS) await new Promise<void>((resolve) => queue.push(resolve));
  running++;
  try {
    const output = `${file}.encoded`;
    await new Promise<void>((resolve) => {
      const id = ++lastId;
      waiting.set(id, resolve);
      worker.send({ id, path: file, head, output });
    });
    return output;
  } finally {
    running--;
    queue.shift()?.();
  }
}

async function spool(request: { headers: Record<string, unknown>; raw: NodeJS.ReadableStream }, file: string) {
  let head = new Uint8Array();
  let written: Promise<void> = Promise.resolve();
  await new Promise<void>((resolve, reject) => {
    const parser = new Busboy({ headers: request.headers as { 'content-type': string } });
    parser.on('file', (_field, stream) => {
      stream.once('data', (chunk: Buffer) => {
        head = Uint8Array.from(chunk.subarray(0, 16));
      });
      written = pipeline(stream, createWriteStream(file, { flags: 'wx', mode: 0o600, highWaterMark: 1 << 20 }));
    });
    parser.on('finish', resolve);
    parser.on('error', reject);
    request.raw.pipe(parser);
  });
  await written;
  return head;
}

async function store(encoded: string) {
  const file = path.join(dir, `${randomBytes(16).toString('hex')}.jpg`);
  const handle = await fs.open(encoded, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(encoded, file);
  return file;
}

const app = Fastify({ logger: false });
app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/api/admin/creators/status/:status', async () => ({ creators: [], total: 0 }));
app.post('/api/submissions', async (request, reply) => {
  const upload = path.join(dir, `${randomBytes(16).toString('hex')}.upload`);
  try {
    const head = await spool(request, upload);
    const stored = await store(await reencode(upload, head));
    // Nothing is kept: the bench uploads for a minute.
    await fs.rm(stored);
  } finally {
    await fs.rm(upload, { force: true });
  }
  return reply.status(201).send({ success: true });
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
process.on('SIGTERM', () => {
  worker.disconnect();
  void app
    .close()
    .then(() => fs.rm(dir, { recursive: true, force: true }))
    .then(() => process.exit(0));
});
