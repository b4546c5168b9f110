import { type Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '#server/config.ts';
import {
  CONTENT_TYPES,
  type FileStore,
  FileStoreUnavailableError,
  isFileKey,
  keyForPut,
  putFileByCopy,
} from './file-store.ts';

/** Every object lives under this prefix, so the sweep lists only what this app wrote. */
export const S3_KEY_PREFIX = 'uploads/';

/** S3's smallest part; a processed image is rarely larger, so most uploads are one PUT. */
const PART_BYTES = 5 * 1024 * 1024;

export interface S3FileStore extends FileStore {
  close(): void;
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

const isMissing = (error: unknown) => {
  const name = (error as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
};

/** Why the bucket cannot be used, in words that point at the setting to check. */
function describeFailure(error: unknown): string {
  const status = statusOf(error);
  if (status === 404) return 'the bucket does not exist';
  if (status === 403 || status === 401) return 'access denied: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY';
  if (status !== undefined) return `the service answered HTTP ${status}`;
  const { code, message } = error as { code?: string; message?: string };
  return `not reachable (${code ?? message ?? String(error)})`;
}

/** Counts the bytes that pass, so a streamed upload can report its size without buffering it. */
function byteCounter(): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counter.bytes += chunk.length;
      done(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}

/**
 * Uploads in an S3-compatible bucket (architecture §2), through the AWS SDK v3. Objects are written without an
 * ACL, so they stay as private as the bucket; admins read them only through the app (files.routes.ts).
 * An object appears under its key only once PutObject or the multipart upload's completion succeeds, and
 * a failed multipart upload is aborted, so no key ever names a partial file.
 */
export function createS3FileStore(settings: S3Settings): S3FileStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Self-hosted S3-compatible services reject the newer default checksum trailers; S3 does not need them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  const Bucket = settings.bucket;
  const where = settings.endpoint ?? `AWS ${settings.region}`;
  const objectKey = (key: string) => S3_KEY_PREFIX + key;

  const store: S3FileStore = {
    async put(source, opts) {
      const key = keyForPut(opts);
      const { extension } = opts;
      const counter = Buffer.isBuffer(source) ? null : byteCounter();
      const body = counter ? (source as Readable).pipe(counter) : source;
      // A failing source must fail the upload, which `pipe` alone would not pass on.
      if (counter) (source as Readable).once('error', (error) => counter.destroy(error));
      const upload = new Upload({
        client,
        params: { Bucket, Key: objectKey(key), Body: body, ContentType: CONTENT_TYPES[extension] },
        partSize: PART_BYTES,
        queueSize: 2,
        leavePartsOnError: false,
      });
      await upload.done();
      return { key, size: counter ? counter.bytes : (source as Buffer).length };
    },

    putFile: (file, opts) => putFileByCopy(store.put, file, opts),

    async get(key) {
      if (!isFileKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        const extension = key.slice(key.lastIndexOf('.') + 1) as keyof typeof CONTENT_TYPES;
        // The type comes from the key, fixed when the image was re-encoded, never from stored metadata.
        return {
          stream: object.Body as Readable,
          size: object.ContentLength ?? 0,
          contentType: CONTENT_TYPES[extension],
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      if (!isFileKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },

    async exists(key) {
      if (!isFileKey(key)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async *list() {
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: S3_KEY_PREFIX })) {
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(S3_KEY_PREFIX.length);
          if (!isFileKey(key) || !object.LastModified) continue;
          yield { key, modifiedAt: object.LastModified };
        }
      }
    },

    // An interrupted multipart upload holds no key and is invisible to reads; the bucket's lifecycle rule
    // (AbortIncompleteMultipartUpload, docs/deploy.md) removes its parts.
    async sweepTemp() {
      return 0;
    },

    async verify() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        throw new FileStoreUnavailableError(
          `The S3 bucket "${Bucket}" at ${where} cannot be used: ${describeFailure(error)}. ` +
            'Check S3_BUCKET, S3_ENDPOINT, S3_REGION and S3_FORCE_PATH_STYLE.',
        );
      }
    },

    close: () => client.destroy(),
  };
  return store;
}
