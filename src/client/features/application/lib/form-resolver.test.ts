import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { messageOfFieldError } from '#client/lib/messages.ts';
import { PHOTO_MAX_BYTES } from '#shared/limits.ts';
import { englishOf } from '#shared/messages/english.ts';
import { applicationResolver } from './form-resolver.ts';
import { type ApplicationFormValues, EMPTY_APPLICATION } from './form-values.ts';

const OPTIONS: ResolverOptions<ApplicationFormValues> = {
  fields: {},
  shouldUseNativeValidation: false,
  criteriaMode: 'firstError',
  names: undefined,
};

const valid: ApplicationFormValues = {
  ...EMPTY_APPLICATION,
  name: 'Ana Lima',
  language: 'Portuguese',
  gender: 'Female',
  contactMethod: 'Telegram',
  contactInfo: 'ana_lima',
  hasOnlyFans: 'no',
  averageMonthlyRange: '$0–$100',
  age: '24',
  agencyGoals: 'Grow my audience',
  recruiter: 'Maria',
  consent: true,
};

const photo = (size: number, type: string) => new File([new Uint8Array(size)], 'me', { type });
/** Each field's message in English: the errors carry keys (docs/decisions/031). */
const errorsOf = async (values: ApplicationFormValues) =>
  Object.fromEntries(
    Object.entries((await applicationResolver(values, undefined, OPTIONS)).errors).map(([field, error]) => {
      const message = messageOfFieldError(error);
      return [field, message && englishOf(message)];
    }),
  );

describe('applicationResolver', () => {
  it('hands over the schema output (normalised, other branch dropped) plus the photo', async () => {
    const confirmationPhoto = photo(10, 'image/png');
    const result = await applicationResolver({ ...valid, confirmationPhoto }, undefined, OPTIONS);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({
      contactInfo: '@ana_lima',
      age: 24,
      averageMonthlyRange: null,
      instagram: null,
      confirmationPhoto,
    });
  });

  it('reports the product §5 messages of an empty form, the photo being optional', async () => {
    expect(await errorsOf(EMPTY_APPLICATION)).toEqual({
      name: 'Name is required',
      language: 'Language is required',
      gender: 'Gender is required',
      contactMethod: 'Contact method is required',
      contactInfo: 'Contact information is required',
      agencyGoals: "Please tell us what you're looking for",
      recruiter: 'Please select a recruiter',
      consent: 'Please agree to the privacy notice to apply',
    });
  });

  it('hands over a ticked consent box as `yes`, the part the API takes (docs/decisions/048)', async () => {
    const result = await applicationResolver(valid, undefined, OPTIONS);
    expect(result.values).toMatchObject({ consent: 'yes' });
  });

  it('layers the photo rules on top of the schema', async () => {
    expect(await errorsOf({ ...valid, confirmationPhoto: photo(PHOTO_MAX_BYTES + 1, 'image/jpeg') })).toEqual({
      confirmationPhoto: 'Photo must be less than 5MB',
    });
    expect(await errorsOf({ ...valid, confirmationPhoto: photo(10, 'image/gif') })).toEqual({
      confirmationPhoto: 'Only JPEG, JPG and PNG files are accepted',
    });
    expect(await errorsOf({ ...EMPTY_APPLICATION, confirmationPhoto: photo(10, 'image/webp') })).toMatchObject({
      name: 'Name is required',
      confirmationPhoto: 'Only JPEG, JPG and PNG files are accepted',
    });
    expect(await errorsOf({ ...valid, confirmationPhoto: photo(PHOTO_MAX_BYTES, 'image/jpg') })).toEqual({});
  });

  it('checks contact info by method and the age on the "no" branch (architecture §4)', async () => {
    expect(await errorsOf({ ...valid, contactMethod: 'Email', contactInfo: 'not-an-email' })).toEqual({
      contactInfo: 'Please enter a valid email address',
    });
    expect(await errorsOf({ ...valid, age: '16' })).toEqual({
      age: 'You must be between 18 and 99 years old',
    });
    expect(await errorsOf({ ...valid, hasOnlyFans: 'yes', age: '16' })).toEqual({});
  });
});
