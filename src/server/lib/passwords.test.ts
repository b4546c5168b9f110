import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('hashes with argon2id and the OWASP parameters', async () => {
    const hash = await hashPassword('correct horse battery');

    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(needsRehash(hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'));
  });

  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('correct horse battery');

    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse batterY')).toBe(false);
    expect(await verifyPassword(hash, '')).toBe(false);
  });

  it('verifies standard PHC hashes whatever their parameter order, and asks to re-hash them', async () => {
    const otherParameters =
      '$argon2id$v=19$m=65536,p=4,t=3$mfnzRjotTuEiPbrJUZ9/0g$T6yCk8kglkeTXaO8eCGxupezckRTiTnf3ZP+1VlYsoM';
    expect(await verifyPassword(otherParameters, 'x')).toBe(true);
    expect(await verifyPassword(otherParameters, 'y')).toBe(false);
    expect(needsRehash(otherParameters)).toBe(true);
  });

  it('answers false instead of throwing for a malformed hash', async () => {
    for (const hash of ['', 'plain text', '$argon2id$broken', '$2b$10$abcdefghijklmnopqrstuv']) {
      expect(await verifyPassword(hash, 'anything')).toBe(false);
    }
  });

  it('asks for a re-hash when the parameters are weaker or the hash is unreadable', () => {
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA')).toBe(true);
    expect(needsRehash('garbage')).toBe(true);
  });

  it('spends a real verification on an unknown user and always fails', async () => {
    expect(await verifyAgainstDummy('whatever password')).toBe(false);
    expect(await verifyAgainstDummy('')).toBe(false);
  });
});
