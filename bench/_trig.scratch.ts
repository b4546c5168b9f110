import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.ts';
import { freshPostgres, seedNetwork } from './support.ts';
const pg = await freshPostgres('postgres://postgres@127.0.0.1:5432/test');
console.log(pg.url);
const database = await openDatabase({ driver: 'postgres', url: pg.url } as never);
await seedNetwork(database.db, 110_000);
console.log('seeded');
