import { ApiError } from '#client/lib/api-client.ts';
import { UploadNetworkError } from '#client/lib/upload-with-progress.ts';
import type { ImportDuplicateChoice } from '#shared/creator-import.ts';
import type { ImportLine } from '#shared/replies/creator-import.ts';
import { IMPORT_PATH, importForm } from './check-import.ts';

export type ImportEnd = Extract<ImportLine, { type: 'done' | 'failed' }>;

/**
 * POST …/import (decision 061), over XMLHttpRequest, which hands over the reply as it arrives: each line
 * (`started`, a `progress` per committed batch) goes to `onLine`, and the promise settles with the last one,
 * `done` or `failed`. A refusal rejects with the ApiError other calls give; a reply cut short with
 * UploadNetworkError, carrying the last progress line seen.
 */
export function runImport(
  file: File,
  options: { duplicates: ImportDuplicateChoice; onLine: (line: ImportLine) => void },
): Promise<ImportEnd> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let read = 0;
    let end: ImportEnd | undefined;
    const takeLines = () => {
      if (xhr.status !== 200) return;
      const text = xhr.responseText;
      let newline = text.indexOf('\n', read);
      while (newline !== -1) {
        const line = JSON.parse(text.slice(read, newline)) as ImportLine;
        read = newline + 1;
        if (line.type === 'done' || line.type === 'failed') end = line;
        options.onLine(line);
        newline = text.indexOf('\n', read);
      }
    };
    xhr.open('POST', `${IMPORT_PATH}?duplicates=${options.duplicates}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/x-ndjson, application/json');
    xhr.addEventListener('progress', takeLines);
    xhr.addEventListener('load', () => {
      if (xhr.status !== 200) {
        reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText, xhr.getResponseHeader('Retry-After')));
        return;
      }
      takeLines();
      if (end) resolve(end);
      else reject(new UploadNetworkError('The import reply ended early.'));
    });
    xhr.addEventListener('error', () => reject(new UploadNetworkError('The import could not reach the server.')));
    xhr.send(importForm(file));
  });
}
