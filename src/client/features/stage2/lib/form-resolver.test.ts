import { describe, expect, it } from 'vitest';
import { messageOfFieldError } from '#client/lib/messages.ts';
import { englishOf } from '#shared/messages/english.ts';
import { STAGE2_IMAGE_BAD_TYPE, STAGE2_MESSAGES, STAGE2_TOO_MANY_IMAGES } from '#shared/schemas/stage2.ts';
import { stage2Resolver } from './form-resolver.ts';
import { initialValues, type Stage2FormValues } from './form-values.ts';

const base: Stage2FormValues = {
  ...initialValues({
    creator: { name: 'Ana', creatorId: 'RC-23456789', age: 24, hasOnlyFans: 'no' },
    existingData: null,
  }),
  country: 'Brazil',
  compensationType: 'negotiable',
  agencyPitch: 'Hello',
};

const file = (name: string, type = 'image/jpeg') => new File([new Uint8Array([1])], name, { type });
const resolve = (values: Stage2FormValues) =>
  stage2Resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
/** Each field's message in English: the errors carry keys (docs/decisions/031). */
const messages = (errors: Record<string, { message?: string } | undefined>) =>
  Object.fromEntries(
    Object.entries(errors).map(([field, error]) => {
      const message = messageOfFieldError(error);
      return [field, message && englishOf(message)];
    }),
  );

describe('stage2Resolver', () => {
  it('hands over the schema’s output with the files and the kept uploads', async () => {
    const images = [file('a.jpg')];
    const result = await resolve({ ...base, imageFiles: images });
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ age: 24, englishLevel: 0, hasExistingContent: false, imageFiles: images });
  });

  it('reports the spec’s messages and the file rules together', async () => {
    const result = await resolve({
      ...base,
      country: '',
      isVerifiedOnlyFans: 'yes',
      revenueScreenshotFile: file('shot.gif', 'image/gif'),
      imageFiles: [file('a.jpg'), file('b.heic', 'image/heic')],
    });
    expect(messages(result.errors)).toEqual({
      country: STAGE2_MESSAGES.country,
      revenueScreenshotFile: STAGE2_IMAGE_BAD_TYPE,
      imageFiles: STAGE2_IMAGE_BAD_TYPE,
    });
  });

  it('counts kept images towards the six, and ignores a screenshot on the "no" branch', async () => {
    const kept = Array.from({ length: 5 }, (_, i) => ({ key: `${i}.jpg`, url: `/${i}` }));
    const result = await resolve({
      ...base,
      keptImages: kept,
      imageFiles: [file('a.jpg'), file('b.jpg')],
      revenueScreenshotFile: file('shot.gif', 'image/gif'),
    });
    expect(messages(result.errors)).toEqual({ imageFiles: STAGE2_TOO_MANY_IMAGES });
  });
});
