import { mkdir, writeFile } from 'node:fs/promises';
import { measureAdminLists } from './admin-lists.ts';
import { measureBackup } from './backup.ts';
import { measureBulk } from './bulk.ts';
import { measureFirstLoad } from './bundle-size.ts';
import { measureColdStart } from './cold-start.ts';
import { measureCreatorFind } from './creator-find.ts';
import { measureHttp } from './http-load.ts';
import { measureImport } from './import.ts';
import { measureLighthouse } from './lighthouse.ts';
import { measureLoad } from './load.ts';
import { measureStage2Submission } from './stage2.ts';
import { measureSubmission } from './submission.ts';

/**
 * `npm run bench` (after `npm run build`): prints figures and writes them to bench/results/. It
 * reports; it never fails a build (architecture §7).
 */
const only = process.argv.slice(2);
const suites: Record<string, () => Promise<unknown>> = {
  bundle: measureFirstLoad,
  'cold-start': measureColdStart,
  http: measureHttp,
  submission: measureSubmission,
  stage2: measureStage2Submission,
  'admin-lists': measureAdminLists,
  bulk: measureBulk,
  import: measureImport,
  find: measureCreatorFind,
  load: measureLoad,
  lighthouse: measureLighthouse,
  backup: measureBackup,
};

const results: Record<string, unknown> = { at: new Date().toISOString(), node: process.version };
for (const [name, run] of Object.entries(suites)) {
  if (only.length > 0 && !only.includes(name)) continue;
  results[name] = await run();
  console.log(name, JSON.stringify(results[name], null, 2));
}
await mkdir('bench/results', { recursive: true });
await writeFile(`bench/results/${Date.now()}.json`, `${JSON.stringify(results, null, 2)}\n`);
