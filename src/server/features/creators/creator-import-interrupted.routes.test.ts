import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertRecruiter } from '#tests/factories.ts';
import { creatorCells, importCsv } from '#tests/fixtures/import-csv.ts';
import { filePart, multipartBody } from '#tests/setup/multipart.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { IMPORT_BATCH_SIZE } from './creator-import.service.ts';
import { snapshot } from './creator-import.test-support.ts';

const t = setUpTestApp();
let port: number;

beforeAll(async () => {
  await insertRecruiter(t.database.db, { name: 'Olivia Stone' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

/** The creators count once it has stopped moving: the server has noticed the reader is gone. */
async function settledCount(): Promise<number> {
  let last = -1;
  for (;;) {
    const { creators } = await snapshot(t);
    if (creators === last) return creators;
    last = creators;
    await sleep(400);
  }
}

describe('POST /api/admin/creators/import, its reader gone', () => {
  it('stops between batches when the connection closes: only whole batches, each with its entries', async () => {
    const total = 8 * IMPORT_BATCH_SIZE;
    const rows = Array.from({ length: total }, (_, i) => creatorCells(50_000 + i, 'Olivia Stone'));
    const body = await multipartBody({ file: filePart(Buffer.from(importCsv(rows)), 'big.csv', 'text/csv') });
    const before = await snapshot(t);

    const seen = await new Promise<string>((resolve, reject) => {
      const req = request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/api/admin/creators/import',
          headers: { ...t.headers, ...body.headers, 'content-length': body.payload.length },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString('utf8');
            // The first committed batch: the admin closes the tab.
            if (text.includes('"progress"')) {
              req.destroy();
              resolve(text);
            }
          });
          res.on('error', () => {});
        },
      );
      req.on('error', (error) => (error.message.includes('socket hang up') ? undefined : reject(error)));
      req.end(body.payload);
    });

    expect(seen).toContain('"type":"started"');
    const created = (await settledCount()) - before.creators;
    const after = await snapshot(t);
    expect(created % IMPORT_BATCH_SIZE).toBe(0);
    expect(created).toBeGreaterThanOrEqual(IMPORT_BATCH_SIZE);
    expect(created).toBeLessThan(total);
    expect(after.activity - before.activity).toBe(created);
    expect(after.pending - before.pending).toBe(created);
  });
});
