import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { APPLICANT_MAX_AGE, APPLICANT_MIN_AGE, BULK_MAX_CREATORS } from '../limits.ts';
import { applicationSchema } from '../schemas/application.ts';
import { ADMIN_MESSAGES } from './admin.ts';
import { englishOf, englishTexts, isMessageKey } from './english.ts';
import { type MessageKey, messageOf, toMessage } from './message.ts';
import { PUBLIC_MESSAGES } from './public.ts';
import { messageOfIssue } from './zod-issue.ts';

describe('the message catalogue', () => {
  it('keeps the public and the admin parts apart, so a key names one text', () => {
    const shared = Object.keys(PUBLIC_MESSAGES).filter((group) => Object.hasOwn(ADMIN_MESSAGES, group));
    expect(shared).toEqual([]);
  });

  it('writes the spec’s English by key (product §5)', () => {
    expect(englishOf('field.name')).toBe('Name is required');
    expect(englishOf('application.photoTooLarge')).toBe('Photo must be less than 5MB');
    expect(englishOf('listing.url')).toBe('Please provide Listing URL');
    expect(englishOf('recruiters.email')).toBe('Invalid email');
  });

  it('fills parameters, grouping a number where the template asks for it', () => {
    expect(englishOf({ key: 'field.tooLong', params: { max: 2000 } })).toBe('Please use at most 2000 characters');
    expect(englishOf('bulk.tooMany')).toBe(
      'At most 10,000 creators can be changed in one request; narrow the list or work through it in parts',
    );
  });

  it('writes status codes as the spec writes statuses, several as alternatives', () => {
    expect(englishOf({ key: 'creators.cannotMove', params: { from: 'stage2_sent', to: 'listed' } })).toBe(
      'A creator cannot be moved from stage2 sent to listed',
    );
    expect(
      englishOf({ key: 'creators.cannotDelete', params: { allowed: 'pending,stage2_sent', status: 'listed' } }),
    ).toBe('Only pending or stage2 sent creators can be deleted; this one is listed');
  });

  it('picks the plural form by `count`', () => {
    expect(englishOf({ key: 'auth.throttled', params: { count: 1 } })).toBe(
      'Too many failed sign-in attempts. Please try again in 1 minute.',
    );
    expect(englishOf({ key: 'auth.throttled', params: { count: 15 } })).toBe(
      'Too many failed sign-in attempts. Please try again in 15 minutes.',
    );
  });

  it('gives a message whose numbers are the product’s limits those limits, whoever raised it', () => {
    expect(messageOf('age.range')).toEqual({
      key: 'age.range',
      params: { min: APPLICANT_MIN_AGE, max: APPLICANT_MAX_AGE },
    });
    expect(toMessage('bulk.tooMany').params).toEqual({ max: BULK_MAX_CREATORS });
    expect(messageOf('field.name')).toEqual({ key: 'field.name' });
    expect(englishOf('age.range')).toBe(`You must be between ${APPLICANT_MIN_AGE} and ${APPLICANT_MAX_AGE} years old`);
  });

  it('writes a text that is no key as it is, and tells keys from texts', () => {
    expect(englishOf('Too big: expected string' as MessageKey)).toBe('Too big: expected string');
    expect(isMessageKey('auth.throttled')).toBe(true);
    expect(isMessageKey('field.tooLong')).toBe(true);
    expect(isMessageKey('Name is required')).toBe(false);
    expect(isMessageKey('field')).toBe(false);
  });

  it('turns a table of keys into the English the API writes', () => {
    expect(englishTexts({ name: 'field.name', range: 'age.range' })).toEqual({
      name: 'Name is required',
      range: 'You must be between 18 and 99 years old',
    });
  });
});

describe('messageOfIssue', () => {
  const issues = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    if (result.success) throw new Error('expected a failure');
    return result.error.issues;
  };

  it('takes a length check’s bound from the issue', () => {
    const [tooLong] = issues(z.string().max(3, 'field.tooLong'), 'abcd');
    const [tooShort] = issues(z.string().min(12, 'account.passwordTooShort'), 'short');
    expect(tooLong && messageOfIssue(tooLong)).toEqual({ key: 'field.tooLong', params: { max: 3 } });
    expect(tooShort && messageOfIssue(tooShort)).toEqual({ key: 'account.passwordTooShort', params: { min: 12 } });
  });

  it('takes a custom check’s parameters, and a key’s limits when the check has none', () => {
    const [custom] = issues(
      z.string().refine(() => false, { message: 'creators.cannotMove', params: { from: 'listed', to: 'pending' } }),
      'x',
    );
    const [wrongType] = issues(z.string({ error: 'account.passwordTooShort' }), 42);
    expect(custom && messageOfIssue(custom)).toEqual({
      key: 'creators.cannotMove',
      params: { from: 'listed', to: 'pending' },
    });
    expect(wrongType && messageOfIssue(wrongType)).toEqual({ key: 'account.passwordTooShort', params: { min: 12 } });
  });

  it('carries the shared schema’s age rule with its range', () => {
    const result = applicationSchema.safeParse({ hasOnlyFans: 'no', age: '12' });
    const age = result.error?.issues.find((issue) => issue.path[0] === 'age');
    expect(age && messageOfIssue(age)).toEqual({ key: 'age.range', params: { min: 18, max: 99 } });
  });

  it('passes a message zod wrote itself as its own text', () => {
    const [issue] = issues(z.string(), 1);
    const message = issue && messageOfIssue(issue);
    expect(message && isMessageKey(message.key)).toBe(false);
    expect(message && englishOf(message)).toMatch(/expected string/);
  });
});
