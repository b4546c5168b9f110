import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_MESSAGES } from '#server/lib/images.ts';
import { STAGE2_IMAGE_MAX_BYTES } from '#shared/limits.ts';
import {
  STAGE2_IMAGE_BAD_TYPE,
  STAGE2_IMAGE_TOO_LARGE,
  STAGE2_MESSAGES,
  STAGE2_TOO_MANY_IMAGES,
} from '#shared/schemas/stage2.ts';
import { gif, gpsTaggedJpeg, jpeg, notAnImage, png, truncatedJpeg, webp } from '#tests/fixtures/images.ts';
import { filePart } from '#tests/setup/multipart.ts';
import { setUpTestApp, spooledFiles } from '#tests/setup/test-app.ts';
import {
  expectNothingStored,
  linkedCreator,
  postForm,
  readStored,
  resetStage2,
  storedSubmission,
  validStage2,
} from './stage2.test-support.ts';

const t = setUpTestApp();
const { headers } = t;
beforeEach(() => resetStage2(t));

const jpegs = async (n: number) => Promise.all(Array.from({ length: n }, async () => filePart(await jpeg())));

describe('POST /api/stage2/:creatorId: upload rules (architecture §5, decision 009)', () => {
  it('accepts six images plus a screenshot, JPEG, PNG and WebP alike, each stored as its own type', async () => {
    const creator = await linkedCreator(t, headers);
    const form = validStage2({
      isVerifiedOnlyFans: 'yes',
      revenueScreenshotFile: filePart(await webp(), 'shot.webp', 'image/webp'),
      imageFiles: [
        ...(await jpegs(4)),
        filePart(await png(), 'b.png', 'image/png'),
        // The bytes decide: a JPEG named and declared as PNG is stored as a JPEG.
        filePart(await jpeg(), 'c.png', 'image/png'),
      ],
    });
    expect((await postForm(t, creator, form)).statusCode).toBe(200);
    const row = await storedSubmission(t, creator.id);
    expect(row?.revenueScreenshotKey).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(row?.imageKeys.map((key) => key.split('.')[1])).toEqual(['jpg', 'jpg', 'jpg', 'jpg', 'png', 'jpg']);
  });

  it(`refuses a seventh image while the body streams, with "${STAGE2_TOO_MANY_IMAGES}"`, async () => {
    const creator = await linkedCreator(t, headers);
    const res = await postForm(t, creator, validStage2({ imageFiles: await jpegs(7) }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: STAGE2_TOO_MANY_IMAGES,
      code: 'VALIDATION_FAILED',
      fields: { imageFiles: STAGE2_TOO_MANY_IMAGES },
    });
    await expectNothingStored(t, creator);
  });

  it('refuses bytes that are no image, named .jpg and declared image/jpeg, in either file field', async () => {
    const creator = await linkedCreator(t, headers);
    const fake = filePart(notAnImage(), 'x.jpg', 'image/jpeg');
    const res = await postForm(
      t,
      creator,
      validStage2({
        isVerifiedOnlyFans: 'yes',
        revenueScreenshotFile: fake,
        imageFiles: [filePart(await jpeg()), fake],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      revenueScreenshotFile: STAGE2_IMAGE_BAD_TYPE,
      imageFiles: STAGE2_IMAGE_BAD_TYPE,
    });
    await expectNothingStored(t, creator);
  });

  it('refuses a GIF, and reports it together with the answers’ problems in form order', async () => {
    const creator = await linkedCreator(t, headers);
    const form = validStage2({ country: '', imageFiles: [filePart(await gif(), 'a.gif', 'image/gif')] });
    const res = await postForm(t, creator, form);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: STAGE2_MESSAGES.country,
      code: 'VALIDATION_FAILED',
      fields: { country: STAGE2_MESSAGES.country, imageFiles: STAGE2_IMAGE_BAD_TYPE },
    });
    await expectNothingStored(t, creator);
  });

  it('refuses an image over 10 MB with 413 the moment it passes the limit', async () => {
    const creator = await linkedCreator(t, headers);
    const head = await jpeg();
    const huge = Buffer.concat([head, Buffer.alloc(STAGE2_IMAGE_MAX_BYTES + 1 - head.length)]);
    const res = await postForm(t, creator, validStage2({ imageFiles: [filePart(await jpeg()), filePart(huge)] }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      message: STAGE2_IMAGE_TOO_LARGE,
      code: 'PAYLOAD_TOO_LARGE',
      fields: { imageFiles: STAGE2_IMAGE_TOO_LARGE },
    });
    await expectNothingStored(t, creator);
  });

  it('refuses a truncated image on the field it came in, leaving neither its good neighbours nor the uploads', async () => {
    const creator = await linkedCreator(t, headers);
    const imageFiles = [...(await jpegs(2)), filePart(await truncatedJpeg())];
    const res = await postForm(t, creator, validStage2({ imageFiles }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: IMAGE_MESSAGES.damaged,
      fields: { imageFiles: IMAGE_MESSAGES.damaged },
    });
    await expectNothingStored(t, creator);
    // The two good images were re-encoded beside their uploads; the request's clean-up took both with it.
    expect(await spooledFiles(t)).toEqual([]);
  });

  it('removes GPS, camera and XMP data from the stored copies of images and screenshot', async () => {
    const creator = await linkedCreator(t, headers);
    const tagged = await gpsTaggedJpeg({ width: 90, height: 60 });
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    const form = validStage2({
      isVerifiedOnlyFans: 'yes',
      revenueScreenshotFile: filePart(tagged, 'shot.jpg'),
      imageFiles: [filePart(tagged, 'me.jpg')],
    });
    expect((await postForm(t, creator, form)).statusCode).toBe(200);
    const row = await storedSubmission(t, creator.id);
    for (const key of [row?.revenueScreenshotKey ?? '', ...(row?.imageKeys ?? [])]) {
      const stored = await readStored(t, key);
      const metadata = await sharp(stored).metadata();
      expect(metadata).toMatchObject({ format: 'jpeg', width: 90, height: 60 });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      for (const trace of ['Exif', 'Canon', 'EOS Fixture', 'Fixture Person'])
        expect(stored.includes(trace)).toBe(false);
    }
  });
});
