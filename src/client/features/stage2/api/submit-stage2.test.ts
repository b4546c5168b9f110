import { describe, expect, it } from 'vitest';
import { buildStage2FormData, type Stage2Submission } from './submit-stage2.ts';

const submission: Stage2Submission = {
  country: 'Brazil',
  age: 24,
  englishLevel: 0,
  compensationType: 'revenueShare',
  monthlySalary: null,
  revenueShare: 40,
  isVerifiedOnlyFans: 'no',
  onlyFansRevenue: null,
  hasExistingContent: true,
  contentType: ['solo', 'boyGirl'],
  agencyPitch: 'Consistent and friendly.',
  revenueScreenshotFile: null,
  keptRevenueScreenshot: null,
  imageFiles: [],
  keptImages: [],
};

const image = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/jpeg' });

describe('buildStage2FormData (product §7 POST /api/stage2/{creatorId})', () => {
  it('sends only the answers that apply, the content types repeated, yes/no as text', () => {
    expect([...buildStage2FormData(submission).entries()]).toEqual([
      ['country', 'Brazil'],
      ['age', '24'],
      ['englishLevel', '0'],
      ['compensationType', 'revenueShare'],
      ['revenueShare', '40'],
      ['isVerifiedOnlyFans', 'no'],
      ['hasExistingContent', 'yes'],
      ['contentType', 'solo'],
      ['contentType', 'boyGirl'],
      ['agencyPitch', 'Consistent and friendly.'],
    ]);
  });

  it('sends the proof-of-work solution first, before any answer or file', () => {
    const data = buildStage2FormData({ ...submission, imageFiles: [image('new.jpg')] }, 'eyJudW1iZXIiOjF9');
    expect([...data.keys()].slice(0, 2)).toEqual(['altcha', 'country']);
  });

  it('names the earlier files to keep and sends new files last', () => {
    const data = buildStage2FormData({
      ...submission,
      isVerifiedOnlyFans: 'yes',
      onlyFansRevenue: 900,
      keptRevenueScreenshot: { key: 'shot.png', url: '/x' },
      keptImages: [{ key: 'a.jpg', url: '/a' }],
      imageFiles: [image('new.jpg')],
    });
    expect(data.getAll('keepImageKeys')).toEqual(['a.jpg']);
    expect(data.get('keepRevenueScreenshotKey')).toBe('shot.png');
    expect(data.get('onlyFansRevenue')).toBe('900');
    expect([...data.keys()].at(-1)).toBe('imageFiles');
    expect((data.get('imageFiles') as File).name).toBe('new.jpg');
  });

  it('sends a new screenshot instead of keeping the old one, and none at all when not verified', () => {
    const withNew = buildStage2FormData({
      ...submission,
      isVerifiedOnlyFans: 'yes',
      revenueScreenshotFile: image('shot.jpg'),
      keptRevenueScreenshot: { key: 'old.png', url: '/x' },
    });
    expect(withNew.has('keepRevenueScreenshotKey')).toBe(false);
    expect((withNew.get('revenueScreenshotFile') as File).name).toBe('shot.jpg');

    const unverified = buildStage2FormData({ ...submission, revenueScreenshotFile: image('shot.jpg') });
    expect(unverified.has('revenueScreenshotFile')).toBe(false);
  });
});
