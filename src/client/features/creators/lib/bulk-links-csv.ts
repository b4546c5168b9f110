import { csvRow, UTF8_BOM } from '#shared/csv.ts';
import type { BulkStage2Link } from '#shared/replies/creators.ts';

export interface BulkLinksCsvTexts {
  /** The column names, in the admin's language. */
  headers: { name: string; creatorId: string; contact: string; link: string; expires: string };
  /** The contact method's name, as the screens write it. */
  contactMethod: (method: string) => string;
  /** The expiry, as the admin reads dates. */
  date: (iso: string) => string;
  /** The site origin the links are opened on. */
  origin: string;
}

/**
 * The links of a bulk Send Stage 2 as a spreadsheet: name, Creator ID, contact, link and expiry, one creator a
 * row. Made in the browser from the reply, the only place the links exist. Cells are escaped as the server's
 * exports are, by the one rule of `#shared/csv.ts`: a name like `=HYPERLINK(…)` or `x;=cmd` stays text in
 * every locale's spreadsheet.
 */
export function bulkLinksCsv(links: readonly BulkStage2Link[], texts: BulkLinksCsvTexts): string {
  const { headers } = texts;
  let csv = UTF8_BOM + csvRow([headers.name, headers.creatorId, headers.contact, headers.link, headers.expires]);
  for (const link of links) {
    const contact = link.contactMethod ? `${texts.contactMethod(link.contactMethod)}: ${link.contactInfo ?? ''}` : '';
    csv += csvRow([
      link.name ?? '',
      link.creatorId,
      contact,
      `${texts.origin}${link.link}`,
      texts.date(link.expiresAt),
    ]);
  }
  return csv;
}
