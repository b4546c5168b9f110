import type { TFunction } from '#client/lib/i18n.ts';
import { CONTACT_METHODS, type ContactMethod, isOneOf } from '#shared/options.ts';

/** A creation date in the interface language; a dash when it is missing or unreadable. */
export function formatListingDate(iso: string | null | undefined, language: string | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

const CONTACT_METHOD_KEYS = {
  Telegram: 'application.options.contactMethod.telegram',
  WhatsApp: 'application.options.contactMethod.whatsapp',
  'SMS/Phone': 'application.options.contactMethod.phone',
  Email: 'application.options.contactMethod.email',
} as const satisfies Record<ContactMethod, string>;

/** The stored contact method (English, product §3) in the interface language; an unknown value as stored. */
export function contactMethodText(t: TFunction, value: string): string {
  return isOneOf(CONTACT_METHODS, value) ? t(CONTACT_METHOD_KEYS[value]) : value;
}
