import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors, fieldMessages, firstIssueMessage } from './errors.ts';

const schema = z
  .object({ a: z.string({ error: 'A is required' }), b: z.string({ error: 'B is required' }) })
  .superRefine((_, ctx) => ctx.addIssue({ code: 'custom', path: ['a'], message: 'A again' }), { when: () => true });

const failure = (input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return result.error;
};

describe('schema error helpers', () => {
  it('keeps the first message per field, ordered by the given field order', () => {
    const error = failure({});
    expect(fieldErrors(error)).toEqual({ a: 'A is required', b: 'B is required' });
    expect(Object.keys(fieldErrors(error, ['b', 'a']))).toEqual(['b', 'a']);
    expect(firstIssueMessage(error, ['b', 'a'])).toBe('B is required');
  });

  it('groups issues on array items under their field', () => {
    const result = z.object({ list: z.array(z.number(), { error: 'Bad list' }) }).safeParse({ list: [1, 'x'] });
    expect(result.error && Object.keys(fieldErrors(result.error))).toEqual(['list']);
  });

  it('falls back to a whole-body message when no field failed', () => {
    const result = z.object({ a: z.string() }).safeParse('not an object');
    if (result.success) throw new Error('expected a failure');
    const error = result.error;
    expect(fieldErrors(error)).toEqual({});
    expect(firstIssueMessage(error)).toMatch(/expected object/);
  });

  it('keeps the first message per field by key, with the parameters its issue carries', () => {
    const keyed = z.object({ name: z.string().trim().min(1, 'field.name').max(3, 'field.tooLong') });
    const tooLong = keyed.safeParse({ name: 'abcd' });
    const missing = keyed.safeParse({ name: ' ' });
    if (tooLong.success || missing.success) throw new Error('expected failures');
    expect(fieldMessages(tooLong.error)).toEqual({ name: { key: 'field.tooLong', params: { max: 3 } } });
    expect(fieldErrors(tooLong.error)).toEqual({ name: 'Please use at most 3 characters' });
    expect(fieldErrors(missing.error)).toEqual({ name: 'Name is required' });
  });
});
