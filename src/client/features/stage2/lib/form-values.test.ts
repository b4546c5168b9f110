import { describe, expect, it } from 'vitest';
import type { Stage2Form } from '#shared/replies/stage2.ts';
import { firstFieldOf, initialValues, stepOfField } from './form-values.ts';

const creator = { name: 'Ana', creatorId: 'RC-23456789', age: 31, hasOnlyFans: 'yes' };

describe('initialValues', () => {
  it('starts from the spec’s defaults and the age given in stage 1', () => {
    expect(initialValues({ creator, existingData: null })).toMatchObject({
      country: '',
      age: '31',
      englishLevel: '0',
      isVerifiedOnlyFans: 'no',
      hasExistingContent: 'no',
      contentType: [],
      keptImages: [],
      keptRevenueScreenshot: null,
    });
  });

  it('prefills every earlier answer, numbers as text and the stored boolean as yes/no', () => {
    const existingData: NonNullable<Stage2Form['existingData']> = {
      country: 'Chile',
      age: 25,
      englishLevel: 4,
      compensationType: 'flatMonthly',
      monthlySalary: 3000,
      revenueShare: null,
      isVerifiedOnlyFans: 'yes',
      onlyFansRevenue: 1200,
      revenueScreenshot: { key: 's.png', url: '/s' },
      hasExistingContent: true,
      contentType: ['solo'],
      agencyPitch: 'Pitch',
      images: [{ key: 'a.jpg', url: '/a' }],
      submittedAt: '2025-01-01T00:00:00.000Z',
    };
    expect(initialValues({ creator, existingData })).toEqual({
      country: 'Chile',
      age: '25',
      englishLevel: '4',
      compensationType: 'flatMonthly',
      monthlySalary: '3000',
      revenueShare: '',
      isVerifiedOnlyFans: 'yes',
      onlyFansRevenue: '1200',
      revenueScreenshotFile: null,
      keptRevenueScreenshot: { key: 's.png', url: '/s' },
      hasExistingContent: 'yes',
      contentType: ['solo'],
      agencyPitch: 'Pitch',
      imageFiles: [],
      keptImages: [{ key: 'a.jpg', url: '/a' }],
    });
  });
});

describe('steps', () => {
  it('finds the first bad field in screen order and the step that asks it', () => {
    expect(firstFieldOf(['imageFiles', 'revenueShare', 'agencyPitch'])).toBe('revenueShare');
    expect(stepOfField('revenueShare')).toBe(2);
    expect(stepOfField('revenueScreenshotFile')).toBe(3);
    expect(stepOfField('imageFiles')).toBe(4);
  });
});
