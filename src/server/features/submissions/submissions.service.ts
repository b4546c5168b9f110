import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { activityLog, creators, recruiters } from '#server/db/schema.ts';
import { AppError, validationFailed } from '#server/lib/app-error.ts';
import { clientGroup } from '#server/lib/client-address.ts';
import { contactKeyOf } from '#server/lib/contact-key.ts';
import type { FileStore } from '#server/lib/file-store.ts';
import { headOf, type ImageSource, sniffImageType } from '#server/lib/image-kinds.ts';
import type { ImageQueue } from '#server/lib/image-queue.ts';
import type { RateLimiter, RateLimitRule } from '#server/lib/rate-limiter.ts';
import { type EncodedUpload, encodeUpload, storeEncoded } from '#server/lib/upload-images.ts';
import { SUBMITTED_ACTIVITY } from '#shared/creator-actions.ts';
import { isLanguageCode } from '#shared/languages.ts';
import { englishOf } from '#shared/messages/english.ts';
import { messageOf } from '#shared/messages/message.ts';
import {
  APPLICATION_FIELD_ORDER,
  APPLICATION_KEYS,
  type Application,
  applicationSchemaFor,
  HONEYPOT_FIELD,
  LOCALE_FIELD,
  PHOTO_BAD_TYPE_KEY,
  PHOTO_FIELD,
} from '#shared/schemas/application.ts';
import { type FieldMessages, fieldMessages } from '#shared/schemas/errors.ts';
import { recordEvent } from '../alerts/outbox.ts';
import { DEFAULT_PAGE_LINK_MS, fakePagePath, newPageLink } from '../applicant-page/page-link.service.ts';
import { assignByRoundRobin } from '../assignees/assignees.service.ts';
import { markDuplicates } from '../creators/creator-duplicates.service.ts';
import { newCreatorId } from '../creators/creator-id.ts';
import type { PhotoHasher } from '../creators/photo-hashing.ts';

export const SUBMITTED_ACTION = SUBMITTED_ACTIVITY;
/** The English of the 429, as the API writes it. */
export const TOO_MANY_SUBMISSIONS = englishOf('application.tooMany');

/** A clash among ~6.6·10^11 ids is already rare; several in a row means something else is wrong. */
const CREATOR_ID_ATTEMPTS = 5;

export interface SubmissionDeps {
  db: Db;
  store: FileStore;
  limiter: RateLimiter;
  images: ImageQueue;
  rule: RateLimitRule;
  /** Hashes the selfie for duplicate matching once the application is stored; none: left to the back-fill. */
  photoHashes?: PhotoHasher;
  /**
   * Whether step 5 asks her consent to the privacy notice, and that notice's version (docs/decisions/048).
   * Asked: an application without it is refused, and one with it records when and under which notice.
   */
  consent: { isAsked: boolean; noticeVersion: string };
  /** Replaceable so tests can force an id clash. */
  newId?: () => string;
  /** `ASSIGN_NEW=round-robin`: hand it to the next admin who works in her language (decision 063). */
  isRoundRobin?: boolean;
  /** How long her own page's link works (`APPLICANT_PAGE_DAYS`, decision 047). */
  pageLinkMs?: number;
}

export interface SubmissionInput {
  /** Text fields as sent, the honeypot included. */
  fields: Record<string, string>;
  /** A spooled upload (or bytes, in tests), decided by its first bytes and re-encoded in the image queue. */
  photo: ImageSource | null;
  ip: string;
}

export const submissionRule = (perHour: number): RateLimitRule => ({ limit: perHour, windowMs: 3_600_000 });

/** Addresses are client groups: an IPv6 subscriber's whole /64 shares one allowance. */
const bucketOf = (ip: string) => `submissions:${clientGroup(ip)}`;

/** Milliseconds this address must wait before it may submit again; 0 when it may submit now. */
export async function submissionWaitMs(deps: Pick<SubmissionDeps, 'limiter' | 'rule'>, ip: string): Promise<number> {
  const window = await deps.limiter.peek(bucketOf(ip), deps.rule);
  return window.count >= deps.rule.limit ? Math.max(1, window.retryAfterMs) : 0;
}

