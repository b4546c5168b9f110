import { Readable } from 'node:stream';

/**
 * Multipart bodies for `app.inject()`, serialised by the platform's own FormData (the same encoder a
 * browser's fetch uses), so tests send what the client sends.
 */

export interface FilePart {
  data: Uint8Array;
  filename: string;
  /** The declared type; the server must not trust it. */
  type: string;
}

/** A value, a file, or several of either for a repeated field; undefined and null are left out. */
export type MultipartValue = string | FilePart | ReadonlyArray<string | FilePart> | undefined | null;

export const filePart = (data: Uint8Array, filename = 'photo.jpg', type = 'image/jpeg'): FilePart => ({
  data,
  filename,
  type,
});

export interface MultipartRequest {
  payload: Buffer;
  headers: { 'content-type': string };
}

/** Entries keep their order, as FormData does, so tests can put a file before or after the text. */
export async function multipartBody(
  entries: Record<string, MultipartValue> | ReadonlyArray<readonly [string, string | FilePart]>,
): Promise<MultipartRequest> {
  const form = new FormData();
  const pairs = Array.isArray(entries) ? entries : Object.entries(entries);
  for (const [name, value] of pairs as Array<[string, MultipartValue]>) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string') form.append(name, item);
      else form.append(name, new Blob([item.data], { type: item.type }), item.filename);
    }
  }
  const encoded = new Response(form);
  const contentType = encoded.headers.get('content-type');
  if (!contentType) throw new Error('FormData gave no content type');
  return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': contentType } };
}

/** The body in network-sized chunks, so a test can tell whether the server stopped reading early. */
export function chunked(payload: Buffer, chunkSize = 64 * 1024): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < payload.length; at += chunkSize) yield payload.subarray(at, at + chunkSize);
    })(),
  );
}
