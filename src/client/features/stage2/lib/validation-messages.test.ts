import { beforeAll, describe, expect, it } from 'vitest';
import { createTranslator, type TFunction } from '#client/lib/translator.ts';
import { AGE_RULES, tooLong } from '#shared/schemas/fields.ts';
import {
  STAGE2_IMAGE_BAD_TYPE,
  STAGE2_IMAGE_TOO_LARGE,
  STAGE2_MESSAGES,
  STAGE2_TOO_MANY_IMAGES,
} from '#shared/schemas/stage2.ts';
import de from '../../../locales/stage2/de.json';
import en from '../../../locales/stage2/en.json';
import ru from '../../../locales/stage2/ru.json';
import { submitFailureText, translateStage2Message } from './validation-messages.ts';

/** Every message the shared schema and the stage-2 route can put on a field. */
const SHARED_MESSAGES = [
  ...Object.values(STAGE2_MESSAGES),
  AGE_RULES.invalid,
  AGE_RULES.outOfRange ?? '',
  STAGE2_IMAGE_TOO_LARGE,
  STAGE2_IMAGE_BAD_TYPE,
  STAGE2_TOO_MANY_IMAGES,
  tooLong(5000),
];

let t: Record<'en' | 'de' | 'ru', TFunction<'stage2'>>;

beforeAll(() => {
  const translator = createTranslator();
  translator.add('en', 'stage2', en);
  translator.add('de', 'stage2', de);
  translator.add('ru', 'stage2', ru);
  t = {
    en: translator.fixed('en', 'stage2'),
    de: translator.fixed('de', 'stage2'),
    ru: translator.fixed('ru', 'stage2'),
  };
});

describe('translateStage2Message', () => {
  it.each(SHARED_MESSAGES)('shows %j word for word in English', (message) => {
    expect(translateStage2Message(t.en, message)).toBe(message);
  });

  it.each(SHARED_MESSAGES)('translates %j into German and Russian', (message) => {
    for (const translate of [t.de, t.ru]) {
      const text = translateStage2Message(translate, message);
      expect(text).not.toBe(message);
      expect(text).not.toMatch(/^errors\./);
      expect(text).not.toContain('{{');
    }
  });

  it('turns an unknown refusal of an image into a translated sentence, and other unknowns into themselves', () => {
    expect(translateStage2Message(t.de, 'The image dimensions are too large', 'imageFiles')).toBe(
      de.errors.imageRejected,
    );
    expect(translateStage2Message(t.de, 'Something new', 'country')).toBe('Something new');
  });
});

describe('submitFailureText (product §8 "Failed to submit form")', () => {
  it('explains the first field problem, a rate limit, or asks to check the answers', () => {
    expect(submitFailureText(t.en, { code: 'VALIDATION_FAILED', fields: { imageFiles: STAGE2_TOO_MANY_IMAGES } })).toBe(
      STAGE2_TOO_MANY_IMAGES,
    );
    expect(submitFailureText(t.de, { code: 'RATE_LIMITED', serverMessage: 'Too many' })).toBe(de.errors.rateLimited);
    expect(submitFailureText(t.de, { code: 'UNAVAILABLE', serverMessage: 'The server is busy.' })).toBe(de.errors.busy);
    expect(submitFailureText(t.de, { code: 'TOO_MANY_UPLOADS', serverMessage: 'Another upload' })).toBe(
      de.errors.tooManyUploads,
    );
    expect(submitFailureText(t.de, { code: 'REQUEST_TIMEOUT', serverMessage: 'Too slow' })).toBe(de.errors.tooSlow);
    expect(submitFailureText(t.en, { code: 'INTERNAL', serverMessage: 'Something went wrong on our side.' })).toBe(
      en.toast.submitFailedDescription,
    );
  });
});
