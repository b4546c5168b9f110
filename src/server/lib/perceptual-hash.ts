import sharp from 'sharp';

export { bandCandidates, bandOf, hammingDistance, PHOTO_MATCH_DISTANCE } from './photo-match.ts';

/**
 * A 64-bit perceptual hash of a photo (docs/decisions/025): the image in grey at 32×32, its 8×8 lowest
 * frequencies of the discrete cosine transform, one bit per coefficient above their median. Resizing,
 * re-encoding and mild recompression move few bits; another photo differs in about half of them.
 */
const SIDE = 32;
const LOW = 8;

/** cos((2x + 1)uπ / 2N) for the low frequencies u, computed once. */
const COSINES = Array.from({ length: LOW }, (_, u) =>
  Float64Array.from({ length: SIDE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIDE))),
);

/** The hash as PostgreSQL's signed bigint holds it. */
export async function perceptualHash(input: Buffer | string): Promise<bigint> {
  const pixels = await sharp(input, { failOn: 'truncated' })
    .greyscale()
    .resize(SIDE, SIDE, { fit: 'fill' })
    .raw()
    .toBuffer();
  // Rows first, then columns, keeping only the low frequencies of each pass.
  const rows = new Float64Array(SIDE * LOW);
  for (let y = 0; y < SIDE; y++) {
    for (let u = 0; u < LOW; u++) {
      const cos = COSINES[u] as Float64Array;
      let sum = 0;
      for (let x = 0; x < SIDE; x++) sum += (pixels[y * SIDE + x] ?? 0) * (cos[x] ?? 0);
      rows[y * LOW + u] = sum;
    }
  }
  const coefficients = new Float64Array(LOW * LOW);
  for (let v = 0; v < LOW; v++) {
    const cos = COSINES[v] as Float64Array;
    for (let u = 0; u < LOW; u++) {
      let sum = 0;
      for (let y = 0; y < SIDE; y++) sum += (rows[y * LOW + u] ?? 0) * (cos[y] ?? 0);
      coefficients[v * LOW + u] = sum;
    }
  }
  // The average brightness (the first coefficient) would only shift the median, so it is left out of it.
  const median = medianOf(coefficients.subarray(1));
  let hash = 0n;
  for (const coefficient of coefficients) hash = (hash << 1n) | (coefficient > median ? 1n : 0n);
  return BigInt.asIntN(64, hash);
}

function medianOf(values: Float64Array): number {
  const sorted = Float64Array.from(values).sort();
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
