import { AppError } from '#server/lib/app-error.ts';
import { contactKeyOf } from '#server/lib/contact-key.ts';
import type { CsvRecord } from '#server/lib/csv-reader.ts';
import { headerKey, IMPORT_COLUMNS, type ImportField } from '#shared/creator-import.ts';
import { restoreFormulas } from '#shared/csv.ts';
import { englishOf } from '#shared/messages/english.ts';
import type { ImportRowError } from '#shared/replies/creator-import.ts';
import {
  APPLICATION_FIELD_ORDER,
  type Application,
  applicationSchemaWithoutConsent,
} from '#shared/schemas/application.ts';
import { fieldMessages } from '#shared/schemas/errors.ts';

/** Where each field is in the file, and which headers were read and which left aside. */
export interface ImportHeader {
  columns: { index: number; field: ImportField }[];
  used: string[];
  ignored: string[];
}

const COLUMN_OF = new Map(IMPORT_COLUMNS.map((column) => [headerKey(column.header), column]));

/**
 * The header row against the columns an import sets (decision 061): the first column of each kind counts;
 * anything else (Creator ID, Status, dates, listing data, a column a later version adds) is ignored and named.
 * A required column missing is a 400 naming every one of them, before any row is read.
 */
export function readHeader(cells: readonly string[]): ImportHeader {
  const header: ImportHeader = { columns: [], used: [], ignored: [] };
  const seen = new Set<ImportField>();
  cells.forEach((cell, index) => {
    const text = cell.trim();
    const column = COLUMN_OF.get(headerKey(text));
    if (column && !seen.has(column.field)) {
      seen.add(column.field);
      header.columns.push({ index, field: column.field });
      header.used.push(text);
    } else if (text !== '') {
      header.ignored.push(text);
    }
  });
  const missing = IMPORT_COLUMNS.filter((column) => column.isRequired && !seen.has(column.field));
  if (missing.length > 0) {
    throw new AppError('VALIDATION_FAILED', {
      key: 'import.missingColumns',
      params: { columns: missing.map((column) => column.header).join(', ') },
    });
  }
  return header;
}

export type Recruiter = { id: string; name: string };

/** Recruiters by their name in lower case: names are unique in any letter case (submissions.service). */
export type RecruiterDirectory = ReadonlyMap<string, Recruiter>;

export interface JudgedRow {
  row: number;
  name: string;
  contactInfo: string;
  errors: ImportRowError[];
  /** Set when the row passes the form's checks. */
  valid?: {
    application: Application;
    /** A known recruiter by any letter case; else none, and the name as the file writes it, as the spec keeps it. */
    recruiter: { id: string | null; name: string };
    contactKey: string;
  };
}

/**
 * One row through the application form's own schema (consent is not asked: she gave no answer through a
 * file, and none is recorded). The photo is not a column: the server never required it, so nothing is relaxed
 * but the form's own check in the browser. Cells lose the `'` our export puts before a formula character.
 */
export function judgeRow(header: ImportHeader, record: CsvRecord, recruiters: RecruiterDirectory): JudgedRow {
  const answers: Record<string, string> = {};
  for (const { index, field } of header.columns) answers[field] = restoreFormulas(record.cells[index] ?? '');
  const name = (answers.name ?? '').trim();
  const contactInfo = (answers.contactInfo ?? '').trim();
  const parsed = applicationSchemaWithoutConsent.safeParse(answers);
  if (!parsed.success) {
    const messages = fieldMessages(parsed.error, APPLICATION_FIELD_ORDER);
    const errors = Object.entries(messages).map(([field, message]) => ({
      field,
      message: englishOf(message),
      messageKey: message.key,
      ...(message.params ? { messageParams: { ...message.params } } : {}),
    }));
    return { row: record.row, name, contactInfo, errors };
  }
  const application = parsed.data;
  const known = recruiters.get(application.recruiter.toLowerCase());
  return {
    row: record.row,
    name,
    contactInfo,
    errors: [],
    valid: {
      application,
      recruiter: known ?? { id: null, name: application.recruiter },
      contactKey: contactKeyOf(application.contactMethod, application.contactInfo),
    },
  };
}