export const tooManySubmissions = (retryAfterMs: number) =>
  new AppError('RATE_LIMITED', 'application.tooMany', undefined, {
    retryAfterSeconds: retryAfterMs / 1000,
    limit: 'application',
  });

/**
 * Product §5 plus architecture §4/§5 for one application: the fields, the recruiter (by name, any case), the photo
 * (type by its bytes, re-encoded without metadata), then the creator and its activity entry in one
 * transaction. A filled honeypot gets the same answer as a success and leaves no trace.
 */
export async function submitApplication(
  deps: SubmissionDeps,
  input: SubmissionInput,
): Promise<{ creatorId: string; isStored: boolean; pagePath: string }> {
  const { [HONEYPOT_FIELD]: honeypot, [LOCALE_FIELD]: locale, ...answers } = input.fields;
  const newId = deps.newId ?? newCreatorId;
  if (honeypot?.trim()) {
    await deps.limiter.hit(bucketOf(input.ip), deps.rule);
    const creatorId = newId();
    return { creatorId, isStored: false, pagePath: fakePagePath(creatorId) };
  }

  const { application, recruiter } = await validate(deps, answers, input.photo);
  const image = input.photo ? await reencodePhoto(deps.images, input.photo) : null;
  const photoKey = image ? (await storeEncoded(deps.store, image)).key : null;
  let stored: StoredApplication;
  try {
    const interfaceLanguage = isLanguageCode(locale) ? locale : null;
    stored = await insertApplication(deps.db, {
      application,
      recruiter,
      photoKey,
      newId,
      locale: interfaceLanguage,
      pageLinkMs: deps.pageLinkMs ?? DEFAULT_PAGE_LINK_MS,
      // The time she sent it is the time she agreed: the box is ticked at submit, never kept in a draft.
      consent:
        deps.consent.isAsked && application.consent !== null
          ? { at: new Date(), noticeVersion: deps.consent.noticeVersion }
          : null,
      isRoundRobin: deps.isRoundRobin ?? false,
    });
  } catch (error) {
    // No row points at the file, so it must not outlive the failure (architecture §5).
    if (photoKey) await deps.store.delete(photoKey);
    throw error;
  }
  await deps.limiter.hit(bucketOf(input.ip), deps.rule);
  if (photoKey) deps.photoHashes?.schedule({ id: stored.id, contactKey: stored.contactKey, photoKey });
  return { creatorId: stored.creatorId, isStored: true, pagePath: stored.pagePath };
}

type Recruiter = { id: string; name: string };

/** Every field problem in one answer, in the form's order, so the form can show them all at once. */
async function validate(
  { db, consent }: Pick<SubmissionDeps, 'db' | 'consent'>,
  answers: Record<string, string>,
  photo: ImageSource | null,
) {
  const parsed = applicationSchemaFor(consent.isAsked).safeParse(answers);
  const errors: FieldMessages = parsed.success ? {} : fieldMessages(parsed.error);
  // The cheap check by the first bytes; decoding waits until everything else is known to be fine.
  const type = photo ? sniffImageType(headOf(photo)) : null;
  if (photo && type !== 'jpeg' && type !== 'png') errors[PHOTO_FIELD] = messageOf(PHOTO_BAD_TYPE_KEY);
  const recruiterName = answers.recruiter?.trim();
  const recruiter = !errors.recruiter && recruiterName ? await findRecruiterByName(db, recruiterName) : null;
  if (!recruiter) errors.recruiter ??= messageOf(APPLICATION_KEYS.recruiter);

  if (!parsed.success || !recruiter || Object.keys(errors).length > 0) {
    throw validationFailed(errors, APPLICATION_FIELD_ORDER);
  }
  return { application: parsed.data, recruiter };
}

/** Product §3 sends the recruiter's name; recruiters' names are unique in any letter case. */
export async function findRecruiterByName(db: DbOrTx, name: string): Promise<Recruiter | null> {
  const [row] = await db
    .select({ id: recruiters.id, name: recruiters.name })
    .from(recruiters)
    .where(sql`lower(${recruiters.name}) = lower(${name})`)
    .limit(1);
  return row ?? null;
}

