import { createReadStream } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MultipartRules, SpooledFile } from '#server/lib/multipart-body.ts';
import { errorReplies, fileReply, streamed } from '#server/lib/route-schemas.ts';
import { currentAdmin } from '#server/plugins/admin-session.ts';
import { receiveUpload } from '#server/plugins/uploads.ts';
import { IMPORT_DUPLICATE_CHOICES, IMPORT_FILE_FIELD } from '#shared/creator-import.ts';
import { IMPORT_MAX_BYTES } from '#shared/limits.ts';
import { importReportSchema } from '#shared/replies/creator-import.ts';
import { dryRunImport, type ImportSource, importCreators, prepareImport } from './creator-import.service.ts';

/** One file part and nothing else; its limit is enforced as it streams (413), before any row is read. */
const IMPORT_FORM: MultipartRules = {
  text: [],
  files: { [IMPORT_FILE_FIELD]: { maxBytes: IMPORT_MAX_BYTES, maxCount: 1, tooLarge: 'import.tooLarge' } },
  limits: { fields: 1, fieldSize: 1024, parts: 2 },
};

const importParts = z.object({
  [IMPORT_FILE_FIELD]: z
    .string()
    .meta({ format: 'binary' })
    .describe('The CSV file: the list export’s columns, UTF-8 (with or without BOM), comma or semicolon'),
});

const importQuery = z.object({
  duplicates: z
    .enum(IMPORT_DUPLICATE_CHOICES, { error: 'import.duplicates' })
    .default('skip')
    .describe('Rows whose contact matches a creator or an earlier row: skipped (default) or imported as well'),
});

export const NDJSON_CONTENT_TYPE = 'application/x-ndjson; charset=utf-8';

/** A file name as the activity log keeps it: no folders, no control characters, not too long. */
function shownFileName(name: string): string {
  const base = path.basename(name.replaceAll('\\', '/')).replace(/\p{Cc}/gu, '');
  return (base || 'import.csv').slice(0, 200);
}

function sourceOf(file: SpooledFile | undefined): ImportSource {
  if (!file) return { fileName: 'import.csv', open: () => Readable.from([]) };
  return { fileName: shownFileName(file.filename), open: () => createReadStream(file.path) };
}

/**
 * CSV import of creators (decision 061), owners only, mounted under /api/admin/creators. The file is spooled as
 * it arrives, as every upload is (413 past its limit, 408 below the rate policy), then read as a stream.
 */
export const creatorImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const ownersOnly = { permission: 'importCreators' as const, isUpload: true, multipartParts: importParts };
  const noChecks = async () => undefined;

  app.post(
    '/import/dry-run',
    {
      config: ownersOnly,
      schema: {
        summary: 'What importing a CSV of creators would do, row by row: create, invalid (and why) or duplicate',
        response: { 200: importReportSchema, ...errorReplies(400, 403, 408, 413, 415) },
      },
    },
    async (request, reply) =>
      receiveUpload(app, request, reply, IMPORT_FORM, {
        before: noChecks,
        usesImages: false,
        handle: (body) => dryRunImport(db, sourceOf(body.files[IMPORT_FILE_FIELD]?.[0])),
      }),
  );

  app.post(
    '/import',
    {
      config: ownersOnly,
      schema: {
        summary: 'Import a CSV of creators as pending, a transaction per 500 rows, with progress as it goes',
        querystring: importQuery,
        response: {
          200: fileReply(
            'application/x-ndjson',
            'One JSON object per line (ImportLine): `started`, a `progress` after each committed batch, then `done` or `failed`',
          ),
          ...errorReplies(400, 403, 408, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const admin = currentAdmin(request);
      const { duplicates } = request.query;
      // The spooled file is kept open past the upload's clean-up, which removes its name only.
      const prepared = await receiveUpload(app, request, reply, IMPORT_FORM, {
        before: noChecks,
        usesImages: false,
        handle: async (body) => {
          const file = body.files[IMPORT_FILE_FIELD]?.[0];
          const source = sourceOf(file);
          const { rows } = await prepareImport(source);
          const handle = file ? await open(file.path) : null;
          return { rows, source, handle };
        },
      });
      const { rows, source, handle } = prepared;
      let isClosed = false;
      const close = async (file: FileHandle | null) => {
        if (isClosed || !file) return;
        isClosed = true;
        await file.close();
      };
      // A reader gone before the first line never runs the lines' own clean-up.
      reply.raw.once('close', () => void close(handle).catch(() => undefined));
      const kept: ImportSource = handle
        ? { fileName: source.fileName, open: () => handle.createReadStream({ start: 0, autoClose: false }) }
        : source;
      request.log.info({ admin: admin.username, rows, duplicates }, 'creators import started');
      async function* lines() {
        try {
          yield `${JSON.stringify({ type: 'started', rows, fileName: kept.fileName })}\n`;
          for await (const line of importCreators(db, { source: kept, performedBy: admin.username, duplicates })) {
            if (line.type !== 'progress') request.log.info({ admin: admin.username, ...line }, 'creators import ended');
            yield `${JSON.stringify(line)}\n`;
          }
        } finally {
          await close(handle);
        }
      }
      // nginx would hold the lines back until the end; the progress is the point of them.
      return reply
        .type(NDJSON_CONTENT_TYPE)
        .header('x-accel-buffering', 'no')
        .send(streamed(Readable.from(lines(), { objectMode: false })));
    },
  );
};
