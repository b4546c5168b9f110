import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The API reference's viewer ships 2.3 MB of scripts and styles, which its plugin sends uncompressed and with
 * no caching: three seconds on an ordinary connection at each visit. They never change while the server runs
 * (they come with the installed package), so each is compressed once, kept in memory, and cached by the
 * admin's browser for a day. Private: the reference is for signed-in admins.
 */
const COMPRESSIBLE = /\.(?:js|css)$/;
const CACHE_CONTROL = 'private, max-age=86400';

type Encoding = 'br' | 'gzip';
const compressed = new Map<string, Buffer>();

function preferredEncoding(request: FastifyRequest): Encoding | null {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 9 });
}

/** An `onSend` hook for the viewer's scope: compresses and caches its scripts and styles. */
export async function compressDocsAsset(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const path = request.url.split('?')[0] ?? '';
  if (reply.statusCode !== 200 || !COMPRESSIBLE.test(path)) return payload;
  reply.header('cache-control', CACHE_CONTROL);
  reply.header('vary', 'accept-encoding');
  const encoding = preferredEncoding(request);
  if (!encoding) return payload;
  const key = `${encoding} ${path}`;
  let body = compressed.get(key);
  if (!body) {
    const raw =
      payload instanceof Readable
        ? await buffer(payload)
        : Buffer.isBuffer(payload)
          ? payload
          : Buffer.from(String(payload));
    body = compress(raw, encoding);
    compressed.set(key, body);
  } else if (payload instanceof Readable) {
    payload.destroy();
  }
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return body;
}
