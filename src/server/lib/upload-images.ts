import type { FileStore } from './file-store.ts';
import type { ImageSource, ProcessedImage, ProcessedImageFile, ProcessImageOptions } from './image-kinds.ts';
import type { ImageWork } from './image-work.ts';

/** An upload re-encoded for the store: a file beside its spooled upload, or bytes when it came in memory. */
export type EncodedUpload = ProcessedImage | ProcessedImageFile;

/** Where the image work writes a spooled upload's re-encoding; the upload's own clean-up removes it too. */
export const encodedPathOf = (uploadPath: string) => `${uploadPath}.encoded`;

/**
 * Re-encodes an upload for the store (docs/decisions/052): a spooled upload is written by the image process to a
 * file beside it, so its bytes never cross into the server's process; bytes in memory come back as bytes.
 * Run it through the image queue, as any image work.
 */
export function encodeUpload(
  work: ImageWork,
  source: ImageSource,
  options: ProcessImageOptions,
): Promise<EncodedUpload> {
  if (Buffer.isBuffer(source)) return work.reencode(source, options);
  return work.reencodeToFile(source, options, encodedPathOf(source.path));
}

/** Stores a re-encoded upload under a new key; a file is taken over by the store (moved where it can be). */
export function storeEncoded(store: FileStore, image: EncodedUpload): Promise<{ key: string; size: number }> {
  const options = { extension: image.extension };
  return 'file' in image ? store.putFile(image.file, options) : store.put(image.data, options);
}
