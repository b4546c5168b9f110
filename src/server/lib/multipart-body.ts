import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '#server/lib/app-error.ts';

/** What one file field accepts. `tooLarge` is the words of the form it belongs to (e.g. spec §5's). */
export interface FileRule {
  maxBytes: number;
  maxCount: number;
  tooLarge: string;
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

export interface UploadedFile {
  filename: string;
  /** As the client declared it: informative only, the bytes decide the type (DESIGN §5). */
  mimetype: string;
  data: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  lists: Record<string, string[]>;
  files: Record<string, UploadedFile[]>;
}

/** Field names are chosen by the sender and may be kilobytes long: never echo more than this. */
const SHOWN_NAME_LENGTH = 40;

export function shownName(name: string): string {
  const printable = name.replace(/[^\x20-\x7e]/g, '?');
  return printable.length > SHOWN_NAME_LENGTH ? `${printable.slice(0, SHOWN_NAME_LENGTH)}…` : printable;
}

const badRequest = (message: string) => new AppError('BAD_REQUEST', message);

/**
 * Reads a multipart body part by part (DESIGN §3: it streams). Unknown names, repeated single fields and
 * files in text fields are refused as they arrive; each file is counted while it streams and refused the
 * moment it passes its limit, so at most one file under its limit is ever held in memory beyond the rest.
 */
export async function readMultipart(request: FastifyRequest, rules: MultipartRules): Promise<MultipartBody> {
  const fileRules = new Map(Object.entries(rules.files));
  const single = new Set(rules.text);
  const repeated = new Set(rules.repeatedText ?? []);
  const body: MultipartBody = { fields: {}, lists: {}, files: {} };

  const parts = request.parts({
    limits: {
      ...rules.limits,
      files: [...fileRules.values()].reduce((sum, rule) => sum + rule.maxCount, 0),
      fileSize: Math.max(0, ...[...fileRules.values()].map((rule) => rule.maxBytes)),
    },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      const rule = fileRules.get(part.fieldname);
      if (!rule) {
        part.file.resume();
        throw badRequest(
          single.has(part.fieldname) || repeated.has(part.fieldname)
            ? `Expected text, not a file, in field: ${shownName(part.fieldname)}`
            : `Unknown field: ${shownName(part.fieldname)}`,
        );
      }
      const list = body.files[part.fieldname] ?? [];
      body.files[part.fieldname] = list;
      if (list.length >= rule.maxCount) {
        part.file.resume();
        throw new AppError('PAYLOAD_TOO_LARGE', `Too many files in field: ${part.fieldname}`);
      }
      list.push(await readFile(part, rule));
      continue;
    }
    readText(part, body, { single, repeated, fileRules });
  }
  return body;
}

function readText(
  part: Exclude<Multipart, MultipartFile>,
  body: MultipartBody,
  known: { single: Set<string>; repeated: Set<string>; fileRules: Map<string, FileRule> },
): void {
  const name = part.fieldname;
  const isSingle = known.single.has(name);
  if (!isSingle && !known.repeated.has(name)) {
    throw badRequest(
      known.fileRules.has(name) ? `Expected a file in field: ${name}` : `Unknown field: ${shownName(name)}`,
    );
  }
  if (part.valueTruncated) throw new AppError('PAYLOAD_TOO_LARGE', `The value of ${name} is too long`);
  // A part declared as JSON arrives parsed; these forms only carry plain text.
  if (typeof part.value !== 'string') throw badRequest(`Expected plain text in field: ${name}`);
  if (!isSingle) {
    body.lists[name] = [...(body.lists[name] ?? []), part.value];
    return;
  }
  if (Object.hasOwn(body.fields, name)) throw badRequest(`Field sent more than once: ${name}`);
  body.fields[name] = part.value;
}

/** Buffers one file, failing as soon as it passes its limit rather than after the rest has arrived. */
function readFile(part: MultipartFile, rule: FileRule): Promise<UploadedFile> {
  const stream = part.file;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const tooLarge = () => {
      stream.destroy();
      reject(new AppError('PAYLOAD_TOO_LARGE', rule.tooLarge, { [part.fieldname]: rule.tooLarge }));
    };
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > rule.maxBytes) return tooLarge();
      chunks.push(chunk);
    });
    // busboy stops at the largest limit of the form and says so with 'limit'.
    stream.once('limit', tooLarge);
    stream.once('error', reject);
    stream.once('end', () => {
      if (stream.truncated) return tooLarge();
      resolve({ filename: part.filename, mimetype: part.mimetype, data: Buffer.concat(chunks, size) });
    });
  });
}
