import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { resizedAndRecompressed, syntheticSelfie } from '#tests/fixtures/images.ts';
import { bandCandidates, bandOf, hammingDistance, PHOTO_MATCH_DISTANCE, perceptualHash } from './perceptual-hash.ts';

describe('perceptualHash', () => {
  it('stays within the match distance when a selfie is resized, re-encoded and recompressed', async () => {
    const photo = await syntheticSelfie(1);
    const original = await perceptualHash(photo);
    const variants = [
      await resizedAndRecompressed(photo),
      await sharp(photo).resize(800).png().toBuffer(),
      await sharp(photo).jpeg({ quality: 40 }).toBuffer(),
    ];
    for (const variant of variants) {
      expect(hammingDistance(original, await perceptualHash(variant))).toBeLessThanOrEqual(PHOTO_MATCH_DISTANCE);
    }
  });

  it('keeps different photos well apart', async () => {
    const hashes = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(async (seed) => perceptualHash(await syntheticSelfie(seed))),
    );
    for (const [i, a] of hashes.entries()) {
      for (const b of hashes.slice(i + 1)) expect(hammingDistance(a, b)).toBeGreaterThan(PHOTO_MATCH_DISTANCE * 2);
    }
  });

  it('fits PostgreSQL bigint', async () => {
    const hash = await perceptualHash(await syntheticSelfie(7));
    expect(hash).toBe(BigInt.asIntN(64, hash));
  });
});

describe('bandCandidates', () => {
  it('covers every hash within the match distance in at least one band', () => {
    const hash = 0x0123_4567_89ab_cdefn;
    // Seven flipped bits spread over the four bands: 2, 2, 2, 1.
    const flipped = [0, 5, 16, 20, 33, 40, 63].reduce((value, bit) => value ^ (1n << BigInt(bit)), hash);
    const near = BigInt.asIntN(64, flipped);
    expect(hammingDistance(hash, near)).toBe(PHOTO_MATCH_DISTANCE);
    const covered = [0, 1, 2, 3].some((band) => bandCandidates(hash, band).includes(bandOf(near, band)));
    expect(covered).toBe(true);
  });
});
