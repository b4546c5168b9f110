import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { FALLBACK_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '#shared/languages.ts';
import { NOTICE_WORDS } from './notice-words.ts';

/**
 * The privacy notice applicants agree to (docs/decisions/048): the operator's own, from `privacy.{language}.md`
 * in PRIVACY_DIR (else DATA_DIR), or the default one in six languages. Read once at start: a changed file takes
 * effect on restart, and applications name the version they were made under.
 */
export interface PrivacyNotice {
  /** The first 12 hex digits of the SHA-256 of the notice in every language: any change makes a new version. */
  version: string;
  /** The operator's files (true) or the default text (false). */
  isCustom: boolean;
  /** Per language asked: the text and the language it is written in (a missing translation falls back to English). */
  texts: Record<LanguageCode, { markdown: string; language: LanguageCode }>;
}

/** Far more than any notice; a bigger file is a mistake (a wrong folder, a binary), refused at start. */
const MAX_NOTICE_BYTES = 200_000;

export const noticeFileName = (code: LanguageCode) => `privacy.${code}.md`;

export class PrivacyNoticeError extends Error {}

export interface NoticeSettings {
  dataDir: string;
  privacyDir: string | undefined;
  brandName: string;
  retentionDays: number | undefined;
  isConsentAsked: boolean;
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** The default notice in one language, as Markdown with the brand and retention filled in. */
export function defaultNotice(code: LanguageCode, settings: Omit<NoticeSettings, 'dataDir' | 'privacyDir'>): string {
  const w = NOTICE_WORDS[code];
  const values = { brand: settings.brandName, days: String(settings.retentionDays ?? '') };
  const howLong = settings.retentionDays === undefined ? w.keptUntilErased : w.keptForDays;
  const lines = [
    `# ${w.title}`,
    w.intro,
    `## ${w.keptTitle}`,
    w.kept.map((item) => `- ${item}`).join('\n'),
    `## ${w.whyTitle}`,
    w.why,
    ...(settings.isConsentAsked ? [w.consentBasis] : []),
    `## ${w.whoTitle}`,
    w.who,
    `## ${w.howLongTitle}`,
    howLong,
    `## ${w.rightsTitle}`,
    w.rights.map((item) => `- ${item}`).join('\n'),
    w.ownPage,
    `## ${w.contactTitle}`,
    w.contact,
  ];
  return fill(lines.join('\n\n'), values);
}

function readNoticeFile(file: string): string {
  if (statSync(file).size > MAX_NOTICE_BYTES) {
    throw new PrivacyNoticeError(`${file} is larger than ${MAX_NOTICE_BYTES} bytes`);
  }
  const text = readFileSync(file, 'utf8');
  if (text.trim() === '') throw new PrivacyNoticeError(`${file} is empty`);
  return text;
}

function versionOf(texts: PrivacyNotice['texts']): string {
  const hash = createHash('sha256');
  for (const code of LANGUAGE_CODES) hash.update(`${code}\n${texts[code].markdown}\n`);
  return hash.digest('hex').slice(0, 12);
}

/**
 * The notice in force. With any `privacy.*.md` present, the operator's texts are the notice: languages without
 * a file show the English one, which must then exist (refused at start otherwise, rather than a notice half
 * the operator's and half the default).
 */
export function loadPrivacyNotice(settings: NoticeSettings): PrivacyNotice {
  const dir = settings.privacyDir ?? settings.dataDir;
  const files = Object.fromEntries(
    LANGUAGE_CODES.map((code) => {
      const file = path.join(dir, noticeFileName(code));
      return [code, existsSync(file) ? readNoticeFile(file) : null];
    }),
  ) as Record<LanguageCode, string | null>;
  const isCustom = Object.values(files).some((text) => text !== null);
  const fallback = files[FALLBACK_LANGUAGE];
  if (isCustom && fallback === null) {
    throw new PrivacyNoticeError(
      `${path.join(dir, noticeFileName(FALLBACK_LANGUAGE))} is missing: languages without their own file show it`,
    );
  }
  const texts = Object.fromEntries(
    LANGUAGE_CODES.map((code) => {
      if (!isCustom) return [code, { markdown: defaultNotice(code, settings), language: code }];
      const own = files[code];
      return [code, own !== null ? { markdown: own, language: code } : { markdown: fallback, language: 'en' }];
    }),
  ) as PrivacyNotice['texts'];
  return { version: versionOf(texts), isCustom, texts };
}
