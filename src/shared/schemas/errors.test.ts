import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors, firstIssueMessage, validationErrorBody } from './errors.ts';

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

  it('builds the architecture §3 400 body from a parse error or a merged field map', () => {
    expect(validationErrorBody(failure({ a: 'x' }), ['a', 'b'])).toEqual({
      message: 'A again',
      code: 'VALIDATION_FAILED',
      fields: { a: 'A again', b: 'B is required' },
    });
    expect(
      validationErrorBody({ photo: 'Photo must be less than 5MB', name: 'Name is required' }, ['name', 'photo']),
    ).toEqual({
      message: 'Name is required',
      code: 'VALIDATION_FAILED',
      fields: { name: 'Name is required', photo: 'Photo must be less than 5MB' },
    });
  });
});
