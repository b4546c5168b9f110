import { z } from 'zod';
import { COUNTRIES } from '../countries.ts';
import {
  AMOUNT_MAX,
  ENGLISH_LEVEL_MAX,
  LONG_TEXT_MAX_LENGTH,
  REVENUE_SHARE_MAX,
  REVENUE_SHARE_MIN,
} from '../limits.ts';
import { englishOf, englishTexts } from '../messages/english.ts';
import type { MessageKey } from '../messages/message.ts';
import { COMPENSATION_TYPES, CONTENT_TYPE_IDS, type ContentTypeId, YES_NO } from '../options.ts';
import {
  AGE_RULES,
  choice,
  numberInput,
  readWholeNumber,
  requiredText,
  type WholeNumberRules,
  wholeNumber,
} from './fields.ts';

/** Product §5 messages by key, written once for the form and the API (their English: messages/public.ts). */
export const STAGE2_KEYS = {
  country: 'stage2.country',
  age: 'stage2.age',
  englishLevel: 'stage2.englishLevel',
  compensationType: 'stage2.compensationType',
  yesNo: 'field.yesNo',
  agencyPitch: 'stage2.agencyPitch',
  // Bounds the spec leaves to the inputs (product §9), enforced here too.
  amount: 'stage2.amount',
  revenueShare: 'stage2.revenueShare',
  contentType: 'stage2.contentType',
} as const satisfies Record<string, MessageKey>;

/** Stage-2 uploads are files, checked where files are handled (architecture §5); their messages are keyed here. */
export const STAGE2_IMAGE_TOO_LARGE_KEY = 'stage2.imageTooLarge' satisfies MessageKey;
export const STAGE2_IMAGE_BAD_TYPE_KEY = 'stage2.imageBadType' satisfies MessageKey;
export const STAGE2_TOO_MANY_IMAGES_KEY = 'stage2.tooManyImages' satisfies MessageKey;
export const ACCEPTED_STAGE2_IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'] as const;

/** The same messages in English, as the API writes them. */
export const STAGE2_MESSAGES = /* @__PURE__ */ englishTexts(STAGE2_KEYS);
export const STAGE2_IMAGE_TOO_LARGE = /* @__PURE__ */ englishOf(STAGE2_IMAGE_TOO_LARGE_KEY);
export const STAGE2_IMAGE_BAD_TYPE = /* @__PURE__ */ englishOf(STAGE2_IMAGE_BAD_TYPE_KEY);
export const STAGE2_TOO_MANY_IMAGES = /* @__PURE__ */ englishOf(STAGE2_TOO_MANY_IMAGES_KEY);

const m = STAGE2_KEYS;

const amountRules: WholeNumberRules = { min: 0, max: AMOUNT_MAX, invalid: m.amount };
const revenueShareRules: WholeNumberRules = { min: REVENUE_SHARE_MIN, max: REVENUE_SHARE_MAX, invalid: m.revenueShare };

/** Repeated multipart fields arrive as a string or an array (architecture §4: several content types may be chosen). */
const contentTypes = z
  .union([z.string(), z.array(z.string())], { error: m.contentType })
  .nullish()
  .transform((value) => {
    const list = value === null || value === undefined ? [] : [value].flat();
    return [...new Set(list.map((item) => item.trim()).filter(Boolean))];
  })
  .pipe(z.array(z.enum(CONTENT_TYPE_IDS, { error: m.contentType })).max(CONTENT_TYPE_IDS.length, m.contentType));

/** The text fields of product §3 Stage 2 in spec order, which is also the order errors are reported in. */
export const stage2Fields = z.object({
  country: choice(COUNTRIES, m.country),
  age: wholeNumber({ ...AGE_RULES, required: m.age }),
  englishLevel: wholeNumber({ min: 0, max: ENGLISH_LEVEL_MAX, invalid: m.englishLevel, required: m.englishLevel }),
  compensationType: choice(COMPENSATION_TYPES, m.compensationType),
  // The three conditional numbers are checked with the branch they belong to (below): a stale value left
  // in a hidden input must not block the submission.
  monthlySalary: numberInput(m.amount),
  revenueShare: numberInput(m.revenueShare),
  isVerifiedOnlyFans: choice(YES_NO, m.yesNo),
  onlyFansRevenue: numberInput(m.amount),
  hasExistingContent: choice(YES_NO, m.yesNo),
  contentType: contentTypes,
  agencyPitch: requiredText(m.agencyPitch, { max: LONG_TEXT_MAX_LENGTH, isMultiline: true }),
});

