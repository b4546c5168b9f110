import { BRAND_NAME } from '#client/lib/brand.ts';
import type { LanguageCode } from '#shared/languages.ts';
import {
  type MessagePurpose,
  renderMessage,
  SAMPLE_VALUES,
  type TemplateText,
  type TemplateVariable,
} from '#shared/message-templates.ts';
import type { MessageTemplate } from '#shared/replies/message-templates.ts';

/** One template of the list the server sends (every purpose in every language, so it is always there). */
export function templateIn(
  templates: readonly MessageTemplate[],
  purpose: MessagePurpose,
  language: LanguageCode,
): MessageTemplate | undefined {
  return templates.find((template) => template.purpose === purpose && template.language === language);
}

/** A text as the sample creator reads it, with this server's brand (BRAND_NAME) rather than the sample's. */
export function sampleOf(text: TemplateText): TemplateText {
  return renderMessage(text, { ...SAMPLE_VALUES, brand: BRAND_NAME });
}

/** A language named in the admin's own language ("German" on an English screen, "немецкий" on a Russian one). */
export function languageNameIn(adminLanguage: string, code: string): string {
  try {
    return new Intl.DisplayNames(adminLanguage, { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** How a variable is written in a template. */
export const variableToken = (variable: TemplateVariable) => `{${variable}}`;
