import type { TFunction } from '#client/lib/i18n.ts';
import { CONTACT_METHODS, type ContactMethod, isOneOf } from '#shared/options.ts';

const CONTACT_METHOD_IDS = {
  Telegram: 'telegram',
  WhatsApp: 'whatsapp',
  'SMS/Phone': 'phone',
  Email: 'email',
} as const satisfies Record<ContactMethod, string>;

/** A stored contact method in the interface language; an unknown value is shown as stored. */
export function contactMethodText(t: TFunction, value: string): string {
  return isOneOf(CONTACT_METHODS, value) ? t(`application.options.contactMethod.${CONTACT_METHOD_IDS[value]}`) : value;
}

/** Product §2: the created date, or a dash when there is none (or it cannot be read). */
export function formatDate(iso: string | null | undefined, locale: string | undefined): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return '-';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}
