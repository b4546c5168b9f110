import { z } from 'zod';
import {
  ADDITIONAL_INFO_MAX_LENGTH,
  CONTACT_INFO_MAX_LENGTH,
  HANDLE_MAX_LENGTH,
  LONG_TEXT_MAX_LENGTH,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  SHORT_TEXT_MAX_LENGTH,
  TELEGRAM_USERNAME_MAX_LENGTH,
  TELEGRAM_USERNAME_MIN_LENGTH,
} from '../limits.ts';
import { englishOf, englishTexts } from '../messages/english.ts';
import type { MessageKey } from '../messages/message.ts';
import {
  CONTACT_METHODS,
  type ContactMethod,
  GENDERS,
  isOneOf,
  LANGUAGES,
  MONTHLY_RANGES,
  YES_NO,
} from '../options.ts';
import {
  AGE_RULES,
  choice,
  numberInput,
  optionalChoice,
  optionalText,
  readWholeNumber,
  requiredText,
} from './fields.ts';

/** Product §5 messages by key, written once for the form and the API (their English: messages/public.ts). */
export const APPLICATION_KEYS = {
  name: 'field.name',
  language: 'application.language',
  gender: 'application.gender',
  contactMethod: 'application.contactMethod',
  contactInfo: 'application.contactInfo',
  agencyGoals: 'application.agencyGoals',
  recruiter: 'application.recruiter',
  // architecture §4 product decisions (the spec leaves these open).
  email: 'application.email',
  telegram: 'application.telegram',
  phone: 'application.phone',
  yesNo: 'field.yesNo',
  monthlyRange: 'application.monthlyRange',
  // docs/decisions/048: her consent to the privacy notice, asked on step 5 unless the operator turned it off.
  consent: 'application.consent',
} as const satisfies Record<string, MessageKey>;

/** The verification photo is a file, checked where files are handled; its messages are keyed here (product §5). */
export const PHOTO_TOO_LARGE_KEY = 'application.photoTooLarge' satisfies MessageKey;
export const PHOTO_BAD_TYPE_KEY = 'application.photoBadType' satisfies MessageKey;
export const ACCEPTED_PHOTO_TYPES = ['image/jpeg', 'image/jpg', 'image/png'] as const;

/** The same messages in English, as the API writes them. */
export const APPLICATION_MESSAGES = /* @__PURE__ */ englishTexts(APPLICATION_KEYS);
export const PHOTO_TOO_LARGE = /* @__PURE__ */ englishOf(PHOTO_TOO_LARGE_KEY);
export const PHOTO_BAD_TYPE = /* @__PURE__ */ englishOf(PHOTO_BAD_TYPE_KEY);

const m = APPLICATION_KEYS;

/** The text fields of product §3 in spec order, which is also the order errors are reported in. */
export const applicationFields = z.object({
  name: requiredText(m.name, { min: NAME_MIN_LENGTH, max: NAME_MAX_LENGTH, isName: true }),
  language: choice(LANGUAGES, m.language),
  gender: choice(GENDERS, m.gender),
  contactMethod: choice(CONTACT_METHODS, m.contactMethod),
  contactInfo: requiredText(m.contactInfo, { max: CONTACT_INFO_MAX_LENGTH }),
  hasOnlyFans: optionalChoice(YES_NO, m.yesNo),
  averageMonthlyRange: optionalChoice(MONTHLY_RANGES, m.monthlyRange),
  // Checked with the step-3 branch it belongs to (below): a stale value left in the hidden input after
  // switching to "yes" must not block the submission.
  age: numberInput(AGE_RULES.invalid),
  // Not asked by the form and free text: validating it against the country list would put that list on
  // the landing page (architecture §6).
  country: optionalText(SHORT_TEXT_MAX_LENGTH),
  agencyGoals: requiredText(m.agencyGoals, { max: LONG_TEXT_MAX_LENGTH, isMultiline: true }),
  instagram: optionalText(HANDLE_MAX_LENGTH),
  tiktok: optionalText(HANDLE_MAX_LENGTH),
  twitter: optionalText(HANDLE_MAX_LENGTH),
  additionalInfo: optionalText(ADDITIONAL_INFO_MAX_LENGTH, { isMultiline: true }),
  recruiter: requiredText(m.recruiter, { max: SHORT_TEXT_MAX_LENGTH, isName: true }),
});

/** The multipart parts POST /api/submissions takes besides the text fields (product §7). */
export const PHOTO_FIELD = 'confirmationPhoto';
/** Her consent to the privacy notice (docs/decisions/048): the part is `consent=yes`; the server notes when and which notice. */
export const CONSENT_FIELD = 'consent';
export const CONSENT_GIVEN = 'yes';
/** The hidden bot trap: people never see or fill it, bots do (the client renders it visually hidden). */
export const HONEYPOT_FIELD = 'website';
/** The interface language the form was filled in (an ISO code); the applicant's e-mails are written in it. */
export const LOCALE_FIELD = 'locale';

