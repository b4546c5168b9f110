import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Busboy, { type BusboyFileStream, type BusboyInstance } from '@fastify/busboy';
import type { FastifyRequest } from 'fastify';
import { AppError } from '#server/lib/app-error.ts';
import { englishOf } from '#shared/messages/english.ts';
import type { Message, MessageKey, MessageLike } from '#shared/messages/message.ts';
import { textCharacterProblem } from '#shared/schemas/fields.ts';
import { type BodyRatePolicy, watchBodyRate } from './body-rate.ts';
import { SNIFF_BYTES } from './image-kinds.ts';
import { encodedPathOf } from './upload-images.ts';

/** What one file field accepts. `tooLarge` is the words of the form it belongs to (e.g. product §5's). */
export interface FileRule {
  maxBytes: number;
  maxCount: number;
  tooLarge: MessageKey;
}

/** The shape of one multipart form: every accepted name, and how much of everything it may carry. */
export interface MultipartRules {
  /** Text fields sent at most once. */
  text: readonly string[];
  /** Text fields that may repeat (e.g. checkboxes), collected in order. */
  repeatedText?: readonly string[];
  files: Readonly<Record<string, FileRule>>;
  limits: { fields: number; fieldSize: number; parts: number };
}

function ignoreMissing(error: NodeJS.ErrnoException): void {
  if (error.code !== 'ENOENT') throw error;
}

/** A file part written to disk as it arrived (architecture §3: never a whole upload in memory). */
export interface SpooledFile {
  filename: string;
  /** As the client declared it: informative only, the bytes decide the type (architecture §5). */
  mimetype: string;
  path: string;
  size: number;
  /** The first bytes, which decide the type without reading the file again. */
  head: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  lists: Record<string, string[]>;
  files: Record<string, SpooledFile[]>;
  /** Removes the spooled files and their re-encodings; the route calls it however the request ends. */
  discard(): Promise<void>;
}

export interface SpoolOptions {
  /** Where file parts are written while they arrive; emptied at start-up (lib/upload-intake.ts). */
  dir: string;
  rate: BodyRatePolicy;
}

/**
 * A text field that must arrive, and pass its check, before any file part is written (the forms' proof of
 * work, docs/decisions/049): a body without it, or with it after a file, is refused with `missing()`.
 */
export interface MultipartGate {
  field: string;
  check(value: string): Promise<void>;
  missing(): unknown;
}

/** The English of the 408, as the API writes it. */
export const SLOW_UPLOAD_MESSAGE = englishOf('upload.tooSlow');

/** Field names are chosen by the sender and may be kilobytes long: never echo more than this. */
const SHOWN_NAME_LENGTH = 40;

/**
 * How much of a file part may wait in memory for the disk. The socket hands over 64 KiB at a time; with room for
 * a mebibyte, what arrives while one write is under way goes out with the next as one `writev`, so a 4 MB photo
 * takes a handful of writes instead of some seventy, each a trip to the thread pool and a system call. The room
 * fills only while the disk is slower than the client, and a socket's own kernel buffer may hold more.
 */
const SPOOL_BUFFER_BYTES = 1 << 20;

export function shownName(name: string): string {
  const printable = name.replace(/[^\x20-\x7e]/g, '?');
  return printable.length > SHOWN_NAME_LENGTH ? `${printable.slice(0, SHOWN_NAME_LENGTH)}…` : printable;
}

const badRequest = (message: MessageLike) => new AppError('BAD_REQUEST', message);
const tooLarge = (message: MessageLike, fields?: Record<string, MessageLike>) =>
  new AppError('PAYLOAD_TOO_LARGE', message, fields);
/** A message about a field the sender named, shown printable and short. */
const aboutField = (key: MessageKey, name: string): Message => ({ key, params: { field: shownName(name) } });

/**
 * Writes one file part to `file`, counting it and keeping its first bytes; fails the moment it passes its
 * limit. Settles only once the file is closed, so a failed part's file can be removed for good (a write
 * cut short while its file was still being opened would otherwise create it after the removal).
 */
