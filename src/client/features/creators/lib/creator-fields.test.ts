import { describe, expect, it } from 'vitest';
import type { TFunction } from '#client/lib/i18n.ts';
import type { Creator, Stage2Data } from '#shared/replies/creators.ts';
import { humanizeKey, stage1Entries, stage2Entries } from './creator-fields.ts';

/** Stands in for the translator: answers the key, so the tests see which text was asked for. */
const fakeT = ((key: string) => key) as unknown as TFunction<'admin'> & TFunction;
const texts = { t: fakeT, tc: fakeT, locale: 'en' };

const creator: Creator = {
  id: 'b3c1f0d2-0000-4000-8000-000000000001',
  creatorId: 'RC-7KX3P9QD',
  name: '<img src=x onerror=alert(1)>',
  language: 'Spanish',
  gender: 'Female',
  contactMethod: 'SMS/Phone',
  contactInfo: '+15551234567',
  hasOnlyFans: 'no',
  averageMonthlyRange: null,
  age: 24,
  country: '',
  agencyGoals: 'Grow',
  instagram: '@ana',
  tiktok: null,
  twitter: null,
  additionalInfo: null,
  recruiter: 'Maria Lopez',
  recruiterId: null,
  status: 'listed',
  confirmationPhotoUrl: '/api/admin/files/abc',
  rollickCreatorHubId: 'HUB-1',
  rollickListingUrl: 'https://marketplace.example/c/1',
  createdAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-01-02T03:04:05.000Z',
  firstStaffActionAt: null,
  hasDuplicates: false,
};

describe('stage1Entries (product §2 Stage 1 Information)', () => {
  it('lists the non-empty creator fields in order, without ids, dates, status, recruiter, photo or Rollick fields', () => {
    expect(stage1Entries(creator, texts).map((entry) => entry.key)).toEqual([
      'creatorId',
      'name',
      'language',
      'gender',
      'contactMethod',
      'contactInfo',
      'hasOnlyFans',
      'age',
      'agencyGoals',
      'instagram',
    ]);
  });

  it('leaves out the team’s fields, which have sections of their own (decision 063)', () => {
    const cancelled: Creator = {
      ...creator,
      status: 'cancelled',
      assigneeId: 'b3c1f0d2-0000-4000-8000-0000000000aa',
      assignee: 'olga.owner',
      cancelReasonId: 'b3c1f0d2-0000-4000-8000-0000000000bb',
      cancelNote: 'Signed with a studio in Lisbon',
    };
    const keys = stage1Entries(cancelled, texts).map((entry) => entry.key);
    expect(keys).not.toContain('cancelReasonId');
    expect(keys).not.toContain('cancelNote');
    expect(keys).not.toContain('assigneeId');
    expect(keys).not.toContain('assignee');
  });

  it('reads stored values: options through the form’s labels, yes/no, numbers; text stays as typed', () => {
    const values = Object.fromEntries(stage1Entries(creator, texts).map((entry) => [entry.key, entry.value]));
    expect(values).toMatchObject({
      name: '<img src=x onerror=alert(1)>',
      language: 'application.options.language.spanish',
      gender: 'application.options.gender.female',
      contactMethod: 'application.options.contactMethod.phone',
      hasOnlyFans: 'values.no',
      age: '24',
    });
  });

  it('shows a field the server added later under a readable label', () => {
    const entries = stage1Entries({ ...creator, preferredShootDays: 'Weekends' } as Creator, texts);
    expect(entries.at(-1)).toMatchObject({
      key: 'preferredShootDays',
      label: 'Preferred Shoot Days',
      value: 'Weekends',
    });
  });
});

describe('stage2Entries (product §2 Stage 2 Information)', () => {
  const stage2: Stage2Data = {
    id: 'x',
    creatorId: 'RC-7KX3P9QD',
    country: 'Brazil',
    age: 25,
    englishLevel: 3,
    compensationType: 'revenueShare',
    monthlySalary: null,
    revenueShare: 40,
    isVerifiedOnlyFans: 'yes',
    onlyFansRevenue: 4200,
    revenueScreenshotUrl: '/api/admin/files/s',
    hasExistingContent: false,
    contentType: ['softcore', 'solo'],
    agencyPitch: 'Pick me',
    imageUrls: ['/api/admin/files/1'],
    createdAt: '2026-01-02T03:04:05.000Z',
    updatedAt: '2026-01-02T03:04:05.000Z',
  };

  it('labels levels, compensation, content types and booleans, formats money, and leaves the files to buttons', () => {
    expect(Object.fromEntries(stage2Entries(stage2, texts).map((entry) => [entry.key, entry.value]))).toEqual({
      country: 'Brazil',
      age: '25',
      englishLevel: '3 – englishLevels.3',
      compensationType: 'compensationTypes.revenueShare',
      revenueShare: '40%',
      isVerifiedOnlyFans: 'values.yes',
      onlyFansRevenue: '$4,200',
      hasExistingContent: 'values.no',
      contentType: 'contentTypes.softcore, contentTypes.solo',
      agencyPitch: 'Pick me',
    });
  });

  it('names the country and writes numbers and money the admin’s language’s way', () => {
    const values = (locale: string) =>
      Object.fromEntries(
        stage2Entries({ ...stage2, onlyFansRevenue: 14200 }, { ...texts, locale }).map((e) => [e.key, e.value]),
      );
    expect(values('ru')).toMatchObject({
      country: 'Бразилия',
      onlyFansRevenue: '14\u00a0200\u00a0$',
      revenueShare: '40\u00a0%',
    });
    expect(values('de')).toMatchObject({ country: 'Brasilien', onlyFansRevenue: '14.200\u00a0$' });
    expect(stage1Entries({ ...creator, country: 'Germany' }, { ...texts, locale: 'fr' })).toContainEqual(
      expect.objectContaining({ key: 'country', value: 'Allemagne' }),
    );
    // Stage 1's country is free text: a name off the list stays as the applicant wrote it.
    expect(stage1Entries({ ...creator, country: 'Bavaria' }, { ...texts, locale: 'ru' })).toContainEqual(
      expect.objectContaining({ key: 'country', value: 'Bavaria' }),
    );
  });
});

describe('humanizeKey', () => {
  it('turns camelCase and snake_case keys into words', () => {
    expect(humanizeKey('averageMonthlyRange')).toBe('Average Monthly Range');
    expect(humanizeKey('stage_two_notes')).toBe('Stage two notes');
  });
});
