import { uploadWithProgress } from '#client/lib/upload-with-progress.ts';
import { IMPORT_FILE_FIELD } from '#shared/creator-import.ts';
import type { ImportReport } from '#shared/replies/creator-import.ts';

export const IMPORT_PATH = '/api/admin/creators/import';

export function importForm(file: File): FormData {
  const form = new FormData();
  form.append(IMPORT_FILE_FIELD, file, file.name);
  return form;
}

/** POST …/import/dry-run: what importing the file would do, row by row (decision 061); nothing is written. */
export function checkImport(file: File, onProgress?: (fraction: number) => void, signal?: AbortSignal) {
  return uploadWithProgress<ImportReport>(`${IMPORT_PATH}/dry-run`, importForm(file), onProgress, { signal });
}
