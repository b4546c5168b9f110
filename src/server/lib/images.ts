import { rm } from 'node:fs/promises';
import sharp, { type Sharp } from 'sharp';
import { IMAGE_MAX_PIXELS } from '#shared/limits.ts';
import { AppError } from './app-error.ts';
import {
  headOf,
  IMAGE_KEYS,
  type ImageSource,
  type ImageType,
  type ProcessedImage,
  type ProcessedImageFile,
  type ProcessImageOptions,
  sniffImageType,
} from './image-kinds.ts';

export * from './image-kinds.ts';

// architecture §8: one libvips thread per job and no operation cache, so the image queue's job count
// (lib/image-queue.ts) bounds both the cores and the memory image work can take.
sharp.concurrency(1);
sharp.cache(false);

/** A job that takes longer is pathological (a legitimate 12 MP photo takes ~0.3 s, architecture §8). */
const IMAGE_JOB_TIMEOUT_SECONDS = 30;

const OUTPUT = {
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  png: { extension: 'png', contentType: 'image/png' },
  webp: { extension: 'webp', contentType: 'image/webp' },
} as const satisfies Record<ImageType, Pick<ProcessedImage, 'extension' | 'contentType'>>;

/**
 * Same type out as in; no metadata call (withMetadata, keepExif…) so nothing from the input survives.
 * JPEG uses libjpeg-turbo, not mozjpeg: mozjpeg made files ~40% smaller but took ~1.6 s instead of
 * ~0.17 s for a 4 MB photo, which an applicant waits through and which caps throughput. Neither
 * progressive nor with optimised Huffman tables: both need the whole image's coefficients in memory and
 * a second pass; together they took 2.5× the time and twice the memory for files ~15% smaller, which
 * only admins on a broadband link ever view (docs/decisions/012-upload-intake.md).
 */
const ENCODE = {
  jpeg: (pipeline) => pipeline.jpeg({ quality: 85, optimiseCoding: false }),
  png: (pipeline) => pipeline.png(),
  webp: (pipeline) => pipeline.webp({ quality: 85 }),
} as const satisfies Record<ImageType, (pipeline: Sharp) => Sharp>;

/**
 * Decodes and re-encodes an uploaded image (architecture §5): the type comes from the bytes, oversized
 * dimensions are refused from the header before any decoding, EXIF orientation is applied to the pixels,
 * and the output carries no metadata at all (no EXIF with GPS or camera, no XMP, IPTC or ICC), because
 * sharp keeps none unless asked to. A spooled upload is read by libvips from its file, never into memory
 * here. Callers run it through the image queue (lib/image-queue.ts), which bounds how many run at once.
 */
export async function processImage(source: ImageSource, options: ProcessImageOptions): Promise<ProcessedImage> {
  return reencode(source, options, async (pipeline, type) => {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, ...OUTPUT[type], width: info.width, height: info.height };
  });
}

/**
 * The same, written by libvips straight to `output` (a path that must not exist yet), so the image never
 * crosses into JavaScript: the image process hands the server a file, not 4 MB over its channel
 * (docs/decisions/052). A failure leaves no file behind.
 */
export async function processImageToFile(
  source: ImageSource,
  options: ProcessImageOptions,
  output: string,
): Promise<ProcessedImageFile> {
  try {
    return await reencode(source, options, async (pipeline, type) => {
      const info = await pipeline.toFile(output).catch((error: unknown) => {
        // libvips names the file when it cannot write it (a full disk): the server's fault, not the image's.
        throw error instanceof Error && error.message.includes(output) ? new OutputFailure(error.message) : error;
      });
      return { file: output, size: info.size, ...OUTPUT[type], width: info.width, height: info.height };
    });
  } catch (error) {
    await rm(output, { force: true });
    throw error;
  }
}

async function reencode<T>(
  source: ImageSource,
  options: ProcessImageOptions,
  write: (pipeline: Sharp, type: ImageType) => Promise<T>,
): Promise<T> {
  const type = sniffImageType(headOf(source));
  if (type === null || type === 'gif' || !options.allowed.includes(type)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', options.unsupportedMessage ?? IMAGE_KEYS.unsupported);
  }
  const input = Buffer.isBuffer(source) ? source : source.path;
  const maxPixels = options.maxPixels ?? IMAGE_MAX_PIXELS;
  // 'truncated' refuses cut-off uploads yet tolerates the harmless warnings many camera files carry.
  const open = () => sharp(input, { failOn: 'truncated', limitInputPixels: maxPixels });

  // metadata() reads only the header, so a pixel bomb is refused here without allocating its pixels.
  const header = await open()
    .metadata()
    .catch((error: unknown) => {
      throw toAppError(error);
    });
  const { width, height } = header;
  if (header.format !== type || !width || !height) throw new AppError('VALIDATION_FAILED', IMAGE_KEYS.damaged);
  if (width * height > maxPixels) throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_KEYS.tooManyPixels);

  // Rotating needs the whole image in memory; most photos carry no orientation to apply.
  const oriented = header.orientation !== undefined && header.orientation !== 1 ? open().autoOrient() : open();
  try {
    return await write(ENCODE[type](oriented.timeout({ seconds: IMAGE_JOB_TIMEOUT_SECONDS })), type);
  } catch (error) {
    throw error instanceof OutputFailure ? error : toAppError(error);
  }
}

class OutputFailure extends Error {}

/** sharp reports every failure as a plain Error; its text says which kind it was. */
function toAppError(error: unknown): AppError {
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message)) return new AppError('PAYLOAD_TOO_LARGE', IMAGE_KEYS.tooManyPixels);
  if (/timeout/i.test(message)) return new AppError('VALIDATION_FAILED', IMAGE_KEYS.tooSlow);
  return new AppError('VALIDATION_FAILED', IMAGE_KEYS.damaged);
}