async function spoolPart(stream: Readable, file: string, rule: FileRule, fieldname: string) {
  let size = 0;
  const headChunks: Buffer[] = [];
  let headLength = 0;
  const target = createWriteStream(file, { flags: 'wx', mode: 0o600, highWaterMark: SPOOL_BUFFER_BYTES });
  const closed = once(target, 'close').catch(() => {});
  try {
    await pipeline(
      stream,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          size += chunk.length;
          if (size > rule.maxBytes) throw tooLarge(rule.tooLarge, { [fieldname]: rule.tooLarge });
          if (headLength < SNIFF_BYTES) {
            headChunks.push(chunk.subarray(0, SNIFF_BYTES - headLength));
            headLength += Math.min(chunk.length, SNIFF_BYTES - headLength);
          }
          yield chunk;
        }
      },
      target,
    );
  } finally {
    await closed;
  }
  return { size, head: Buffer.concat(headChunks, headLength) };
}

/**
 * Reads a multipart body as it arrives (architecture §3). Text fields are kept; each file part is written to a
 * file under `options.dir`, counted while it streams and refused the moment it passes its limit. Unknown
 * names, repeated single fields and files in text fields are refused as they arrive. A client that sends
 * slower than the rate policy is cut off with 408. However it fails, nothing it wrote is left behind, and
 * what the client still sends is not read (the route closes the connection).
 */
