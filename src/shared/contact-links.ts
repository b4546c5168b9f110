import type { ContactMethod } from './options.ts';

/**
 * Where a creator's contact opens: her chosen channel (e-mail, a call, WhatsApp, Telegram) and her social
 * profiles, so staff tap through instead of copying. Null where the stored text cannot make a safe address;
 * the text is then shown as text. Only fixed schemes and hosts come out, whatever the applicant typed.
 */

/** The digits of a phone number as typed ("+49 151 2345-678", "(0151) 23 45"), without a leading 00. */
function phoneDigits(value: string): string | null {
  const digits = value.replace(/\D/g, '').replace(/^00/, '');
  return digits.length >= 6 && digits.length <= 15 && /^[\d\s()+.-]+$/.test(value.trim()) ? digits : null;
}

/** A handle as typed ("@name", "name", or a profile address on `host`), or null if it is not one. */
function handleOf(value: string, host: RegExp): string | null {
  const trimmed = value.trim();
  const fromUrl = trimmed.match(new RegExp(`^(?:https?://)?(?:www\\.)?${host.source}/@?([A-Za-z0-9._]+)/?$`, 'i'));
  const handle = fromUrl?.[1] ?? trimmed.replace(/^@/, '');
  return /^[A-Za-z0-9._]{1,64}$/.test(handle) ? handle : null;
}

const EMAIL = /^[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:]+$/;

export function contactHref(method: ContactMethod | string, info: string): string | null {
  const value = info.trim();
  switch (method) {
    case 'Email':
      return EMAIL.test(value) ? `mailto:${value}` : null;
    case 'SMS/Phone': {
      const digits = phoneDigits(value);
      return digits ? `tel:+${digits}` : null;
    }
    case 'WhatsApp': {
      const digits = phoneDigits(value);
      return digits ? `https://wa.me/${digits}` : null;
    }
    case 'Telegram': {
      const digits = phoneDigits(value);
      if (digits) return `https://t.me/+${digits}`;
      const handle = handleOf(value, /t\.me/);
      return handle ? `https://t.me/${handle}` : null;
    }
    default:
      return null;
  }
}

export type SocialNetwork = 'instagram' | 'tiktok' | 'twitter';

const PROFILES = {
  instagram: { host: /instagram\.com/, url: (handle: string) => `https://www.instagram.com/${handle}` },
  tiktok: { host: /tiktok\.com/, url: (handle: string) => `https://www.tiktok.com/@${handle}` },
  twitter: { host: /(?:twitter|x)\.com/, url: (handle: string) => `https://x.com/${handle}` },
} as const satisfies Record<SocialNetwork, unknown>;

export function socialHref(network: SocialNetwork, value: string | null | undefined): string | null {
  if (!value?.trim()) return null;
  const profile = PROFILES[network];
  const handle = handleOf(value, profile.host);
  return handle ? profile.url(handle) : null;
}
