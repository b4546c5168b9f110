import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from './languages.ts';
import {
  creatorLanguage,
  messageChannel,
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

describe('messageChannel: any rendered message through her method', () => {
  // What a reply typed by staff can hold: reserved URL characters, a line break, an emoji and Cyrillic.
  const message = {
    subject: 'Rollick & you #1',
    text: 'Привет, Ольга! Q&A at 5pm #rollick\n2nd line: 100% sure? 🎉 a+b=c',
  };
  const encoded =
    '%D0%9F%D1%80%D0%B8%D0%B2%D0%B5%D1%82%2C%20%D0%9E%D0%BB%D1%8C%D0%B3%D0%B0!%20Q%26A%20at%205pm%20%23rollick%0A2nd%20line%3A%20100%25%20sure%3F%20%F0%9F%8E%89%20a%2Bb%3Dc';

  it('encodes the text so that no character of it ends the link or starts a new field', () => {
    expect(encodeURIComponent(message.text)).toBe(encoded);
  });

  it('opens WhatsApp on the digits of her number with the whole text', () => {
    const channel = messageChannel({ contactMethod: 'WhatsApp', contactInfo: '+49 151 2345-6789' }, message);
    expect(channel).toEqual({
      kind: 'whatsapp',
      href: `https://wa.me/4915123456789?text=${encoded}`,
      message: message.text,
    });
    const url = new URL(channel?.href ?? '');
    expect([...url.searchParams.keys()]).toEqual(['text']);
    expect(url.searchParams.get('text')).toBe(message.text);
    expect(url.hash).toBe('');
  });

  it('opens her Telegram chat by username without the @, the text left to paste', () => {
    expect(messageChannel({ contactMethod: 'Telegram', contactInfo: ' @olga_petrova ' }, message)).toEqual({
      kind: 'telegram',
      href: 'https://t.me/olga_petrova',
      message: message.text,
    });
    expect(messageChannel({ contactMethod: 'Telegram', contactInfo: 'https://t.me/olga_petrova' }, message)?.href).toBe(
      'https://t.me/olga_petrova',
    );
  });

  it('writes an SMS to her number in international form with the text as its body', () => {
    expect(messageChannel({ contactMethod: 'SMS/Phone', contactInfo: '+55 11 98765-4321' }, message)).toEqual({
      kind: 'sms',
      href: `sms:+5511987654321?body=${encoded}`,
      message: message.text,
    });
    expect(messageChannel({ contactMethod: 'SMS/Phone', contactInfo: '(555) 123-4567' }, message)?.href).toBe(
      `sms:5551234567?body=${encoded}`,
    );
  });

  it('writes an e-mail with subject and body, both encoded', () => {
    const channel = messageChannel(
      { contactMethod: 'Email', contactInfo: 'olga.petrova+rollick@yandex.example' },
      message,
    );
    expect(channel).toEqual({
      kind: 'email',
      href: `mailto:olga.petrova%2Brollick@yandex.example?subject=Rollick%20%26%20you%20%231&body=${encoded}`,
      message: message.text,
    });
    expect(channel?.href.match(/[?&#]/g)).toEqual(['?', '&']);
  });

  it('makes no link for a contact that cannot carry one', () => {
    expect(messageChannel({ contactMethod: 'WhatsApp', contactInfo: 'ask my manager' }, message)).toBeNull();
    expect(messageChannel({ contactMethod: 'SMS/Phone', contactInfo: '+' }, message)).toBeNull();
    expect(messageChannel({ contactMethod: 'Telegram', contactInfo: '@olga petrova' }, message)).toBeNull();
    expect(messageChannel({ contactMethod: 'Email', contactInfo: 'olga at yandex' }, message)).toBeNull();
  });
});
