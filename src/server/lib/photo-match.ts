/**
 * Comparing perceptual hashes (docs/decisions/025), apart from computing them (perceptual-hash.ts, which loads
 * sharp): the server compares in its own process, and the image work computes in another (docs/decisions/052).
 */

/** Two hashes this close or closer (in differing bits) are taken for the same photo. */
export const PHOTO_MATCH_DISTANCE = 7;

/** How many bits two hashes differ in. */
export function hammingDistance(a: bigint, b: bigint): number {
  let diff = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (diff) {
    diff &= diff - 1n;
    count++;
  }
  return count;
}

/** A 16-bit band of the hash, as photo-bands.ts's index expressions compute it. */
export const bandOf = (hash: bigint, band: number): number =>
  Number(BigInt.asUintN(64, hash) >> BigInt(band * 16)) & 0xffff;

/**
 * The band values a match can have: within PHOTO_MATCH_DISTANCE (at most 7 bits over 4 bands), at least one
 * band differs in at most one bit, so each band's value and its 16 one-bit neighbours cover every match.
 */
export function bandCandidates(hash: bigint, band: number): number[] {
  const value = bandOf(hash, band);
  return [value, ...Array.from({ length: 16 }, (_, bit) => value ^ (1 << bit))];
}
