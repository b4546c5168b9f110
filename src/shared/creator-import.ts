import type { applicationFields } from './schemas/application.ts';

/**
 * The columns a CSV import of creators reads (decision 061): the list export's columns that an application
 * sets, by the export's header. A header matches in any letter case and with or without spaces, so the API's
 * own field names (`contactMethod`) match too; any other column is ignored, and the report names it.
 */
type ApplicationField = keyof typeof applicationFields.shape;

export const IMPORT_COLUMNS = [
  { header: 'Name', field: 'name', isRequired: true },
  { header: 'Language', field: 'language', isRequired: true },
  { header: 'Gender', field: 'gender', isRequired: true },
  { header: 'Contact Method', field: 'contactMethod', isRequired: true },
  { header: 'Contact Info', field: 'contactInfo', isRequired: true },
  { header: 'Has OnlyFans', field: 'hasOnlyFans', isRequired: false },
  { header: 'Average Monthly Range', field: 'averageMonthlyRange', isRequired: false },
  { header: 'Age', field: 'age', isRequired: false },
  { header: 'Country', field: 'country', isRequired: false },
  { header: 'Agency Goals', field: 'agencyGoals', isRequired: true },
  { header: 'Instagram', field: 'instagram', isRequired: false },
  { header: 'TikTok', field: 'tiktok', isRequired: false },
  { header: 'Twitter', field: 'twitter', isRequired: false },
  { header: 'Additional Info', field: 'additionalInfo', isRequired: false },
  { header: 'Recruiter', field: 'recruiter', isRequired: true },
] as const satisfies readonly { header: string; field: ApplicationField; isRequired: boolean }[];

export type ImportField = (typeof IMPORT_COLUMNS)[number]['field'];

/** `Contact Method`, `contact method`, `contactMethod` and `CONTACT_METHOD` are one header. */
export const headerKey = (header: string) =>
  header
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** What to do with rows whose contact matches an existing creator or an earlier row: skipped unless asked. */
export const IMPORT_DUPLICATE_CHOICES = ['skip', 'import'] as const;
export type ImportDuplicateChoice = (typeof IMPORT_DUPLICATE_CHOICES)[number];

/** The multipart part that carries the file. */
export const IMPORT_FILE_FIELD = 'file';

/** The stored activity entry of an imported creator; the screens tell it in the admin's language. */
export const IMPORTED_ACTIVITY = 'Imported from a file';
