import { describe, expect, it } from 'vitest';
import { CREATOR_ID_PATTERN, newCreatorId, normaliseCreatorId } from './creator-id.ts';

describe('creator ids', () => {
  it('are RC- plus eight unambiguous characters', () => {
    for (let i = 0; i < 200; i++) {
      const id = newCreatorId();
      expect(id).toMatch(CREATOR_ID_PATTERN);
      expect(id.slice(3)).not.toMatch(/[01ILOU]/);
    }
  });

  it('rarely repeat', () => {
    const ids = new Set(Array.from({ length: 5000 }, newCreatorId));
    expect(ids.size).toBe(5000);
  });

  it('normalise what a person types', () => {
    expect(normaliseCreatorId('rc-7kx3p9qd')).toBe('RC-7KX3P9QD');
    expect(normaliseCreatorId('7KX3 P9QD')).toBe('RC-7KX3P9QD');
    expect(normaliseCreatorId('RC-0000')).toBeNull();
    expect(normaliseCreatorId("RC-7KX3P9QD' or 1=1")).toBeNull();
  });
});
