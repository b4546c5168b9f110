import { describe, expect, it } from 'vitest';
import {
  MERGE_FIELDS,
  type MergeCandidate,
  type MergeField,
  mergeRefusal,
  resolveMergeChoices,
} from './creator-merge.ts';

const record = (createdAt: string, filled: MergeField[], stage2UpdatedAt: string | null = null): MergeCandidate => ({
  createdAt,
  filled: new Set(filled),
  stage2UpdatedAt,
});

describe('resolveMergeChoices', () => {
  const older = record(
    '2026-11-01T10:00:00Z',
    ['name', 'contact', 'instagram', 'selfie', 'stage2'],
    '2026-11-03T10:00:00Z',
  );
  const newer = record('2026-11-08T10:00:00Z', ['name', 'contact', 'age', 'selfie']);

  it("takes the newer application's value where both have one, else the only one there is", () => {
    const sides = resolveMergeChoices(older, newer);
    expect(sides).toMatchObject({ name: 'from', contact: 'from', selfie: 'from', age: 'from', instagram: 'into' });
    expect(sides.stage2).toBe('into');
    // Neither has it: the newer one, which changes nothing.
    expect(sides.twitter).toBe('from');
    expect(Object.keys(sides)).toEqual([...MERGE_FIELDS]);
  });

  it("honours the owner's choice, but never throws a selfie or stage 2 away for nothing", () => {
    const sides = resolveMergeChoices(older, newer, { name: 'into', instagram: 'from', stage2: 'from' });
    expect(sides).toMatchObject({ name: 'into', instagram: 'from', stage2: 'into' });
    const noSelfie = record('2026-11-09T10:00:00Z', ['name']);
    expect(resolveMergeChoices(older, noSelfie, { selfie: 'from' }).selfie).toBe('into');
  });

  it('judges stage 2 by when it was answered, not when the application came', () => {
    const answeredLater = record('2026-10-01T10:00:00Z', ['stage2'], '2026-11-20T10:00:00Z');
    expect(resolveMergeChoices(older, answeredLater).stage2).toBe('from');
  });
});

describe('mergeRefusal', () => {
  const into = (status: Parameters<typeof mergeRefusal>[0]['status']) => ({ creatorId: 'RC-AAAAAAAA', status });
  const from = (status: Parameters<typeof mergeRefusal>[0]['status']) => ({ creatorId: 'RC-BBBBBBBB', status });

  it('lets a record merge into one as far along or further', () => {
    expect(mergeRefusal(into('pending'), from('pending'))).toBeNull();
    expect(mergeRefusal(into('stage2_submitted'), from('stage2_sent'))).toBeNull();
    expect(mergeRefusal(into('listed'), from('stage2_submitted'))).toBeNull();
    expect(mergeRefusal(into('finalized'), from('pending'))).toBeNull();
  });

  it('refuses to move the record that stays back, two listings, and a record into itself', () => {
    expect(mergeRefusal(into('pending'), from('stage2_sent'))?.key).toBe('merge.wouldRegress');
    expect(mergeRefusal(into('stage2_submitted'), from('listed'))?.key).toBe('merge.wouldRegress');
    expect(mergeRefusal(into('cancelled'), from('listed'))?.key).toBe('merge.bothListed');
    expect(mergeRefusal(into('listed'), { creatorId: 'RC-AAAAAAAA', status: 'listed' })?.key).toBe('merge.self');
  });
});
