/** What the server writes over (src/server/plugins/static.ts): `on` or `off`, from CONSENT. */
export const CONSENT_PLACEHOLDER = '%CONSENT%';

/**
 * Whether step 5 asks her consent to the privacy notice (docs/decisions/048). The operator decides (CONSENT,
 * architecture §2); the server writes it into the page as it does the brand, so one build serves either. Asked
 * unless the page says `off`: a page not served by our server (tests, a static preview) asks.
 */
export function isConsentAsked(doc: Pick<Document, 'querySelector'> | undefined = globalThis.document): boolean {
  const content = doc?.querySelector<HTMLMetaElement>('meta[name="consent"]')?.content.trim();
  return content !== 'off';
}
