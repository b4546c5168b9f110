import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { activityLog, creators, stage2Submissions } from '#server/db/schema.ts';
import { AppError, validationFailed } from '#server/lib/app-error.ts';
import type { FileStore } from '#server/lib/file-store.ts';
import { headOf, type ImageSource, sniffImageType } from '#server/lib/image-kinds.ts';
import type { ImageQueue } from '#server/lib/image-queue.ts';
import { type EncodedUpload, encodeUpload, storeEncoded } from '#server/lib/upload-images.ts';
import { CREATOR_ACTIONS, CREATOR_MACHINE } from '#shared/creator-actions.ts';
import { STAGE2_MAX_IMAGES } from '#shared/limits.ts';
import { messageOf } from '#shared/messages/message.ts';
import { type FieldMessages, fieldMessages } from '#shared/schemas/errors.ts';
import {
  IMAGES_FIELD,
  KEEP_IMAGES_FIELD,
  KEEP_SCREENSHOT_FIELD,
  SCREENSHOT_FIELD,
  STAGE2_FIELD_ORDER,
  STAGE2_IMAGE_BAD_TYPE_KEY,
  STAGE2_TOO_MANY_IMAGES_KEY,
  type Stage2,
  stage2Schema,
} from '#shared/schemas/stage2.ts';
import { EVENT_CREATOR_COLUMNS, recordEvent } from '../alerts/outbox.ts';
import { deleteStoredFiles, type FileLog } from '../files/files.service.ts';
import {
  checkLink,
  findPreviousSubmission,
  linkColumns,
  linkInvalid,
  type PreviousSubmission,
  type Stage2Link,
} from './stage2-link.service.ts';

const ACCEPTED_TYPES = ['jpeg', 'png', 'webp'] as const;

export interface Stage2SubmitInput {
  link: Stage2Link;
  token: string;
  fields: Record<string, string>;
  lists: Record<string, string[]>;
  /** Spooled uploads (or bytes, in tests), decided by their first bytes and re-encoded in the image queue. */
  screenshot: ImageSource | null;
  images: ImageSource[];
  now?: Date;
}

export interface Stage2SubmitDeps {
  db: Db;
  store: FileStore;
  images: ImageQueue;
  log?: FileLog;
}

/** What the answers ask to be stored, once they passed every check. */
interface Plan {
  answers: Stage2;
  screenshot: ImageSource | null;
  images: ImageSource[];
  keepImageKeys: string[];
  keepScreenshotKey: string | null;
}

const isAccepted = (upload: ImageSource) =>
  (ACCEPTED_TYPES as readonly (string | null)[]).includes(sniffImageType(headOf(upload)));

/**
 * Product §5 plus architecture §5 for one stage-2 form: every problem in one 400, in form order. The screenshot
 * belongs to the "verified" branch, so without it a sent screenshot is ignored, as hidden fields are.
 */
function validate(input: Stage2SubmitInput, previous: PreviousSubmission | null): Plan {
  const { [KEEP_SCREENSHOT_FIELD]: keepScreenshot, ...answers } = input.fields;
  const parsed = stage2Schema.safeParse({ ...answers, contentType: input.lists.contentType ?? [] });
  const errors: FieldMessages = parsed.success ? {} : fieldMessages(parsed.error);
  const isVerified = (parsed.success ? parsed.data.isVerifiedOnlyFans : answers.isVerifiedOnlyFans?.trim()) === 'yes';
  const screenshot = isVerified ? input.screenshot : null;
  if (screenshot && !isAccepted(screenshot)) errors[SCREENSHOT_FIELD] = messageOf(STAGE2_IMAGE_BAD_TYPE_KEY);

  // Only keys of this creator's own earlier images count; anything else is ignored, never served or kept.
  const earlier = new Set(previous?.imageKeys ?? []);
  const keepImageKeys = [...new Set(input.lists[KEEP_IMAGES_FIELD] ?? [])].filter((key) => earlier.has(key));
  if (keepImageKeys.length + input.images.length > STAGE2_MAX_IMAGES)
    errors[IMAGES_FIELD] = messageOf(STAGE2_TOO_MANY_IMAGES_KEY);
  else if (input.images.some((image) => !isAccepted(image)))
    errors[IMAGES_FIELD] = messageOf(STAGE2_IMAGE_BAD_TYPE_KEY);

  if (!parsed.success || Object.keys(errors).length > 0) {
    throw validationFailed(errors, STAGE2_FIELD_ORDER);
  }
  return {
    answers: parsed.data,
    screenshot,
    images: input.images,
    keepImageKeys,
    keepScreenshotKey: isVerified && !screenshot ? (keepScreenshot?.trim() ?? null) : null,
  };
}

/** The image pipeline's refusals (damaged, too many pixels), tied to the field the file came in. */
async function withField(field: string, job: Promise<EncodedUpload>): Promise<EncodedUpload> {
  try {
    return await job;
  } catch (error) {
    if (error instanceof AppError) throw new AppError(error.code, error.reason, { [field]: error.reason });
    throw error;
  }
}

/** Waits for every job, so no work is still running when the first failure is reported. */
async function settleAll<T>(jobs: Promise<T>[]): Promise<{ values: T[]; error: unknown }> {
  const results = await Promise.allSettled(jobs);
  const values = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = results.find((result) => result.status === 'rejected');
  return { values, error: failed?.reason };
}

