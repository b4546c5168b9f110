import { ApiError } from './api-client.ts';

/** The request never reached the server or its answer never came back (offline, DNS, a dropped connection). */
export class UploadNetworkError extends Error {
  override readonly name = 'UploadNetworkError';
}

export interface UploadOptions {
  signal?: AbortSignal | undefined;
  method?: 'POST' | 'PUT' | 'PATCH';
}

/**
 * A multipart upload like `apiUpload`, over XMLHttpRequest because fetch cannot report upload progress.
 * `onProgress` gets the share sent so far (0…1). A non-OK reply rejects with the same ApiError `apiUpload`
 * produces; a network failure with UploadNetworkError; an abort with an AbortError.
 */
export function uploadWithProgress<T = unknown>(
  path: string,
  formData: FormData,
  onProgress?: (fraction: number) => void,
  options: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const { signal } = options;
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbort);

    xhr.open(options.method ?? 'POST', path);
    // Product §7: every call sends cookies.
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    });
    xhr.addEventListener('load', () => {
      settle();
      const text = xhr.responseText;
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, xhr.statusText, text, xhr.getResponseHeader('Retry-After')));
        return;
      }
      onProgress?.(1);
      try {
        resolve((text ? JSON.parse(text) : undefined) as T);
      } catch {
        reject(new ApiError(xhr.status, xhr.statusText, text));
      }
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new UploadNetworkError('The upload could not reach the server.'));
    });
    xhr.addEventListener('timeout', () => {
      settle();
      reject(new UploadNetworkError('The upload timed out.'));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(new DOMException('The upload was aborted.', 'AbortError'));
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(formData);
  });
}
