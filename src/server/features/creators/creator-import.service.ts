import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { creators, recruiters } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import { type CsvRecord, readCsv } from '#server/lib/csv-reader.ts';
import type { ImportDuplicateChoice } from '#shared/creator-import.ts';
import { englishOf } from '#shared/messages/english.ts';
import { messageOf } from '#shared/messages/message.ts';
import type { ImportLine, ImportReport, ImportRow } from '#shared/replies/creator-import.ts';
import {
  type ImportHeader,
  type JudgedRow,
  judgeRow,
  type RecruiterDirectory,
  readHeader,
} from './creator-import-rows.ts';
import { insertImportBatch } from './creator-import-write.ts';

/** Rows per transaction: an interrupted import leaves whole batches (decision 061). */
export const IMPORT_BATCH_SIZE = 500;

/** The uploaded file, read from its start each time it is opened (it is spooled to disk as it arrives). */
export interface ImportSource {
  fileName: string;
  open(): AsyncIterable<Uint8Array>;
}

export interface JudgedBatchRow extends JudgedRow {
  outcome: ImportRow['outcome'];
  duplicateOf?: { creatorId?: string; row?: number };
}

async function recruiterDirectory(db: DbOrTx): Promise<RecruiterDirectory> {
  const rows = await db.select({ id: recruiters.id, name: recruiters.name }).from(recruiters);
  return new Map(rows.map((row) => [row.name.toLowerCase(), row]));
}

/** The header row, read before anything else: a file without one, or without a required column, is a 400. */
async function headerOf(records: AsyncIterator<CsvRecord>): Promise<ImportHeader> {
  const first = await records.next();
  if (first.done) throw new AppError('VALIDATION_FAILED', 'import.empty');
  return readHeader(first.value.cells);
}

/** The file's records after its header, and that header. */
async function openFile(source: ImportSource): Promise<{ header: ImportHeader; records: AsyncIterator<CsvRecord> }> {
  const records = readCsv(source.open())[Symbol.asyncIterator]();
  return { header: await headerOf(records), records };
}

/**
 * The file's rows judged a batch at a time: the form's checks, then duplicates by contact key (decision 025),
 * against an earlier row of the file first and the stored creators second (one indexed lookup per batch).
 */
async function* judgedBatches(
  db: DbOrTx,
  file: { header: ImportHeader; records: AsyncIterator<CsvRecord> },
  batchSize: number,
): AsyncGenerator<JudgedBatchRow[], void, undefined> {
  const directory = await recruiterDirectory(db);
  const firstRowOfKey = new Map<string, number>();
  const judge = async (rows: JudgedRow[]): Promise<JudgedBatchRow[]> => {
    const keys = [...new Set(rows.flatMap((row) => (row.valid ? [row.valid.contactKey] : [])))];
    const stored = new Map<string, string>();
    if (keys.length > 0) {
      const found = await db
        .select({ key: creators.contactKey, creatorId: creators.creatorId })
        .from(creators)
        .where(sql`${creators.contactKey} in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`)
        // The oldest match, as the details dialog lists them.
        .orderBy(creators.createdAt, creators.id);
      for (const match of found) if (match.key && !stored.has(match.key)) stored.set(match.key, match.creatorId);
    }
    return rows.map((row): JudgedBatchRow => {
      if (!row.valid) return { ...row, outcome: 'invalid' };
      const { contactKey } = row.valid;
      const earlier = firstRowOfKey.get(contactKey);
      if (earlier !== undefined) return { ...row, outcome: 'duplicate', duplicateOf: { row: earlier } };
      firstRowOfKey.set(contactKey, row.row);
      const creatorId = stored.get(contactKey);
      return creatorId ? { ...row, outcome: 'duplicate', duplicateOf: { creatorId } } : { ...row, outcome: 'create' };
    });
  };
  let batch: JudgedRow[] = [];
  for (let next = await file.records.next(); !next.done; next = await file.records.next()) {
    batch.push(judgeRow(file.header, next.value, directory));
    if (batch.length >= batchSize) {
      yield await judge(batch);
      batch = [];
    }
  }
  if (batch.length > 0) yield await judge(batch);
}

const reportRow = (row: JudgedBatchRow): ImportRow => ({
  row: row.row,
  outcome: row.outcome,
  name: row.name,
  contactInfo: row.contactInfo,
  errors: row.errors,
  ...(row.duplicateOf ? { duplicateOf: row.duplicateOf } : {}),
});

type Outcome = ImportRow['outcome'];

function countsOf(outcomes: readonly Outcome[]) {
  const count = (outcome: Outcome) => outcomes.filter((each) => each === outcome).length;
  const invalid = count('invalid');
  return { rows: outcomes.length, valid: outcomes.length - invalid, invalid, duplicates: count('duplicate') };
}

/** The dry run: every row as the import would take it; nothing is written. */
export async function dryRunImport(db: DbOrTx, source: ImportSource): Promise<ImportReport> {
  const file = await openFile(source);
  const items: ImportRow[] = [];
  for await (const batch of judgedBatches(db, file, IMPORT_BATCH_SIZE)) items.push(...batch.map(reportRow));
  return {
    fileName: source.fileName,
    columns: { used: file.header.used, ignored: file.header.ignored },
    ...countsOf(items.map((item) => item.outcome)),
    items,
  };
}

/**
 * Checks the file's header and counts its rows before the import's reply starts, so a file that cannot be
 * imported is an ordinary error reply and the progress has a total.
 */
export async function prepareImport(source: ImportSource): Promise<{ rows: number }> {
  const { records } = await openFile(source);
  let rows = 0;
  for (let next = await records.next(); !next.done; next = await records.next()) rows++;
  return { rows };
}

export interface ImportOptions {
  source: ImportSource;
  performedBy: string;
  duplicates: ImportDuplicateChoice;
  batchSize?: number;
}

/**
 * The import (decision 061): each batch's creators, activity entries and duplicate marks in one transaction,
 * then a progress line. Stopped between batches (the reader went away) or failing in one, it leaves the
 * batches before it whole and nothing of the one that failed.
 */
export async function* importCreators(db: Db, options: ImportOptions): AsyncGenerator<ImportLine> {
  const { source, duplicates } = options;
  const outcomes: Outcome[] = [];
  let created = 0;
  let skipped = 0;
  try {
    const file = await openFile(source);
    for await (const batch of judgedBatches(db, file, options.batchSize ?? IMPORT_BATCH_SIZE)) {
      const isTaken = (row: JudgedBatchRow) =>
        row.outcome === 'create' || (row.outcome === 'duplicate' && duplicates === 'import');
      created += await insertImportBatch(db, {
        rows: batch.filter(isTaken),
        fileName: source.fileName,
        performedBy: options.performedBy,
      });
      skipped += batch.filter((row) => row.outcome === 'duplicate' && !isTaken(row)).length;
      outcomes.push(...batch.map((row) => row.outcome));
      yield { type: 'progress', done: outcomes.length, created };
    }
  } catch (error) {
    // The batch's transaction is rolled back; those before it stay, and the line says how many.
    const reason = error instanceof AppError ? error.reason : messageOf('import.batchFailed');
    yield { type: 'failed', done: outcomes.length, created, message: englishOf(reason), messageKey: reason.key };
    return;
  }
  yield { type: 'done', onDuplicates: duplicates, ...countsOf(outcomes), created, skipped };
}