/** Error order for the 400 body: the text fields, the photo the server checks separately, then the consent below it. */
export const APPLICATION_FIELD_ORDER = [...Object.keys(applicationFields.shape), PHOTO_FIELD, CONSENT_FIELD] as const;

/**
 * `yes` (the API) or a ticked box (the form) is consent, stored as `yes`; anything else is none (null). Where
 * consent is asked, none gets the consent message; where the operator turned it off, the answer is ignored.
 */
const consentAnswer = z
  .unknown()
  .optional()
  .transform((value): typeof CONSENT_GIVEN | null =>
    value === true || value === CONSENT_GIVEN ? CONSENT_GIVEN : null,
  );
const requiredConsent = consentAnswer.refine((value) => value !== null, { error: m.consent });

const emailFormat = z.email();
const telegramFormat = new RegExp(`^@?[A-Za-z0-9_]{${TELEGRAM_USERNAME_MIN_LENGTH},${TELEGRAM_USERNAME_MAX_LENGTH}}$`);
const phoneFormat = new RegExp(`^\\+?\\d{${PHONE_MIN_DIGITS},${PHONE_MAX_DIGITS}}$`);
/** People write numbers as "+1 (555) 123-4567"; only the digits and a leading + matter. */
const phoneSeparators = /[\s().-]/g;

/**
 * Checks contact info against its method (architecture §4) and returns it in the stored form
 * (`@username`, `+15551234567`), or null when it does not fit.
 */
export function normaliseContactInfo(method: ContactMethod, info: string): string | null {
  switch (method) {
    case 'Email':
      return emailFormat.safeParse(info).success ? info : null;
    case 'Telegram':
      return telegramFormat.test(info) ? `@${info.replace(/^@/, '')}` : null;
    case 'WhatsApp':
    case 'SMS/Phone': {
      const compact = info.replace(phoneSeparators, '');
      return phoneFormat.test(compact) ? compact : null;
    }
  }
}

const contactMessages = {
  Email: m.email,
  Telegram: m.telegram,
  WhatsApp: m.phone,
  'SMS/Phone': m.phone,
} as const satisfies Record<ContactMethod, MessageKey>;

type ApplicationFields = z.output<typeof applicationFields> & { consent: typeof CONSENT_GIVEN | null };

export type Application = Omit<ApplicationFields, 'age'> & { age: number | null };

/**
 * The stored shape: contact info normalised, and the answer that does not belong to the chosen branch
 * of step 3 dropped (product §3: the range only with an account, the age only without one).
 */
export function normaliseApplication(data: ApplicationFields): Application {
  const age = data.hasOnlyFans === 'no' ? readWholeNumber(data.age, AGE_RULES) : null;
  return {
    ...data,
    contactInfo: normaliseContactInfo(data.contactMethod, data.contactInfo) ?? data.contactInfo,
    averageMonthlyRange: data.hasOnlyFans === 'yes' ? data.averageMonthlyRange : null,
    age: typeof age === 'number' ? age : null,
  };
}

/**
 * Cross-field rules. They see the object even when other fields failed (`when` below), so the form
 * shows every message in one round; hence the defensive reads.
 */
function checkCrossFieldRules(value: unknown, ctx: z.RefinementCtx) {
  const data = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const { contactMethod, contactInfo } = data;
  if (
    isOneOf(CONTACT_METHODS, contactMethod) &&
    typeof contactInfo === 'string' &&
    contactInfo !== '' &&
    contactInfo.length <= CONTACT_INFO_MAX_LENGTH &&
    normaliseContactInfo(contactMethod, contactInfo) === null
  ) {
    ctx.addIssue({ code: 'custom', path: ['contactInfo'], message: contactMessages[contactMethod] });
  }
  if (data.hasOnlyFans === 'no') {
    const age = readWholeNumber(data.age, AGE_RULES);
    if (typeof age === 'string') ctx.addIssue({ code: 'custom', path: ['age'], message: age });
  }
}

function schemaWith(consent: typeof consentAnswer | typeof requiredConsent) {
  return applicationFields
    .extend({ [CONSENT_FIELD]: consent })
    .superRefine(checkCrossFieldRules, { when: () => true })
    .transform(normaliseApplication);
}

/** The application as asked by default: consent to the privacy notice included (docs/decisions/048). */
export const applicationSchema = schemaWith(requiredConsent);
/** The application where the operator's lawful basis is not consent (`CONSENT=off`): consent is not asked. */
export const applicationSchemaWithoutConsent = schemaWith(consentAnswer);

export const applicationSchemaFor = (isConsentAsked: boolean) =>
  isConsentAsked ? applicationSchema : applicationSchemaWithoutConsent;

export type ApplicationInput = z.input<typeof applicationSchema>;
