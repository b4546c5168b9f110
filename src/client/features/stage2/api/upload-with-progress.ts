import { ApiError } from '#client/lib/api-client.ts';

/**
 * The request never reached the server or its answer never came back. A copy of the application form's
 * uploader (features do not import each other): fetch cannot report upload progress, XMLHttpRequest can.
 */
export class UploadNetworkError extends Error {
  override readonly name = 'UploadNetworkError';
}

/**
 * A multipart POST that reports the share sent so far (0…1). A non-OK reply rejects with the ApiError
 * `apiUpload` would give; a network failure with UploadNetworkError.
 */
export function uploadWithProgress<T = unknown>(
  path: string,
  formData: FormData,
  onProgress?: (fraction: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    // Spec §7: every call sends cookies.
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    });
    xhr.addEventListener('load', () => {
      const text = xhr.responseText;
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, xhr.statusText, text));
        return;
      }
      onProgress?.(1);
      try {
        resolve((text ? JSON.parse(text) : undefined) as T);
      } catch {
        reject(new ApiError(xhr.status, xhr.statusText, text));
      }
    });
    xhr.addEventListener('error', () => reject(new UploadNetworkError('The upload could not reach the server.')));
    xhr.addEventListener('timeout', () => reject(new UploadNetworkError('The upload timed out.')));
    xhr.addEventListener('abort', () => reject(new UploadNetworkError('The upload was aborted.')));
    xhr.send(formData);
  });
}
