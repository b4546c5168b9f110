import {
  type ApplicationFormValues,
  type ApplicationTextField,
  DRAFT_STORAGE_KEY,
  EMPTY_APPLICATION,
  TEXT_FIELDS,
  TOTAL_STEPS,
} from './form-values.ts';

/**
 * Applicants on phones lose work when the browser drops a background tab, so the answers (never the photo)
 * are kept in local storage while they type and restored on return (decision 010). Everything read back is
 * checked: storage is shared with any script on the origin and may hold anything.
 */
const DRAFT_VERSION = 1;
/** Longer than any answer the schema accepts, short enough that a tampered entry stays harmless. */
const MAX_STORED_LENGTH = 5000;

export interface ApplicationDraft {
  step: number;
  values: Pick<ApplicationFormValues, ApplicationTextField>;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    // Storage can be disabled (privacy settings, sandboxed frames): the form works, it just forgets.
    return undefined;
  }
}

/** Only the known text answers, as strings of sane length; anything else is dropped. */
export function sanitiseDraft(raw: unknown): ApplicationDraft | null {
  if (raw === null || typeof raw !== 'object') return null;
  const { version, step, values } = raw as Record<string, unknown>;
  if (version !== DRAFT_VERSION || values === null || typeof values !== 'object') return null;
  const stored = values as Record<string, unknown>;
  const clean = {} as Pick<ApplicationFormValues, ApplicationTextField>;
  let hasAnswer = false;
  for (const field of TEXT_FIELDS) {
    const value = stored[field];
    const text = typeof value === 'string' && value.length <= MAX_STORED_LENGTH ? value : '';
    clean[field] = text;
    if (text !== '') hasAnswer = true;
  }
  if (!hasAnswer) return null;
  const isStep = typeof step === 'number' && Number.isInteger(step) && step >= 1 && step <= TOTAL_STEPS;
  return { step: isStep ? step : 1, values: clean };
}

export function readDraft(): ApplicationDraft | null {
  try {
    const text = storage()?.getItem(DRAFT_STORAGE_KEY);
    return text ? sanitiseDraft(JSON.parse(text)) : null;
  } catch {
    return null;
  }
}

/** Stores the answers and step; an empty form leaves nothing behind. */
export function saveDraft(step: number, values: ApplicationFormValues): void {
  const answers = Object.fromEntries(TEXT_FIELDS.map((field) => [field, values[field] ?? '']));
  const isEmpty = Object.values(answers).every((value) => value === '');
  try {
    if (isEmpty) storage()?.removeItem(DRAFT_STORAGE_KEY);
    else storage()?.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ version: DRAFT_VERSION, step, values: answers }));
  } catch {
    // A full or disabled storage costs the draft, never the application.
  }
}

export function clearDraft(): void {
  try {
    storage()?.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}

/**
 * The form's starting values: the draft's answers over an empty form. The photo always starts empty, and so
 * does the consent box: agreeing is an act at submit time, not an answer a shared phone should remember.
 */
export function draftToValues(draft: ApplicationDraft | null): ApplicationFormValues {
  return draft
    ? { ...EMPTY_APPLICATION, ...draft.values, confirmationPhoto: null, consent: false }
    : { ...EMPTY_APPLICATION };
}
