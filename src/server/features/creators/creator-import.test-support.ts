import { sql } from 'drizzle-orm';
import type { ImportLine, ImportReport } from '#shared/replies/creator-import.ts';
import { filePart, multipartBody } from '#tests/setup/multipart.ts';
import type { AdminHeaders, TestApp } from '#tests/setup/test-app.ts';

/** The dry run and the import as the screen sends them: the file as the one part of a multipart body. */
export async function postImport(
  t: TestApp,
  headers: AdminHeaders,
  file: string | Uint8Array,
  options: { dryRun?: boolean; fileName?: string; query?: string } = {},
) {
  const data = typeof file === 'string' ? Buffer.from(file, 'utf8') : file;
  const body = await multipartBody({ file: filePart(data, options.fileName ?? 'creators.csv', 'text/csv') });
  const url = `/api/admin/creators/import${options.dryRun ? '/dry-run' : ''}${options.query ?? ''}`;
  return t.app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
}

export async function dryRun(t: TestApp, headers: AdminHeaders, file: string | Uint8Array, fileName?: string) {
  const res = await postImport(t, headers, file, { dryRun: true, fileName });
  if (res.statusCode !== 200) throw new Error(`dry run: ${res.statusCode} ${res.body}`);
  return res.json() as ImportReport;
}

/** The import's reply, line by line. */
export const linesOf = (body: string) =>
  body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ImportLine);

/** What an import may change: creators, their activity, the status counters. */
export async function snapshot(t: TestApp) {
  const { rows } = (await t.database.db.execute(sql`select
      (select count(*)::int from creators) as creators,
      (select count(*)::int from activity_log) as activity,
      (select coalesce(sum(count), 0)::int from creator_status_counts where status = 'pending') as pending,
      (select count(*)::int from creators where has_duplicates) as marked`)) as unknown as {
    rows: { creators: number; activity: number; pending: number; marked: number }[];
  };
  const [counts] = rows;
  if (!counts) throw new Error('no counts');
  return counts;
}
