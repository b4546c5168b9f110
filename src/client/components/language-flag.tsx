import type { ReactNode } from 'react';
import type { LanguageCode } from '#shared/languages.ts';

/**
 * Each language's flag as a small inline SVG (3:2), drawn here rather than as an emoji: systems without an
 * emoji font (many Windows and Linux desktops) show emoji flags as empty boxes or two letters.
 */
const FLAGS: Record<LanguageCode, ReactNode> = {
  en: (
    <>
      <rect width="30" height="20" fill="#012169" />
      <path d="M0 0 30 20M30 0 0 20" stroke="#fff" strokeWidth="4" />
      <path d="M0 0 30 20M30 0 0 20" stroke="#C8102E" strokeWidth="1.6" />
      <path d="M15 0v20M0 10h30" stroke="#fff" strokeWidth="6" />
      <path d="M15 0v20M0 10h30" stroke="#C8102E" strokeWidth="3.6" />
    </>
  ),
  es: (
    <>
      <rect width="30" height="20" fill="#AA151B" />
      <rect y="5" width="30" height="10" fill="#F1BF00" />
    </>
  ),
  pt: (
    <>
      <rect width="30" height="20" fill="#009C3B" />
      <path d="M15 2.5 27 10 15 17.5 3 10z" fill="#FFDF00" />
      <circle cx="15" cy="10" r="4.2" fill="#002776" />
    </>
  ),
  de: (
    <>
      <rect width="30" height="20" fill="#FFCE00" />
      <rect width="30" height="13.34" fill="#DD0000" />
      <rect width="30" height="6.67" fill="#000" />
    </>
  ),
  ru: (
    <>
      <rect width="30" height="20" fill="#D52B1E" />
      <rect width="30" height="13.34" fill="#0039A6" />
      <rect width="30" height="6.67" fill="#fff" />
    </>
  ),
  fr: (
    <>
      <rect width="30" height="20" fill="#EF4135" />
      <rect width="20" height="20" fill="#fff" />
      <rect width="10" height="20" fill="#0055A4" />
    </>
  ),
};

/** Decorative: the language's name always stands beside it. */
export function LanguageFlag({ code }: { code: LanguageCode }) {
  return (
    <svg
      viewBox="0 0 30 20"
      aria-hidden="true"
      focusable="false"
      className="h-3 w-[1.125rem] shrink-0 overflow-hidden rounded-[2px] shadow-[0_0_0_1px_rgb(0_0_0/0.12)]"
    >
      {FLAGS[code]}
    </svg>
  );
}