/** Re-encodes and stores every new file; on any failure, what was stored is deleted again. */
async function storeUploads(deps: Stage2SubmitDeps, plan: Plan) {
  const uploads = [
    ...(plan.screenshot ? [{ field: SCREENSHOT_FIELD, upload: plan.screenshot }] : []),
    ...plan.images.map((upload) => ({ field: IMAGES_FIELD, upload })),
  ];
  // All of one form's images are admitted to the queue together, or the form is refused (503) at once.
  const jobs = deps.images.runAll(
    uploads.map(
      ({ upload }) =>
        () =>
          encodeUpload(deps.images.work, upload, {
            allowed: ACCEPTED_TYPES,
            unsupportedMessage: STAGE2_IMAGE_BAD_TYPE_KEY,
          }),
    ),
  );
  const encoded = await settleAll(jobs.map((job, index) => withField(uploads[index]?.field ?? IMAGES_FIELD, job)));
  if (encoded.error) throw encoded.error;
  const stored = await settleAll(encoded.values.map(async (image) => (await storeEncoded(deps.store, image)).key));
  if (stored.error) {
    await deleteStoredFiles(deps.store, stored.values, deps.log);
    throw stored.error;
  }
  const keys = stored.values;
  return plan.screenshot
    ? { screenshotKey: keys[0] ?? null, imageKeys: keys.slice(1) }
    : { screenshotKey: null, imageKeys: keys };
}

/**
 * architecture §4/§5: the answers, their files, the move to stage2_submitted and the activity entry in one
 * transaction. The link is checked again under a row lock: it may have been regenerated or the creator
 * listed while the files were being processed. Returns the earlier files the new answers no longer name.
 */
async function commit(
  db: Db,
  input: Stage2SubmitInput,
  plan: Plan,
  uploaded: { screenshotKey: string | null; imageKeys: string[] },
): Promise<{ replaced: string[]; action: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select(linkColumns).from(creators).where(eq(creators.id, input.link.id)).for('update');
    const link = checkLink(row, input.token, input.now ?? new Date());
    if (!CREATOR_MACHINE.moveMaking('submitStage2', link.status)) throw linkInvalid();
    const [previous] = await tx
      .select()
      .from(stage2Submissions)
      .where(eq(stage2Submissions.creatorId, link.id))
      .for('update');

    const earlierImages = previous?.imageKeys ?? [];
    const imageKeys = [...plan.keepImageKeys.filter((key) => earlierImages.includes(key)), ...uploaded.imageKeys];
    const isScreenshotKept =
      plan.keepScreenshotKey !== null && plan.keepScreenshotKey === previous?.revenueScreenshotKey;
    const screenshotKey = uploaded.screenshotKey ?? (isScreenshotKept ? plan.keepScreenshotKey : null);
    const { answers: a } = plan;
    const values = {
      country: a.country,
      age: a.age,
      englishLevel: a.englishLevel,
      compensationType: a.compensationType,
      monthlySalary: a.monthlySalary,
      revenueShare: a.revenueShare,
      isVerifiedOnlyFans: a.isVerifiedOnlyFans,
      onlyFansRevenue: a.onlyFansRevenue,
      revenueScreenshotKey: screenshotKey,
      hasExistingContent: a.hasExistingContent,
      contentType: a.contentType,
      agencyPitch: a.agencyPitch,
      imageKeys,
    };
    // A re-submission replaces every answer; createdAt keeps the first submission's time.
    await tx
      .insert(stage2Submissions)
      .values({ creatorId: link.id, ...values })
      .onConflictDoUpdate({ target: stage2Submissions.creatorId, set: { ...values, updatedAt: sql`now()` } });
    const [moved] = await tx
      .update(creators)
      .set({ status: 'stage2_submitted', updatedAt: sql`now()` })
      .where(and(eq(creators.id, link.id), eq(creators.status, link.status)))
      .returning(EVENT_CREATOR_COLUMNS);
    if (!moved) throw linkInvalid();
    await recordEvent(tx, 'creator.stage2_submitted', moved, { previousStatus: link.status });
    // Whether answers were given before, not the status, decides (the table's two stage-2 actions).
    const action = (previous ? CREATOR_ACTIONS.resubmitStage2 : CREATOR_ACTIONS.submitStage2).activity;
    await tx.insert(activityLog).values({
      creatorId: link.id,
      action,
      performedBy: link.creatorId,
      additionalInfo: {
        from: link.status,
        to: 'stage2_submitted',
        images: imageKeys.length,
        revenueScreenshot: !!screenshotKey,
      },
    });

    const kept = new Set<string>([...imageKeys, ...(screenshotKey ? [screenshotKey] : [])]);
    const earlier = previous ? [previous.revenueScreenshotKey, ...previous.imageKeys] : [];
    return { replaced: earlier.filter((key): key is string => key !== null && !kept.has(key)), action };
  });
}

/**
 * POST /api/stage2/{creatorId} (product §7, decision 009): checks, re-encodes and stores the files, commits, then
 * removes the files the new answers replaced. A failure at any point deletes the files this request stored,
 * so a refused or failed submission leaves nothing behind and the earlier one stays as it was.
 */
export async function submitStage2(deps: Stage2SubmitDeps, input: Stage2SubmitInput): Promise<{ action: string }> {
  const plan = validate(input, await findPreviousSubmission(deps.db, input.link.id));
  const uploaded = await storeUploads(deps, plan);
  const newKeys = [...(uploaded.screenshotKey ? [uploaded.screenshotKey] : []), ...uploaded.imageKeys];
  let result: { replaced: string[]; action: string };
  try {
    result = await commit(deps.db, input, plan, uploaded);
  } catch (error) {
    await deleteStoredFiles(deps.store, newKeys, deps.log);
    throw error;
  }
  // After the commit: a crash here leaves only files no row names, which the orphan sweep removes.
  await deleteStoredFiles(deps.store, result.replaced, deps.log);
  return { action: result.action };
}
