/**
 * The application form's values, steps and ids. Kept free of zod and react-hook-form so the landing page's
 * first load (the placeholder, the draft reader) can use it without pulling in the form's libraries.
 */

/**
 * Where an application in progress is kept (lib/application-draft.ts). Here, beside the section's ids, so
 * the landing page can tell a returning applicant without loading the draft code.
 */
export const DRAFT_STORAGE_KEY = 'rollick.application-draft';

export interface ApplicationFormValues {
  name: string;
  language: string;
  gender: string;
  contactMethod: string;
  contactInfo: string;
  hasOnlyFans: string;
  averageMonthlyRange: string;
  age: string;
  agencyGoals: string;
  instagram: string;
  tiktok: string;
  twitter: string;
  additionalInfo: string;
  recruiter: string;
  confirmationPhoto: File | null;
  /** Her agreement to the privacy notice (docs/decisions/048), ticked at submit time and never kept in the draft. */
  consent: boolean;
}

/** The answers that are plain text: everything except the photo and the consent box. */
export type ApplicationTextField = Exclude<keyof ApplicationFormValues, 'confirmationPhoto' | 'consent'>;
export type ApplicationField = keyof ApplicationFormValues;

export const EMPTY_APPLICATION: ApplicationFormValues = {
  name: '',
  language: '',
  gender: '',
  contactMethod: '',
  contactInfo: '',
  hasOnlyFans: '',
  averageMonthlyRange: '',
  age: '',
  agencyGoals: '',
  instagram: '',
  tiktok: '',
  twitter: '',
  additionalInfo: '',
  recruiter: '',
  confirmationPhoto: null,
  consent: false,
};

/** Product §2: the five steps and the fields each one asks, in screen order. */
export const STEP_FIELDS = [
  ['name', 'language', 'gender'],
  ['contactMethod', 'contactInfo'],
  ['hasOnlyFans', 'averageMonthlyRange', 'age', 'agencyGoals'],
  ['instagram', 'tiktok', 'twitter', 'additionalInfo'],
  ['recruiter', 'confirmationPhoto', 'consent'],
] as const satisfies readonly (readonly ApplicationField[])[];

export const TOTAL_STEPS = STEP_FIELDS.length;

export const TEXT_FIELDS = STEP_FIELDS.flat().filter(
  (field): field is ApplicationTextField => field !== 'confirmationPhoto' && field !== 'consent',
);

export function isApplicationField(value: string): value is ApplicationField {
  return (STEP_FIELDS.flat() as readonly string[]).includes(value);
}

/** The 1-based step that asks a field. */
export function stepOfField(field: ApplicationField): number {
  return STEP_FIELDS.findIndex((fields) => (fields as readonly string[]).includes(field)) + 1;
}

/** The first field in screen order among those given, or undefined. */
export function firstFieldOf(fields: Iterable<string>): ApplicationField | undefined {
  const given = new Set(fields);
  return STEP_FIELDS.flat().find((field) => given.has(field));
}

/** The element id of a field's control: labels, error messages and "focus the first bad field" use it. */
export const fieldId = (field: ApplicationField) => `application-${field}`;

/** The page anchor both Apply Now buttons scroll to (product §1). */
export const APPLY_SECTION_ID = 'apply';
export const APPLY_HEADING_ID = 'apply-title';