/** The multipart parts POST /api/stage2/{creatorId} takes besides the answers (product §7). */
export const SCREENSHOT_FIELD = 'revenueScreenshotFile';
export const IMAGES_FIELD = 'imageFiles';
/** Repeated: keys of earlier images to keep on a re-submission (docs/decisions/009-stage2.md). */
export const KEEP_IMAGES_FIELD = 'keepImageKeys';
/** The key of the earlier revenue screenshot, to keep it when no new one is sent. */
export const KEEP_SCREENSHOT_FIELD = 'keepRevenueScreenshotKey';

/** Error order for the 400 body, with the file fields the server checks separately in their place. */
export const STAGE2_FIELD_ORDER = [
  'country',
  'age',
  'englishLevel',
  'compensationType',
  'monthlySalary',
  'revenueShare',
  'isVerifiedOnlyFans',
  'onlyFansRevenue',
  'revenueScreenshotFile',
  'hasExistingContent',
  'contentType',
  'agencyPitch',
  'imageFiles',
] as const satisfies readonly (keyof typeof stage2Fields.shape | 'revenueScreenshotFile' | 'imageFiles')[];

type Stage2Fields = z.output<typeof stage2Fields>;

export type Stage2 = Omit<
  Stage2Fields,
  'monthlySalary' | 'revenueShare' | 'onlyFansRevenue' | 'hasExistingContent' | 'contentType'
> & {
  monthlySalary: number | null;
  revenueShare: number | null;
  onlyFansRevenue: number | null;
  hasExistingContent: boolean;
  contentType: ContentTypeId[];
};

type BranchNumber = 'monthlySalary' | 'revenueShare' | 'onlyFansRevenue';

/** Which conditional number belongs to which answer (product §2 Stage 2 conditional fields). */
const branchNumbers = {
  monthlySalary: { rules: amountRules, applies: (data) => data.compensationType === 'flatMonthly' },
  revenueShare: { rules: revenueShareRules, applies: (data) => data.compensationType === 'revenueShare' },
  onlyFansRevenue: { rules: amountRules, applies: (data) => data.isVerifiedOnlyFans === 'yes' },
} as const satisfies Record<
  BranchNumber,
  { rules: WholeNumberRules; applies: (data: Record<string, unknown>) => boolean }
>;

function keptNumber(data: Stage2Fields, field: BranchNumber): number | null {
  const { rules, applies } = branchNumbers[field];
  if (!applies(data)) return null;
  const value = readWholeNumber(data[field], rules);
  return typeof value === 'number' ? value : null;
}

/**
 * The stored shape: hasExistingContent as a boolean (product §3), and the answers of branches not taken
 * cleared, so a re-submission also clears what an earlier one stored.
 */
export function normaliseStage2(data: Stage2Fields): Stage2 {
  const hasExistingContent = data.hasExistingContent === 'yes';
  return {
    ...data,
    monthlySalary: keptNumber(data, 'monthlySalary'),
    revenueShare: keptNumber(data, 'revenueShare'),
    onlyFansRevenue: keptNumber(data, 'onlyFansRevenue'),
    hasExistingContent,
    contentType: hasExistingContent ? data.contentType : [],
  };
}

/** Runs even when other fields failed (`when` below), so the form shows every message in one round. */
function checkConditionalNumbers(value: unknown, ctx: z.RefinementCtx) {
  const data = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  for (const [field, { rules, applies }] of Object.entries(branchNumbers)) {
    if (!applies(data)) continue;
    const result = readWholeNumber(data[field], rules);
    if (typeof result === 'string') ctx.addIssue({ code: 'custom', path: [field], message: result });
  }
}

export const stage2Schema = stage2Fields
  .superRefine(checkConditionalNumbers, { when: () => true })
  .transform(normaliseStage2);

export type Stage2Input = z.input<typeof stage2Schema>;