/** The image pipeline's refusals, tied to the photo field so the form shows them beside it; a full queue is not. */
async function reencodePhoto(images: ImageQueue, photo: ImageSource): Promise<EncodedUpload> {
  const job = images.run(() =>
    encodeUpload(images.work, photo, { allowed: ['jpeg', 'png'], unsupportedMessage: PHOTO_BAD_TYPE_KEY }),
  );
  try {
    return await job;
  } catch (error) {
    if (error instanceof AppError && error.code !== 'UNAVAILABLE') {
      throw new AppError(error.code, error.reason, { [PHOTO_FIELD]: error.reason });
    }
    throw error;
  }
}

interface StoredApplication {
  id: string;
  creatorId: string;
  contactKey: string;
  /** Her own page's path with its token: in the reply, and in the confirmation e-mail's event only. */
  pagePath: string;
}

async function insertApplication(
  db: Db,
  input: {
    application: Application;
    recruiter: Recruiter;
    photoKey: string | null;
    newId: () => string;
    locale: string | null;
    pageLinkMs: number;
    consent: { at: Date; noticeVersion: string } | null;
    isRoundRobin: boolean;
  },
): Promise<StoredApplication> {
  const { application: a, recruiter, photoKey } = input;
  const contactKey = contactKeyOf(a.contactMethod, a.contactInfo);
  return db.transaction(async (tx) => {
    for (let attempt = 0; attempt < CREATOR_ID_ATTEMPTS; attempt++) {
      const creatorId = input.newId();
      // Her own page (decision 047): its first link is written with her row, for the reply and, when her
      // confirmation goes by e-mail, in the submitted event until that e-mail is sent.
      const page = newPageLink(creatorId, { ttlMs: input.pageLinkMs });
      // ON CONFLICT keeps the transaction usable after a clash, on both drivers, so the retry stays inside it.
      const [row] = await tx
        .insert(creators)
        .values({
          creatorId,
          status: 'pending',
          name: a.name,
          language: a.language,
          locale: input.locale,
          gender: a.gender,
          contactMethod: a.contactMethod,
          contactInfo: a.contactInfo,
          hasOnlyFans: a.hasOnlyFans,
          averageMonthlyRange: a.averageMonthlyRange,
          age: a.age,
          country: a.country,
          agencyGoals: a.agencyGoals,
          instagram: a.instagram,
          tiktok: a.tiktok,
          twitter: a.twitter,
          additionalInfo: a.additionalInfo,
          recruiterId: recruiter.id,
          recruiterName: recruiter.name,
          photoKey,
          contactKey,
          consentAt: input.consent?.at ?? null,
          privacyNoticeVersion: input.consent?.noticeVersion ?? null,
          pageTokenHash: page.tokenHash,
          pageTokenExpiresAt: page.expiresAt,
        })
        .onConflictDoNothing({ target: creators.creatorId })
        .returning({ id: creators.id, creatorId: creators.creatorId });
      if (!row) continue;
      // No contact data in the log: it is shown to every admin and kept as long as the creator.
      await tx.insert(activityLog).values({
        creatorId: row.id,
        action: SUBMITTED_ACTION,
        performedBy: 'applicant',
        additionalInfo: { recruiter: recruiter.name },
      });
      await recordEvent(
        tx,
        'creator.submitted',
        {
          id: row.id,
          creatorId: row.creatorId,
          status: 'pending',
          name: a.name,
          recruiterName: recruiter.name,
          contactMethod: a.contactMethod,
          language: a.language,
          locale: input.locale,
        },
        a.contactMethod === 'Email' ? { link: page.path } : {},
      );
      // One index lookup (docs/decisions/025); the photo is matched once hashed, after the reply.
      await markDuplicates(tx, { id: row.id, contactKey, photoHash: null });
      if (input.isRoundRobin) await assignByRoundRobin(tx, { id: row.id, language: a.language });
      return { id: row.id, creatorId: row.creatorId, contactKey, pagePath: page.path };
    }
    throw new Error(`No free creator id after ${CREATOR_ID_ATTEMPTS} attempts`);
  });
}
