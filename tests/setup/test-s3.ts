import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '#server/config.ts';

export interface TestS3 {
  /** What S3_* would say to reach the bucket. */
  settings: S3Settings;
  /** The same, as the environment of a server process. */
  env: Record<string, string>;
  /** Where the server keeps the bucket's objects on disk. */
  dir: string;
  close(): Promise<void>;
}

/** s3rver accepts any well-formed signature made with these. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A real S3-compatible server (s3rver) on a free loopback port with its data in a temp directory, and one
 * empty bucket: what the object store's tests and the two-instance test talk to over HTTP.
 */
export async function startTestS3(bucket = 'rollick-test'): Promise<TestS3> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rollick-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    settings: { bucket, endpoint, region: 'us-east-1', credentials: CREDENTIALS, forcePathStyle: true },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    dir,
    close: async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
