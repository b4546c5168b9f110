/** Used when the page was not served by our server (tests, a static preview) and the placeholder is still there. */
export const DEFAULT_BRAND_NAME = 'Rollick';

/**
 * The brand is configured on the server (BRAND_NAME, DESIGN §2) and written into index.html at serve time,
 * so one build serves any brand without a rebuild.
 */
export function readBrandName(doc: Pick<Document, 'querySelector'> | undefined = globalThis.document): string {
  const content = doc?.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content.trim();
  if (!content || content.includes('%')) return DEFAULT_BRAND_NAME;
  return content;
}

export const BRAND_NAME = readBrandName();
