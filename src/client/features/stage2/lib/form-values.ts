import type { Stage2Form, Stage2StoredUpload } from '#shared/replies/stage2.ts';

/** The form's values: text as the inputs hold it, new files, and the earlier files the creator keeps. */
export interface Stage2FormValues {
  country: string;
  age: string;
  englishLevel: string;
  compensationType: string;
  monthlySalary: string;
  revenueShare: string;
  isVerifiedOnlyFans: string;
  onlyFansRevenue: string;
  revenueScreenshotFile: File | null;
  keptRevenueScreenshot: Stage2StoredUpload | null;
  hasExistingContent: string;
  contentType: string[];
  agencyPitch: string;
  imageFiles: File[];
  keptImages: Stage2StoredUpload[];
}

export type Stage2Field = keyof Stage2FormValues;

/** Product §2: the four steps and the answers each one asks, in screen order. */
export const STEP_FIELDS = [
  ['country', 'age', 'englishLevel'],
  ['compensationType', 'monthlySalary', 'revenueShare'],
  ['isVerifiedOnlyFans', 'onlyFansRevenue', 'revenueScreenshotFile', 'hasExistingContent', 'contentType'],
  ['agencyPitch', 'imageFiles'],
] as const satisfies readonly (readonly Stage2Field[])[];

export const STEP_KEYS = ['basic', 'compensation', 'content', 'pitch'] as const;
export const TOTAL_STEPS = STEP_FIELDS.length;

const ORDERED_FIELDS: readonly Stage2Field[] = STEP_FIELDS.flat();

export function isStage2Field(value: string): value is Stage2Field {
  return (ORDERED_FIELDS as readonly string[]).includes(value);
}

export function stepOfField(field: Stage2Field): number {
  return STEP_FIELDS.findIndex((fields) => (fields as readonly string[]).includes(field)) + 1;
}

/** The first field in screen order among those given. */
export function firstFieldOf(fields: Iterable<string>): Stage2Field | undefined {
  const given = new Set(fields);
  return ORDERED_FIELDS.find((field) => given.has(field));
}

export const fieldId = (field: Stage2Field) => `stage2-${field}`;

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/**
 * The starting values: the earlier answers when there are some (decision 009: previous answers prefill the form),
 * otherwise the spec's defaults (English level 0, both yes/no questions "no") and the age from stage 1.
 */
export function initialValues({ creator, existingData: earlier }: Stage2Form): Stage2FormValues {
  return {
    country: earlier?.country ?? '',
    age: text(earlier?.age ?? creator.age),
    englishLevel: text(earlier?.englishLevel ?? 0),
    compensationType: earlier?.compensationType ?? '',
    monthlySalary: text(earlier?.monthlySalary),
    revenueShare: text(earlier?.revenueShare),
    isVerifiedOnlyFans: earlier?.isVerifiedOnlyFans ?? 'no',
    onlyFansRevenue: text(earlier?.onlyFansRevenue),
    revenueScreenshotFile: null,
    keptRevenueScreenshot: earlier?.revenueScreenshot ?? null,
    hasExistingContent: earlier?.hasExistingContent ? 'yes' : 'no',
    contentType: earlier?.contentType ?? [],
    agencyPitch: earlier?.agencyPitch ?? '',
    imageFiles: [],
    keptImages: earlier?.images ?? [],
  };
}
