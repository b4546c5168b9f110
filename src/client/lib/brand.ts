/** Used when the page was not served by our server (tests, a static preview) and the placeholder is still there. */
export const DEFAULT_BRAND_NAME = 'Rollick';

/**
 * What the server writes the brand over (src/server/plugins/static.ts). Pages rendered ahead of time carry it
 * as text, so one build serves any brand.
 */
export const BRAND_PLACEHOLDER = '%BRAND_NAME%';
/** What the server writes the current year over, for the same reason: a page rendered last year stays right. */
export const YEAR_PLACEHOLDER = '%YEAR%';

const isServerRender = typeof document === 'undefined';

/**
 * The brand is configured on the server (BRAND_NAME, architecture §2) and written into the page at serve time,
 * so one build serves any brand without a rebuild.
 */
export function readBrandName(doc: Pick<Document, 'querySelector'> | undefined = globalThis.document): string {
  const content = doc?.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content.trim();
  if (!content || content.includes('%')) return DEFAULT_BRAND_NAME;
  return content;
}

export const BRAND_NAME = isServerRender ? BRAND_PLACEHOLDER : readBrandName();

/** The year for the copyright line: the placeholder when rendered ahead of time, filled in when served. */
export function currentYear(): string {
  return isServerRender ? YEAR_PLACEHOLDER : String(new Date().getFullYear());
}
