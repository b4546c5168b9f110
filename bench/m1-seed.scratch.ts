import { writeFile } from 'node:fs/promises';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.ts';
import { seedNetwork } from './support.ts';

const which = process.argv[2];
const started = performance.now();
if (which === 'pg') {
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query('drop database if exists rollick_m1 with (force)');
  await admin.query('create database rollick_m1');
  await admin.end();
  const database = await openDatabase({ driver: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/rollick_m1' });
  const sample = await seedNetwork(database.db, 1_000_000);
  await writeFile('/tmp/m1/pg-sample.json', JSON.stringify(sample));
  await database.close();
} else {
  const database = await openDatabase({ driver: 'pglite', dataDir: '/tmp/m1/pglite' });
  const sample = await seedNetwork(database.db, 1_000_000);
  await writeFile('/tmp/m1/pglite-sample.json', JSON.stringify(sample));
  await database.close();
}
console.log(which, 'seeded in', Math.round(performance.now() - started), 'ms');
