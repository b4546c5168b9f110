import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from './languages.ts';
import {
  creatorLanguage,
  phoneDigits,
  phoneNumber,
  STAGE2_MESSAGES,
  stage2Channel,
  stage2Message,
  telegramUsername,
} from './stage2-channels.ts';

const url = 'https://apply.example.com/stage2/RC-7KX3P9QD?token=a_b-c';
const base = { name: 'Anna Müller', url, brand: 'Rollick', language: 'en' as const };

describe('the stage-2 message', () => {
  it('names her, the brand and the link in every language', () => {
    for (const language of LANGUAGE_CODES) {
      const { subject, text } = stage2Message({ ...base, language });
      expect(text).toContain('Anna Müller');
      expect(text).toContain(url);
      expect(`${subject} ${text}`).toContain('Rollick');
      expect(text).not.toMatch(/\{\w+\}/);
    }
  });

  it('is written in her language', () => {
    expect(stage2Message({ ...base, language: 'de' }).text).toMatch(/^Hallo Anna Müller/);
    expect(stage2Message({ ...base, language: 'ru' }).text).toMatch(/^Здравствуйте, Anna Müller!/);
    expect(stage2Message({ ...base, language: 'fr' }).text).toMatch(/^Bonjour/);
    expect(new Set(Object.values(STAGE2_MESSAGES).map((texts) => texts.text)).size).toBe(LANGUAGE_CODES.length);
  });

  it('takes the language she applied in, else the one she speaks, else English', () => {
    expect(creatorLanguage({ locale: 'ru', language: 'English' })).toBe('ru');
    expect(creatorLanguage({ locale: null, language: 'Portuguese' })).toBe('pt');
    expect(creatorLanguage({ locale: 'xx', language: 'Mandarin' })).toBe('en');
    expect(creatorLanguage({})).toBe('en');
  });
});

describe('contact parts', () => {
  it('keeps only the digits of a number written with spaces and dashes', () => {
    expect(phoneDigits('+49 151 2345-6789')).toBe('4915123456789');
    expect(phoneNumber('+49 151 2345-6789')).toBe('+4915123456789');
    expect(phoneNumber('(555) 123-4567')).toBe('5551234567');
  });

  it('drops the @ and any t.me prefix of a Telegram handle', () => {
    expect(telegramUsername('@anna_k')).toBe('anna_k');
    expect(telegramUsername('anna_k')).toBe('anna_k');
    expect(telegramUsername('https://t.me/anna_k')).toBe('anna_k');
  });
});

describe('the channel link per contact method', () => {
  it('opens WhatsApp on her number, digits only, with the message encoded', () => {
    const channel = stage2Channel({ contactMethod: 'WhatsApp', contactInfo: '+49 151 2345-6789' }, base);
    const text = stage2Message(base).text;
    expect(channel).toEqual({
      kind: 'whatsapp',
      href: `https://wa.me/4915123456789?text=${encodeURIComponent(text)}`,
      message: text,
    });
    expect(channel?.href).not.toMatch(/[ ?&=]token=/);
    expect(new URL(channel?.href ?? '').searchParams.get('text')).toBe(text);
  });

  it('opens her Telegram chat by username and leaves the message to paste', () => {
    const channel = stage2Channel({ contactMethod: 'Telegram', contactInfo: '@anna_k' }, { ...base, language: 'ru' });
    expect(channel?.kind).toBe('telegram');
    expect(channel?.href).toBe('https://t.me/anna_k');
    expect(channel?.message).toBe(stage2Message({ ...base, language: 'ru' }).text);
  });

  it('writes an SMS to her number with the message as its body', () => {
    const channel = stage2Channel(
      { contactMethod: 'SMS/Phone', contactInfo: '+1 (555) 123-4567' },
      { ...base, language: 'es' },
    );
    const text = stage2Message({ ...base, language: 'es' }).text;
    expect(channel?.href).toBe(`sms:+15551234567?body=${encodeURIComponent(text)}`);
    expect(decodeURIComponent(channel?.href.split('body=')[1] ?? '')).toBe(text);
  });

  it('writes an e-mail with subject and body in her language', () => {
    const language = 'de';
    const channel = stage2Channel(
      { contactMethod: 'Email', contactInfo: 'anna+rollick@example.com' },
      { ...base, language },
    );
    const { subject, text } = stage2Message({ ...base, language });
    expect(channel?.kind).toBe('email');
    expect(channel?.href).toBe(
      `mailto:anna%2Brollick@example.com?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(text)}`,
    );
    // The link's own ? and & stay inside the body instead of starting new fields.
    expect(channel?.href.match(/&/g)).toHaveLength(1);
  });

  it('gives no link for a contact it cannot reach', () => {
    expect(stage2Channel({ contactMethod: 'WhatsApp', contactInfo: 'n/a' }, base)).toBeNull();
    expect(stage2Channel({ contactMethod: 'Telegram', contactInfo: '@ bad name' }, base)).toBeNull();
    expect(stage2Channel({ contactMethod: 'Email', contactInfo: 'nobody' }, base)).toBeNull();
    expect(stage2Channel({ contactMethod: 'Pigeon', contactInfo: 'roof' }, base)).toBeNull();
  });
});
