import { describe, expect, it } from 'vitest';
import { fieldErrors } from './errors.ts';
import { STAGE2_FIELD_ORDER, type Stage2Input, stage2Schema } from './stage2.ts';

/** As the multipart body carries it: everything is text. */
const valid = {
  country: 'Brazil',
  age: '24',
  englishLevel: '0',
  compensationType: 'negotiable',
  isVerifiedOnlyFans: 'no',
  hasExistingContent: 'no',
  agencyPitch: 'I post every day.',
} satisfies Stage2Input;

function errorsFor(input: Record<string, unknown>) {
  const result = stage2Schema.safeParse(input);
  expect(result.success).toBe(false);
  return result.success ? {} : fieldErrors(result.error, STAGE2_FIELD_ORDER);
}

const parse = (input: Record<string, unknown>) => stage2Schema.parse(input);

describe('stage2Schema: product §5 messages', () => {
  it.each([
    ['country', '', 'Please select your country'],
    ['country', 'Atlantis', 'Please select your country'],
    ['age', '', 'Age is required'],
    ['englishLevel', '', 'English level is required'],
    ['englishLevel', '6', 'English level is required'],
    ['compensationType', '', 'Compensation type is required'],
    ['compensationType', 'barter', 'Compensation type is required'],
    ['isVerifiedOnlyFans', '', 'Please select yes or no'],
    ['hasExistingContent', 'maybe', 'Please select yes or no'],
    ['agencyPitch', '  ', 'Please tell us why an agency should choose to work with you'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(errorsFor({ ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it('reports every missing required field, in spec order', () => {
    expect(Object.keys(errorsFor({}))).toEqual([
      'country',
      'age',
      'englishLevel',
      'compensationType',
      'isVerifiedOnlyFans',
      'hasExistingContent',
      'agencyPitch',
    ]);
  });

  it.each([
    ['17', 'You must be between 18 and 99 years old'],
    ['100', 'You must be between 18 and 99 years old'],
    ['18.5', 'Age must be a whole number'],
  ])('refuses age %j (architecture §4)', (age, message) => {
    expect(errorsFor({ ...valid, age })).toEqual({ age: message });
  });
});

describe('stage2Schema: values from multipart text', () => {
  it('turns numbers given as text into numbers and yes/no into a boolean', () => {
    expect(parse({ ...valid, age: ' 24 ', englishLevel: '5', hasExistingContent: 'yes' })).toMatchObject({
      age: 24,
      englishLevel: 5,
      hasExistingContent: true,
    });
    expect(parse(valid)).toMatchObject({ englishLevel: 0, hasExistingContent: false });
  });

  it('keeps the monthly salary only for a flat monthly salary', () => {
    const input = { ...valid, monthlySalary: '3000', revenueShare: '40' };
    expect(parse({ ...input, compensationType: 'flatMonthly' })).toMatchObject({
      monthlySalary: 3000,
      revenueShare: null,
    });
  });

  it('keeps the revenue share only for a revenue share', () => {
    const input = { ...valid, monthlySalary: '3000', revenueShare: '40' };
    expect(parse({ ...input, compensationType: 'revenueShare' })).toMatchObject({
      monthlySalary: null,
      revenueShare: 40,
    });
    expect(parse({ ...input, compensationType: 'negotiable' })).toMatchObject({
      monthlySalary: null,
      revenueShare: null,
    });
  });

  it('keeps last month’s revenue only for a verified account', () => {
    expect(parse({ ...valid, isVerifiedOnlyFans: 'yes', onlyFansRevenue: '1200' }).onlyFansRevenue).toBe(1200);
    expect(parse({ ...valid, isVerifiedOnlyFans: 'no', onlyFansRevenue: '1200' }).onlyFansRevenue).toBeNull();
  });

  it('treats blank optional numbers as absent', () => {
    expect(parse({ ...valid, compensationType: 'flatMonthly', monthlySalary: '' }).monthlySalary).toBeNull();
  });

  it.each([
    [
      'revenueShare',
      { compensationType: 'revenueShare', revenueShare: '0' },
      'Revenue share must be a whole number between 1 and 100',
    ],
    [
      'revenueShare',
      { compensationType: 'revenueShare', revenueShare: '101' },
      'Revenue share must be a whole number between 1 and 100',
    ],
    [
      'monthlySalary',
      { compensationType: 'flatMonthly', monthlySalary: '-5' },
      'Please enter an amount in whole US dollars',
    ],
    [
      'monthlySalary',
      { compensationType: 'flatMonthly', monthlySalary: '1e3' },
      'Please enter an amount in whole US dollars',
    ],
    [
      'onlyFansRevenue',
      { isVerifiedOnlyFans: 'yes', onlyFansRevenue: '12.50' },
      'Please enter an amount in whole US dollars',
    ],
  ])('refuses a bad %s where it applies', (field, values, message) => {
    expect(errorsFor({ ...valid, ...values })).toEqual({ [field]: message });
  });

  it('ignores a stale bad number left in a hidden input', () => {
    expect(parse({ ...valid, compensationType: 'negotiable', revenueShare: '500' }).revenueShare).toBeNull();
  });

  it('accepts several content types as repeated fields, without duplicates', () => {
    const data = parse({ ...valid, hasExistingContent: 'yes', contentType: ['solo', 'boyGirl', 'solo'] });
    expect(data.contentType).toEqual(['solo', 'boyGirl']);
    expect(parse({ ...valid, hasExistingContent: 'yes', contentType: 'fullNudity' }).contentType).toEqual([
      'fullNudity',
    ]);
  });

  it('keeps content types only when there is existing content', () => {
    expect(parse({ ...valid, hasExistingContent: 'no', contentType: ['solo'] }).contentType).toEqual([]);
    expect(parse({ ...valid, hasExistingContent: 'yes' }).contentType).toEqual([]);
  });

  it('refuses a content type outside the list', () => {
    expect(errorsFor({ ...valid, hasExistingContent: 'yes', contentType: ['solo', 'other'] })).toEqual({
      contentType: 'Please select a content type from the list',
    });
  });
});
