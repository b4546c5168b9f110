import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { englishOf } from '../messages/english.ts';
import { messageOfIssue } from '../messages/zod-issue.ts';
import { recruiterEmailSchema, recruiterSchema } from './recruiter.ts';

/** The English each issue's message is written in (the schemas carry keys, docs/decisions/031). */
const messages = (result: { error?: z.ZodError | undefined }) =>
  result.error?.issues.map((issue) => englishOf(messageOfIssue(issue)));

describe('recruiterSchema', () => {
  it('requires a name: "Name is required"', () => {
    expect(messages(recruiterSchema.safeParse({ name: '   ' }))).toEqual(['Name is required']);
    expect(messages(recruiterSchema.safeParse({}))).toEqual(['Name is required']);
  });

  it('refuses an invalid e-mail: "Invalid email"', () => {
    expect(messages(recruiterSchema.safeParse({ name: 'Maria', email: 'maria@' }))).toEqual(['Invalid email']);
  });

  it('trims, and stores a blank or missing e-mail as null', () => {
    expect(recruiterSchema.parse({ name: ' Maria ', email: ' maria@example.com ' })).toEqual({
      name: 'Maria',
      email: 'maria@example.com',
    });
    expect(recruiterSchema.parse({ name: 'Maria', email: '' }).email).toBeNull();
    expect(recruiterSchema.parse({ name: 'Maria', email: null }).email).toBeNull();
    expect(recruiterSchema.parse({ name: 'Maria' }).email).toBeNull();
  });

  it('bounds the name length', () => {
    expect(messages(recruiterSchema.safeParse({ name: 'x'.repeat(101) }))).toEqual([
      'Please use at most 100 characters',
    ]);
  });
});

describe('recruiterEmailSchema', () => {
  it('sets or clears the e-mail', () => {
    expect(recruiterEmailSchema.parse({ email: 'new@example.com' })).toEqual({ email: 'new@example.com' });
    expect(recruiterEmailSchema.parse({ email: null })).toEqual({ email: null });
    expect(recruiterEmailSchema.parse({ email: '' })).toEqual({ email: null });
  });

  it('refuses an invalid e-mail', () => {
    expect(messages(recruiterEmailSchema.safeParse({ email: 'nope' }))).toEqual(['Invalid email']);
  });
});
