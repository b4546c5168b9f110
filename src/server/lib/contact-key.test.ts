import { describe, expect, it } from 'vitest';
import { contactKeyOf } from './contact-key.ts';

describe('contactKeyOf', () => {
  it('matches an e-mail address in any letter case', () => {
    expect(contactKeyOf('Email', 'Jamie.Rivera@Example.COM')).toBe(contactKeyOf('Email', 'jamie.rivera@example.com'));
  });

  it('matches a Telegram handle with or without its @, in any case', () => {
    expect(contactKeyOf('Telegram', '@JamieR')).toBe('telegram:jamier');
    expect(contactKeyOf('Telegram', 'jamier')).toBe('telegram:jamier');
  });

  it('keeps a phone number as digits with its country prefix, whichever app it was given for', () => {
    expect(contactKeyOf('WhatsApp', '+44 7700 900123')).toBe('phone:447700900123');
    expect(contactKeyOf('SMS/Phone', '0044 (7700) 900-123')).toBe('phone:447700900123');
    expect(contactKeyOf('SMS/Phone', '+1 7700900123')).not.toBe(contactKeyOf('SMS/Phone', '+44 7700900123'));
  });

  it('never matches a Telegram handle with a phone number of the same characters', () => {
    expect(contactKeyOf('Telegram', '@12345678')).not.toBe(contactKeyOf('WhatsApp', '12345678'));
  });
});
