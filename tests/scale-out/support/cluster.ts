import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_ADMIN, freePort, type RunningServer, startServer } from '../../e2e/support/server.ts';
import { createScratchDatabase } from '../../setup/test-db.ts';
import { startTestS3, type TestS3 } from '../../setup/test-s3.ts';
import { type RunningProxy, startNginx } from './nginx.ts';

export interface ClusterOptions {
  /** Where the instances keep uploads: one S3-compatible bucket, or one directory both mount. */
  files: 's3' | 'shared-disk';
  databaseUrl: string;
  /** Rate-limit counters in Redis; without it, in PostgreSQL. */
  redisUrl: string | undefined;
  submissionsPerAddress: number;
}

export interface Reply {
  status: number;
  headers: Headers;
  body: Buffer;
  /** host:port of the instance that answered, as nginx logged it. */
  upstream: string;
}

export interface Cluster {
  proxy: RunningProxy;
  instances: [RunningServer, RunningServer];
  /** host:port of each instance, as nginx names them. */
  addresses: [string, string];
  publicUrl: string;
  s3: TestS3 | null;
  sharedUploadsDir: string | null;
  /** One request through nginx; requests must not overlap, so each log line is this one's. */
  viaProxy(urlPath: string, init?: RequestInit): Promise<Reply>;
  stop(): Promise<void>;
}

const hostOf = (server: RunningServer) => new URL(server.baseUrl).host;

/**
 * Two real app processes (the production build) on one PostgreSQL, one upload store and one set of
 * counters, behind nginx configured by deploy/nginx.conf. Both start at once, migrations included.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const cleanups: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  };
  try {
    const database = await createScratchDatabase(options.databaseUrl);
    cleanups.push(() => database.drop());
    const s3 = options.files === 's3' ? await startTestS3() : null;
    if (s3) cleanups.push(() => s3.close());
    const sharedUploadsDir =
      options.files === 'shared-disk' ? await mkdtemp(path.join(tmpdir(), 'rollick-shared-uploads-')) : null;
    if (sharedUploadsDir) cleanups.push(() => rm(sharedUploadsDir, { recursive: true, force: true }));

    const proxyPort = await freePort();
    const publicUrl = `http://127.0.0.1:${proxyPort}`;
    const env: Record<string, string> = {
      DATABASE_URL: database.url,
      PUBLIC_URL: publicUrl,
      // nginx runs on this machine; so does the test, whose X-Forwarded-For therefore names the client.
      TRUST_PROXY: '127.0.0.1',
      SUBMISSIONS_PER_IP_PER_HOUR: String(options.submissionsPerAddress),
      // One key for both: a challenge handed out by one instance is accepted by the other (docs/decisions/049).
      CAPTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
      ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
      ...(s3 ? s3.env : {}),
      ...(sharedUploadsDir ? { UPLOADS_DIR: sharedUploadsDir } : {}),
    };
    const instances = (await Promise.all([startServer({ env }), startServer({ env })])) as [
      RunningServer,
      RunningServer,
    ];
    for (const instance of instances) cleanups.push(() => instance.stop());
    const addresses: [string, string] = [hostOf(instances[0]), hostOf(instances[1])];
    const proxy = await startNginx({ upstreams: addresses, port: proxyPort });
    cleanups.push(() => proxy.stop());

    const viaProxy = async (urlPath: string, init?: RequestInit): Promise<Reply> => {
      const before = (await proxy.accessLog()).length;
      const res = await fetch(`${proxy.baseUrl}${urlPath}`, init);
      const body = Buffer.from(await res.arrayBuffer());
      const deadline = Date.now() + 2_000;
      for (;;) {
        const line = (await proxy.accessLog())[before];
        const upstream = line ? /upstream=(\S+)/.exec(line)?.[1] : undefined;
        if (upstream) return { status: res.status, headers: res.headers, body, upstream };
        if (Date.now() > deadline) throw new Error(`nginx logged no line for ${urlPath}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    return { proxy, instances, addresses, publicUrl, s3, sharedUploadsDir, viaProxy, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export { E2E_ADMIN };
