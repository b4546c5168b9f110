import { englishTexts } from '#shared/messages/english.ts';
import type { MessageKey } from '#shared/messages/message.ts';

/**
 * What the server knows of an upload's image without decoding it: its type from its first bytes, the shapes of
 * the image work's requests and results, and its messages. Apart from images.ts, which loads sharp, because
 * the server's own process never decodes (docs/decisions/052).
 */

export type SniffedImageType = 'jpeg' | 'png' | 'webp' | 'gif';
/** Bytes in memory, or an upload spooled to disk with its first bytes (lib/multipart-body.ts). */
export type ImageSource = Buffer | { path: string; head: Uint8Array };
/** How many first bytes decide an image's type. */
export const SNIFF_BYTES = 16;
export type ImageType = Exclude<SniffedImageType, 'gif'>;

export interface ProcessImageOptions {
  /** The types this upload accepts; anything else, whatever its name or declared type, is refused. */
  allowed: ReadonlyArray<ImageType>;
  /** Width × height above which the image is refused before it is decoded. */
  maxPixels?: number;
  /** The refusal message for other types, in the words of the form it came from (e.g. product §5's). */
  unsupportedMessage?: MessageKey;
}

export interface ProcessedImage {
  data: Buffer;
  extension: 'jpg' | 'png' | 'webp';
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
  width: number;
  height: number;
}

/** An image the image work wrote to a file of the caller's choosing (lib/images.ts processImageToFile). */
export interface ProcessedImageFile extends Omit<ProcessedImage, 'data'> {
  file: string;
  size: number;
}

export const IMAGE_KEYS = {
  unsupported: 'image.unsupported',
  damaged: 'image.damaged',
  tooManyPixels: 'image.tooManyPixels',
  tooSlow: 'image.tooSlow',
} as const satisfies Record<string, MessageKey>;

/** The same messages in English, as the API writes them. */
export const IMAGE_MESSAGES = englishTexts(IMAGE_KEYS);

const startsWith = (head: Uint8Array, bytes: readonly number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((byte, index) => head[offset + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** architecture §5: the type is decided by the file's first bytes, never by its name or declared type. */
export function sniffImageType(head: Uint8Array): SniffedImageType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, PNG_SIGNATURE)) return 'png';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  return null;
}

export const headOf = (source: ImageSource): Uint8Array => (Buffer.isBuffer(source) ? source : source.head);
