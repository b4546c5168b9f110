import { describe, expect, it } from 'vitest';
import { type ApplicationSubmission, buildApplicationFormData } from './submit-application.ts';

const submission: ApplicationSubmission = {
  name: 'Ana Lima',
  language: 'Portuguese',
  gender: 'Female',
  contactMethod: 'Telegram',
  contactInfo: '@ana_lima',
  hasOnlyFans: 'no',
  averageMonthlyRange: null,
  age: 24,
  country: null,
  agencyGoals: 'Grow',
  instagram: '',
  tiktok: null,
  twitter: '@ana',
  additionalInfo: null,
  recruiter: 'Maria',
  consent: 'yes',
  confirmationPhoto: null,
};

describe('buildApplicationFormData (product §7 POST /api/submissions)', () => {
  it('sends every answer as text and skips empty, null and undefined values', () => {
    const data = buildApplicationFormData(submission);
    expect([...data.entries()]).toEqual([
      ['name', 'Ana Lima'],
      ['language', 'Portuguese'],
      ['gender', 'Female'],
      ['contactMethod', 'Telegram'],
      ['contactInfo', '@ana_lima'],
      ['hasOnlyFans', 'no'],
      ['age', '24'],
      ['agencyGoals', 'Grow'],
      ['twitter', '@ana'],
      ['recruiter', 'Maria'],
      ['consent', 'yes'],
    ]);
  });

  it('sends the photo last, as confirmationPhoto, and the honeypot only when filled', () => {
    const photo = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });
    const data = buildApplicationFormData({ ...submission, confirmationPhoto: photo }, 'https://spam.example');
    const keys = [...data.keys()];
    expect(keys.at(-1)).toBe('confirmationPhoto');
    expect(data.get('website')).toBe('https://spam.example');
    const sent = data.get('confirmationPhoto');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('me.png');
    expect(buildApplicationFormData(submission, '').has('website')).toBe(false);
  });

  it('sends the proof-of-work solution first, before any answer or the photo', () => {
    const photo = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });
    const data = buildApplicationFormData({ ...submission, confirmationPhoto: photo }, '', 'pt', 'eyJudW1iZXIiOjF9');
    expect([...data.keys()].slice(0, 2)).toEqual(['altcha', 'name']);
    expect(data.get('altcha')).toBe('eyJudW1iZXIiOjF9');
  });

  it('names the interface language, so the confirmation e-mail is written in it', () => {
    expect(buildApplicationFormData(submission, '', 'de').get('locale')).toBe('de');
    expect(buildApplicationFormData(submission).has('locale')).toBe(false);
  });
});
