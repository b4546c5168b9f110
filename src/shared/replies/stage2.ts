import { z } from 'zod';
import { COMPENSATION_TYPES, YES_NO } from '../options.ts';

/**
 * What GET /api/stage2/{creatorId}?token=… answers (product §7; docs/decisions/009-stage2.md): the creator's
 * name, id, age and platform answer, and the earlier submission's answers. Nothing else about the creator
 * (contact details, recruiter, photo, status) is in the schema, so nothing else can leave in the reply.
 */

/** A file of the earlier submission: its key (to keep it on re-submission) and where the page loads it from. */
export const stage2StoredUploadSchema = z
  .object({
    key: z.string().describe('Sent back in a keep… part to keep the file on re-submission'),
    url: z.string().describe('Relative URL; the page appends `?token=…`, which the server never echoes'),
  })
  .meta({ id: 'Stage2StoredUpload' });

export const stage2ExistingDataSchema = z
  .object({
    country: z.string(),
    age: z.number().int(),
    englishLevel: z.number().int(),
    compensationType: z.enum(COMPENSATION_TYPES),
    monthlySalary: z.number().int().nullable(),
    revenueShare: z.number().int().nullable(),
    isVerifiedOnlyFans: z.enum(YES_NO),
    onlyFansRevenue: z.number().int().nullable(),
    revenueScreenshot: stage2StoredUploadSchema.nullable(),
    hasExistingContent: z.boolean().describe('As stored (product §3); the form shows it as yes/no'),
    contentType: z.array(z.string()),
    agencyPitch: z.string(),
    images: z.array(stage2StoredUploadSchema),
    submittedAt: z.iso.datetime(),
  })
  .meta({ id: 'Stage2ExistingData' });

/** The creator as the stage-2 page may see them: nothing else (contact details, recruiter, photo, status). */
export const stage2CreatorSchema = z
  .object({
    name: z.string(),
    creatorId: z.string(),
    age: z.number().int().nullable(),
    hasOnlyFans: z.string().nullable(),
  })
  .meta({ id: 'Stage2Creator' });

export const stage2FormSchema = z
  .object({
    creator: stage2CreatorSchema,
    existingData: stage2ExistingDataSchema.nullable().describe('The earlier submission; null before the first'),
  })
  .meta({ id: 'Stage2Form' });

/** POST /api/stage2/{creatorId}: the answers are stored. */
export const stage2SubmittedSchema = z.object({ success: z.literal(true) }).meta({ id: 'Stage2Submitted' });

export type Stage2StoredUpload = z.output<typeof stage2StoredUploadSchema>;
export type Stage2ExistingData = z.output<typeof stage2ExistingDataSchema>;
export type Stage2Creator = z.output<typeof stage2CreatorSchema>;
export type Stage2Form = z.output<typeof stage2FormSchema>;
export type Stage2Submitted = z.output<typeof stage2SubmittedSchema>;
