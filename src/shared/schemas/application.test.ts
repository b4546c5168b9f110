import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_PHOTO_TYPES,
  APPLICATION_FIELD_ORDER,
  type ApplicationInput,
  applicationSchema,
  applicationSchemaFor,
  applicationSchemaWithoutConsent,
  normaliseApplication,
  normaliseContactInfo,
  PHOTO_BAD_TYPE,
  PHOTO_TOO_LARGE,
} from './application.ts';
import { fieldErrors } from './errors.ts';

const valid = {
  name: 'Ana Lima',
  language: 'Portuguese',
  gender: 'Female',
  contactMethod: 'Email',
  contactInfo: 'ana@example.com',
  agencyGoals: 'Grow my audience',
  recruiter: 'Maria',
  consent: 'yes',
} satisfies ApplicationInput;

/** The field → message map for an input that must fail. */
function errorsFor(input: Record<string, unknown>) {
  const result = applicationSchema.safeParse(input);
  expect(result.success).toBe(false);
  return result.success ? {} : fieldErrors(result.error, APPLICATION_FIELD_ORDER);
}

const parse = (input: Record<string, unknown>) => applicationSchema.parse(input);

describe('applicationSchema: product §5 messages', () => {
  it.each([
    ['name', 'A', 'Name is required'],
    ['name', '  A  ', 'Name is required'],
    ['language', '', 'Language is required'],
    ['gender', '', 'Gender is required'],
    ['contactMethod', '', 'Contact method is required'],
    ['contactInfo', '   ', 'Contact information is required'],
    ['agencyGoals', '', "Please tell us what you're looking for"],
    ['recruiter', '', 'Please select a recruiter'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(errorsFor({ ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it('reports every missing required field, in spec order', () => {
    expect(Object.entries(errorsFor({}))).toEqual([
      ['name', 'Name is required'],
      ['language', 'Language is required'],
      ['gender', 'Gender is required'],
      ['contactMethod', 'Contact method is required'],
      ['contactInfo', 'Contact information is required'],
      ['agencyGoals', "Please tell us what you're looking for"],
      ['recruiter', 'Please select a recruiter'],
      ['consent', 'Please agree to the privacy notice to apply'],
    ]);
  });

  it.each([
    ['language', 'Klingon', 'Language is required'],
    ['gender', 'Robot', 'Gender is required'],
    ['contactMethod', 'Pigeon', 'Contact method is required'],
  ])('a %s outside the list gets the required message', (field, value, message) => {
    expect(errorsFor({ ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it('exports the photo rules of product §5', () => {
    expect(PHOTO_TOO_LARGE).toBe('Photo must be less than 5MB');
    expect(PHOTO_BAD_TYPE).toBe('Only JPEG, JPG and PNG files are accepted');
    expect(ACCEPTED_PHOTO_TYPES).toEqual(['image/jpeg', 'image/jpg', 'image/png']);
    // The consent box sits below the photo on step 5, so its message comes last.
    expect(APPLICATION_FIELD_ORDER.slice(-2)).toEqual(['confirmationPhoto', 'consent']);
  });
});

describe('applicationSchema: consent to the privacy notice (docs/decisions/048)', () => {
  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['anything but yes', 'no'],
    ['an unticked box', false],
  ])('%s gets the consent message', (_case, consent) => {
    expect(errorsFor({ ...valid, consent })).toEqual({ consent: 'Please agree to the privacy notice to apply' });
  });

  it('takes `yes` from the API and a ticked box from the form, both as yes', () => {
    expect(parse({ ...valid, consent: 'yes' }).consent).toBe('yes');
    expect(parse({ ...valid, consent: true }).consent).toBe('yes');
  });

  it('asks nothing where consent is off, and keeps no answer there', () => {
    expect(applicationSchemaFor(false)).toBe(applicationSchemaWithoutConsent);
    expect(applicationSchemaFor(true)).toBe(applicationSchema);
    const { consent: _omitted, ...withoutConsent } = valid;
    expect(applicationSchemaWithoutConsent.parse(withoutConsent).consent).toBeNull();
    expect(applicationSchemaWithoutConsent.parse({ ...valid, consent: 'no' }).consent).toBeNull();
  });
});

describe('applicationSchema: contact info by method (architecture §4)', () => {
  it.each([
    ['Email', 'not-an-email', 'Please enter a valid email address'],
    ['Telegram', '@ab', 'Please enter a valid Telegram username, like @username'],
    ['Telegram', '@has space', 'Please enter a valid Telegram username, like @username'],
    ['Telegram', `@${'a'.repeat(33)}`, 'Please enter a valid Telegram username, like @username'],
    ['WhatsApp', '12345', 'Please enter a valid phone number, like +1234567890'],
    ['SMS/Phone', '+1 555 CALL NOW', 'Please enter a valid phone number, like +1234567890'],
    ['SMS/Phone', '+1234567890123456', 'Please enter a valid phone number, like +1234567890'],
  ])('%s %j → %s', (contactMethod, contactInfo, message) => {
    expect(errorsFor({ ...valid, contactMethod, contactInfo })).toEqual({ contactInfo: message });
  });

  it.each([
    ['Email', ' ana@example.com ', 'ana@example.com'],
    ['Telegram', '@ana_lima', '@ana_lima'],
    ['Telegram', 'ana_lima', '@ana_lima'],
    ['WhatsApp', '+55 (11) 98765-4321', '+5511987654321'],
    ['SMS/Phone', '555.123.4567', '5551234567'],
  ])('accepts %s %j and stores %j', (contactMethod, contactInfo, stored) => {
    expect(parse({ ...valid, contactMethod, contactInfo }).contactInfo).toBe(stored);
  });

  it('shows the format message together with other field messages', () => {
    expect(errorsFor({ ...valid, name: '', contactMethod: 'Email', contactInfo: 'nope' })).toEqual({
      name: 'Name is required',
      contactInfo: 'Please enter a valid email address',
    });
  });

  it('does not check the format when the method itself is missing', () => {
    expect(errorsFor({ ...valid, contactMethod: '', contactInfo: 'whatever' })).toEqual({
      contactMethod: 'Contact method is required',
    });
  });

  it('normaliseContactInfo returns null for a value that does not fit its method', () => {
    expect(normaliseContactInfo('Telegram', '+15551234567')).toBeNull();
    expect(normaliseContactInfo('Email', '@ana_lima')).toBeNull();
  });
});

describe('applicationSchema: age and the step-3 branches', () => {
  it('keeps the age only when there is no account, as a number', () => {
    const data = parse({ ...valid, hasOnlyFans: 'no', age: '25', averageMonthlyRange: '$0–$100' });
    expect(data).toMatchObject({ hasOnlyFans: 'no', age: 25, averageMonthlyRange: null });
  });

  it('keeps the monthly range only when there is an account', () => {
    const data = parse({ ...valid, hasOnlyFans: 'yes', age: '25', averageMonthlyRange: '$20,000+' });
    expect(data).toMatchObject({ hasOnlyFans: 'yes', age: null, averageMonthlyRange: '$20,000+' });
  });

  it('drops both when the question was not answered', () => {
    const data = parse({ ...valid, age: '25', averageMonthlyRange: '$0–$100' });
    expect(data).toMatchObject({ hasOnlyFans: null, age: null, averageMonthlyRange: null });
  });

  it.each([
    ['17', 'You must be between 18 and 99 years old'],
    ['100', 'You must be between 18 and 99 years old'],
    ['25.5', 'Age must be a whole number'],
    ['twenty', 'Age must be a whole number'],
  ])('refuses age %j when it applies', (age, message) => {
    expect(errorsFor({ ...valid, hasOnlyFans: 'no', age })).toEqual({ age: message });
  });

  it('accepts the age bounds and an absent age', () => {
    expect(parse({ ...valid, hasOnlyFans: 'no', age: '18' }).age).toBe(18);
    expect(parse({ ...valid, hasOnlyFans: 'no', age: 99 }).age).toBe(99);
    expect(parse({ ...valid, hasOnlyFans: 'no', age: '' }).age).toBeNull();
  });

  it('ignores a stale invalid age left in the hidden input of the other branch', () => {
    expect(parse({ ...valid, hasOnlyFans: 'yes', age: '12' }).age).toBeNull();
  });

  it('refuses answers outside the lists', () => {
    expect(errorsFor({ ...valid, hasOnlyFans: 'maybe' })).toEqual({ hasOnlyFans: 'Please select yes or no' });
    expect(errorsFor({ ...valid, hasOnlyFans: 'yes', averageMonthlyRange: '$1M' })).toEqual({
      averageMonthlyRange: 'Please select your average monthly earnings',
    });
  });
});

describe('applicationSchema: text normalisation', () => {
  it('trims strings and turns blank optional fields into null', () => {
    const data = parse({
      ...valid,
      name: '  Ana Lima  ',
      instagram: '  @ana ',
      tiktok: '   ',
      twitter: '',
      additionalInfo: null,
      country: undefined,
    });
    expect(data).toMatchObject({ name: 'Ana Lima', instagram: '@ana', tiktok: null, twitter: null });
    expect(data.additionalInfo).toBeNull();
    expect(data.country).toBeNull();
  });

  it('bounds the length of free text', () => {
    expect(errorsFor({ ...valid, instagram: 'x'.repeat(101) })).toEqual({
      instagram: 'Please use at most 100 characters',
    });
    expect(errorsFor({ ...valid, additionalInfo: 'x'.repeat(2001) })).toEqual({
      additionalInfo: 'Please use at most 2000 characters',
    });
    expect(errorsFor({ ...valid, agencyGoals: 'x'.repeat(5001) })).toEqual({
      agencyGoals: 'Please use at most 5000 characters',
    });
  });

  it('normaliseApplication is idempotent on parsed data', () => {
    const data = parse({
      ...valid,
      contactMethod: 'WhatsApp',
      contactInfo: '+1 (555) 123-4567',
      hasOnlyFans: 'no',
      age: '30',
    });
    expect(normaliseApplication(data)).toEqual(data);
  });
});
