import { z } from 'zod';
import { IMPORT_DUPLICATE_CHOICES } from '../creator-import.ts';
import { messageParamsSchema } from './messages.ts';

/** What the import makes of one row (decision 061). */
export const IMPORT_OUTCOMES = ['create', 'invalid', 'duplicate'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

const rowErrorSchema = z.object({
  field: z.string().describe("The application field, e.g. `contactInfo`; the column is the field's header"),
  message: z.string().describe('In English'),
  messageKey: z.string(),
  messageParams: messageParamsSchema.optional(),
});
export type ImportRowError = z.infer<typeof rowErrorSchema>;

export const importRowSchema = z
  .object({
    row: z.number().int().describe('As a spreadsheet numbers it: the header is row 1'),
    outcome: z.enum(IMPORT_OUTCOMES),
    name: z.string(),
    contactInfo: z.string(),
    errors: z.array(rowErrorSchema).describe('Why the row is invalid, one per field, in the form’s order'),
    duplicateOf: z
      .object({
        creatorId: z.string().optional().describe('The existing creator with the same contact'),
        row: z.number().int().optional().describe('The earlier row of this file with the same contact'),
      })
      .optional(),
  })
  .meta({ id: 'ImportRow' });
export type ImportRow = z.infer<typeof importRowSchema>;

const countsShape = {
  rows: z.number().int().describe('Rows read, blank lines left out'),
  valid: z.number().int().describe('Rows that pass the form’s checks, duplicates among them'),
  invalid: z.number().int(),
  duplicates: z.number().int().describe('Valid rows whose contact matches a creator or an earlier row'),
};

/** POST /api/admin/creators/import/dry-run: what the import would do, row by row; nothing is written. */
export const importReportSchema = z
  .object({
    fileName: z.string(),
    columns: z.object({
      used: z.array(z.string()).describe('The headers read, as the file writes them'),
      ignored: z
        .array(z.string())
        .describe('Headers the import cannot set (Creator ID, Status, dates…) or does not know'),
    }),
    ...countsShape,
    items: z.array(importRowSchema).describe('Every row, in the file’s order'),
  })
  .meta({ id: 'ImportReport' });
export type ImportReport = z.infer<typeof importReportSchema>;

/** One line of POST /api/admin/creators/import's reply (NDJSON): progress after each batch, then the end. */
export const importLineSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('started'), rows: z.number().int(), fileName: z.string() }),
    z.object({
      type: z.literal('progress'),
      done: z.number().int().describe('Rows judged so far'),
      created: z.number().int().describe('Creators created so far, each batch committed'),
    }),
    z.object({
      type: z.literal('done'),
      onDuplicates: z.enum(IMPORT_DUPLICATE_CHOICES),
      ...countsShape,
      created: z.number().int(),
      skipped: z.number().int().describe('Duplicates left out'),
    }),
    z.object({
      type: z.literal('failed'),
      done: z.number().int(),
      created: z.number().int().describe('Creators created by the batches committed before the failure; they stay'),
      message: z.string(),
      messageKey: z.string(),
    }),
  ])
  .meta({ id: 'ImportLine' });
export type ImportLine = z.infer<typeof importLineSchema>;
