import type { ContactMethod } from '#shared/options.ts';

/**
 * The contact as duplicate applicants are matched (docs/decisions/025): e-mail in lower case, a Telegram
 * handle without its `@` in lower case, a phone number as digits only with its country prefix kept (an
 * international `00` counts as the `+` it stands for). WhatsApp and SMS numbers share one kind, so the same
 * number matches whichever of the two was chosen. The migration 0009 writes the same keys in SQL.
 */
export function contactKeyOf(method: string, info: string): string {
  const trimmed = info.trim();
  switch (method as ContactMethod) {
    case 'Email':
      return `email:${trimmed.toLowerCase()}`;
    case 'Telegram':
      return `telegram:${trimmed.replace(/^@+/, '').toLowerCase()}`;
    default:
      return `phone:${trimmed.replace(/\D/g, '').replace(/^00/, '')}`;
  }
}
