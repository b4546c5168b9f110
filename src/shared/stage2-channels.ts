import { FALLBACK_LANGUAGE, isLanguageCode, LANGUAGE_CODES, type LanguageCode } from './languages.ts';
import { DEFAULT_TEMPLATES } from './message-templates.ts';
import type { Language as SpokenLanguage } from './options.ts';

/**
 * The stage-2 link as staff pass it on by hand, through the channel the creator chose on her application
 * (product §3 contact methods). Pure, so every method and language is tested without a browser.
 */

interface Stage2MessageTexts {
  subject: string;
  /** `{name}`, `{brand}` and `{link}` are filled in. */
  text: string;
}

/**
 * The message she gets, in her own language: the stage-2 invitation's shipped template (message-templates.ts),
 * with `{link}` for its `{stage2Link}`. Owners may reword it; the link dialog then renders theirs.
 */
export const STAGE2_MESSAGES = Object.fromEntries(
  LANGUAGE_CODES.map((code) => {
    const { subject, body } = DEFAULT_TEMPLATES.stage2_invitation[code];
    return [code, { subject, text: body.replaceAll('{stage2Link}', '{link}') }];
  }),
) as Record<LanguageCode, Stage2MessageTexts>;

/** The spoken languages of the form (options.ts) that are also interface languages. */
const SPOKEN_TO_CODE: Partial<Record<SpokenLanguage, LanguageCode>> = {
  English: 'en',
  Spanish: 'es',
  Portuguese: 'pt',
  German: 'de',
  Russian: 'ru',
  French: 'fr',
};

/**
 * The language to write to her in: the one she applied in (stored since decision 024), else the language she
 * said she speaks when it is one of ours, else English.
 */
export function creatorLanguage(creator: { locale?: string | null; language?: string | null }): LanguageCode {
  if (isLanguageCode(creator.locale)) return creator.locale;
  return SPOKEN_TO_CODE[creator.language as SpokenLanguage] ?? FALLBACK_LANGUAGE;
}

export interface Stage2MessageInput {
  name: string;
  /** The full link (site origin + path). */
  url: string;
  brand: string;
  language: LanguageCode;
}

const fill = (template: string, { name, url, brand }: Stage2MessageInput) =>
  template.replaceAll('{name}', name).replaceAll('{brand}', brand).replaceAll('{link}', url);

export function stage2Message(input: Stage2MessageInput): { subject: string; text: string } {
  const texts = STAGE2_MESSAGES[input.language];
  return { subject: fill(texts.subject, input), text: fill(texts.text, input) };
}

/** How the link leaves: a chat or SMS opened with the message, Telegram (message copied first), or e-mail. */
export type Stage2ChannelKind = 'whatsapp' | 'telegram' | 'sms' | 'email';

export interface Stage2Channel {
  kind: Stage2ChannelKind;
  href: string;
  /** The message, for the channels whose address cannot carry it (Telegram): staff paste it. */
  message: string;
}

/** "+49 151 2345-6789" → "4915123456789": wa.me takes the number in international form, digits only. */
export const phoneDigits = (info: string) => info.replace(/\D/g, '');

/** "+49 151 2345-6789" → "+4915123456789": what an sms: address takes. */
export function phoneNumber(info: string): string {
  const digits = phoneDigits(info);
  return info.trim().startsWith('+') ? `+${digits}` : digits;
}

/** "@Anna_K" or "t.me/Anna_K" → "Anna_K". */
export const telegramUsername = (info: string) =>
  info
    .trim()
    .replace(/^(https?:\/\/)?(t\.me|telegram\.me)\//i, '')
    .replace(/^@/, '');

/**
 * The one-tap way to send her the link through the method she chose, or null when her contact cannot make
 * one (an empty number, say). E-mail here is `mailto:`; the server's own e-mail is offered beside it when it
 * can send mail.
 */
export function stage2Channel(
  creator: { contactMethod: string; contactInfo: string },
  input: Stage2MessageInput,
): Stage2Channel | null {
  return messageChannel(creator, stage2Message(input));
}

/**
 * Any message (a template rendered for her, decision 060) as the one-tap link of the method she chose: the
 * number in digits for WhatsApp, the username without `@` for Telegram, the text URL-encoded.
 */
export function messageChannel(
  creator: { contactMethod: string; contactInfo: string },
  { subject, text }: { subject: string; text: string },
): Stage2Channel | null {
  const body = encodeURIComponent(text);
  const info = creator.contactInfo.trim();
  switch (creator.contactMethod) {
    case 'WhatsApp': {
      const digits = phoneDigits(info);
      return digits ? { kind: 'whatsapp', href: `https://wa.me/${digits}?text=${body}`, message: text } : null;
    }
    case 'Telegram': {
      const username = telegramUsername(info);
      return /^\w+$/.test(username) ? { kind: 'telegram', href: `https://t.me/${username}`, message: text } : null;
    }
    case 'SMS/Phone': {
      const number = phoneNumber(info);
      return phoneDigits(number) ? { kind: 'sms', href: `sms:${number}?body=${body}`, message: text } : null;
    }
    case 'Email': {
      if (!info.includes('@')) return null;
      const address = encodeURIComponent(info).replace('%40', '@');
      return {
        kind: 'email',
        href: `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${body}`,
        message: text,
      };
    }
    default:
      return null;
  }
}
