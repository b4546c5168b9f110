import { describe, expect, it } from 'vitest';
import { APPLICATION_FIELD_ORDER } from '#shared/schemas/application.ts';
import { EMPTY_APPLICATION, firstFieldOf, STEP_FIELDS, stepOfField, TOTAL_STEPS } from './form-values.ts';

describe('application steps (product §2)', () => {
  it('has five steps that ask every application field once, in the schema order', () => {
    expect(TOTAL_STEPS).toBe(5);
    // `country` is in the schema for the API but not asked by the form (product §2 lists no country step).
    expect(STEP_FIELDS.flat()).toEqual(APPLICATION_FIELD_ORDER.filter((field) => field !== 'country'));
    expect(Object.keys(EMPTY_APPLICATION).sort()).toEqual([...STEP_FIELDS.flat()].sort());
  });

  it('finds the step of a field and the first field in screen order', () => {
    expect(stepOfField('name')).toBe(1);
    expect(stepOfField('contactInfo')).toBe(2);
    expect(stepOfField('age')).toBe(3);
    expect(stepOfField('twitter')).toBe(4);
    expect(stepOfField('confirmationPhoto')).toBe(5);
    expect(firstFieldOf(['recruiter', 'agencyGoals', 'country'])).toBe('agencyGoals');
    expect(firstFieldOf(['country', 'website'])).toBeUndefined();
  });
});