export function readMultipart(
  request: FastifyRequest,
  rules: MultipartRules,
  options: SpoolOptions,
  gate?: MultipartGate,
) {
  const contentType = request.headers['content-type'];
  if (!contentType?.toLowerCase().startsWith('multipart/form-data')) {
    return Promise.reject(new AppError('UNSUPPORTED_MEDIA_TYPE', 'upload.notMultipart'));
  }
  const fileRules = new Map(Object.entries(rules.files));
  const single = new Set(rules.text);
  const repeated = new Set(rules.repeatedText ?? []);

  const written: string[] = [];
  const discard = async () => {
    // With each upload goes what the image work wrote beside it, if the request ended before it was stored. One
    // unlink each: most re-encodings were already moved into the store.
    const files = written.splice(0).flatMap((file) => [file, encodedPathOf(file)]);
    await Promise.all(files.map((file) => fs.unlink(file).catch(ignoreMissing)));
  };
  const fields: Record<string, string> = {};
  const lists: Record<string, string[]> = {};
  const pendingFiles = new Map<string, Array<Promise<SpooledFile>>>();
  const openStreams = new Set<BusboyFileStream>();
  /** Set once the gate's field arrived: settles when its check passed. */
  let gatePassed: Promise<void> | undefined = gate ? undefined : Promise.resolve();

  return new Promise<MultipartBody>((resolve, reject) => {
    const source = request.raw;
    let received = 0;
    const count = (chunk: Buffer) => {
      received += chunk.length;
    };
    let busboy: BusboyInstance;
    try {
      busboy = new Busboy({
        headers: { ...request.headers, 'content-type': contentType },
        limits: {
          fieldNameSize: 100,
          fieldSize: rules.limits.fieldSize,
          fields: rules.limits.fields,
          parts: rules.limits.parts,
          files: [...fileRules.values()].reduce((sum, rule) => sum + rule.maxCount, 0),
          // No fileSize: past it busboy would keep reading and discard the rest, where our own count
          // (spoolPart) stops reading at the rule's limit and answers in the form's words.
          headerPairs: 20,
        },
      });
    } catch {
      reject(badRequest('upload.unreadable'));
      return;
    }

    let settled = false;
    const stopWatch = watchBodyRate(
      () => received,
      options.rate,
      () => fail(new AppError('REQUEST_TIMEOUT', 'upload.tooSlow')),
    );
    const detach = () => {
      stopWatch();
      // Counting stops first: unpipe() resumes a source that still has 'data' listeners.
      source.off('data', count);
      source.unpipe(busboy);
      source.off('aborted', onAborted);
      source.off('error', fail);
    };
    function fail(error: unknown) {
      if (settled) return;
      settled = true;
      detach();
      for (const stream of openStreams) stream.destroy();
      // Every write has stopped before its file is removed, so none can be recreated afterwards.
      const writes = [...pendingFiles.values()].flat();
      void Promise.allSettled(writes)
        .then(discard)
        .finally(() => reject(error));
    }
    function onAborted() {
      fail(badRequest('upload.interrupted'));
    }

    busboy.on('file', (fieldname, stream, filename, _encoding, mimetype) => {
      if (settled) {
        stream.resume();
        return;
      }
      const rule = fileRules.get(fieldname);
      if (!rule) {
        stream.resume();
        return fail(
          badRequest(
            aboutField(
              single.has(fieldname) || repeated.has(fieldname) ? 'upload.textExpected' : 'upload.unknownField',
              fieldname,
            ),
          ),
        );
      }
      if (!gatePassed) {
        stream.resume();
        return fail(gate?.missing());
      }
      const list = pendingFiles.get(fieldname) ?? [];
      pendingFiles.set(fieldname, list);
      if (list.length >= rule.maxCount) {
        stream.resume();
        return fail(tooLarge({ key: 'upload.tooManyFilesInField', params: { field: fieldname } }));
      }
      const file = path.join(options.dir, `${randomBytes(16).toString('hex')}.upload`);
      written.push(file);
      openStreams.add(stream);
      // Not a byte is written before the gate's check passed; until then the part waits unread.
      const spooled = gatePassed
        .then(() => spoolPart(stream, file, rule, fieldname))
        .then(
          ({ size, head }) => ({ filename, mimetype, path: file, size, head }),
          (error: unknown) => {
            fail(error);
            throw error;
          },
        );
      spooled.catch(() => {}).finally(() => openStreams.delete(stream));
      list.push(spooled);
    });

    busboy.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (settled) return;
      const isSingle = single.has(name);
      if (!isSingle && !repeated.has(name)) {
        return fail(
          badRequest(
            fileRules.has(name)
              ? { key: 'upload.fileExpected', params: { field: name } }
              : aboutField('upload.unknownField', name),
          ),
        );
      }
      if (valueTruncated) return fail(tooLarge({ key: 'upload.valueTooLong', params: { field: name } }));
      // The floor under every form field, as plugins/input-hygiene.ts is for JSON: no control characters.
      const problem = textCharacterProblem(value, { isMultiline: true });
      if (problem) return fail(new AppError('VALIDATION_FAILED', problem, { [name]: problem }));
      if (!isSingle) {
        lists[name] = [...(lists[name] ?? []), value];
        return;
      }
      if (Object.hasOwn(fields, name))
        return fail(badRequest({ key: 'upload.repeatedField', params: { field: name } }));
      fields[name] = value;
      if (gate && name === gate.field) {
        gatePassed = gate.check(value);
        gatePassed.catch(fail);
      }
    });

    busboy.on('partsLimit', () => fail(tooLarge('upload.tooManyFields')));
    busboy.on('fieldsLimit', () => fail(tooLarge('upload.tooManyFields')));
    busboy.on('filesLimit', () => fail(tooLarge('upload.tooManyFiles')));
    busboy.on('error', () => fail(badRequest('upload.malformed')));
    busboy.on('finish', () => {
      if (settled) return;
      stopWatch();
      if (!gatePassed) return fail(gate?.missing());
      const names = [...pendingFiles.keys()];
      const allSpooled = Promise.all(names.map((name) => Promise.all(pendingFiles.get(name) ?? [])));
      Promise.all([allSpooled, gatePassed]).then(([spooled]) => {
        if (settled) return;
        settled = true;
        detach();
        const files = Object.fromEntries(names.map((name, index) => [name, spooled[index] ?? []]));
        resolve({ fields, lists, files, discard });
      }, fail);
    });

    source.on('aborted', onAborted);
    source.on('error', fail);
    source.pipe(busboy);
    // After pipe(), so counting sees the same chunks as the parser and does not start the flow early.
    source.on('data', count);
  });
}
