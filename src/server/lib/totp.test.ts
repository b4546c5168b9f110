import { describe, expect, it } from 'vitest';
import { totpCodeAt, totpStep, verifyTotp } from './totp.ts';

/** RFC 6238 appendix B's SHA-1 secret, "12345678901234567890", in base32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP', () => {
  it('matches RFC 6238’s SHA-1 test vectors (last six digits)', () => {
    expect(totpCodeAt(RFC_SECRET, 59_000)).toBe('287082');
    expect(totpCodeAt(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(totpCodeAt(RFC_SECRET, 1_234_567_890_000)).toBe('005924');
  });

  it('accepts a code one step either side of now, and no further', () => {
    const now = 1_700_000_000_000;
    expect(verifyTotp(RFC_SECRET, totpCodeAt(RFC_SECRET, now - 30_000), { now, lastStep: null })).toBe(
      totpStep(now) - 1,
    );
    expect(verifyTotp(RFC_SECRET, totpCodeAt(RFC_SECRET, now + 30_000), { now, lastStep: null })).toBe(
      totpStep(now) + 1,
    );
    expect(verifyTotp(RFC_SECRET, totpCodeAt(RFC_SECRET, now - 90_000), { now, lastStep: null })).toBeNull();
  });

  it('refuses a code of a step already used, or older', () => {
    const now = 1_700_000_000_000;
    const code = totpCodeAt(RFC_SECRET, now);
    expect(verifyTotp(RFC_SECRET, code, { now, lastStep: totpStep(now) })).toBeNull();
    expect(verifyTotp(RFC_SECRET, code, { now, lastStep: totpStep(now) - 1 })).toBe(totpStep(now));
  });
});
