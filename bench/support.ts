import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** Noise barely compresses, so a JPEG of noise weighs what a large phone photo does at the same size. */
export function noisyJpeg(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export const round = (ms: number) => Math.round(ms * 10) / 10;
