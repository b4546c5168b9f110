import { describe, expect, it } from 'vitest';
import { keyedHash, open, SecretBoxError, seal } from './secret-box.ts';

const key = Buffer.alloc(32, 3);

describe('seal and open', () => {
  it('round-trips, with a fresh IV each time, and never holds the plaintext', () => {
    const a = seal(key, 'JBSWY3DPEHPK3PXP');
    const b = seal(key, 'JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(open(key, a)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses another key and any altered byte', () => {
    const sealed = seal(key, 'secret');
    expect(() => open(Buffer.alloc(32, 4), sealed)).toThrow(SecretBoxError);
    const parts = sealed.split('.');
    const data = Buffer.from(parts[3] ?? '', 'base64url');
    data[0] = (data[0] ?? 0) ^ 1;
    expect(() => open(key, [...parts.slice(0, 3), data.toString('base64url')].join('.'))).toThrow(SecretBoxError);
    expect(() => open(key, 'plain text')).toThrow(SecretBoxError);
  });
});

describe('keyedHash', () => {
  it('depends on the key', () => {
    expect(keyedHash(key, 'abcde')).toBe(keyedHash(key, 'abcde'));
    expect(keyedHash(key, 'abcde')).not.toBe(keyedHash(Buffer.alloc(32, 5), 'abcde'));
  });
});
