import type { stage2Submissions } from '#server/db/schema.ts';
import type { CompensationType, YesNo } from '#shared/options.ts';

/**
 * What GET /api/stage2/{creatorId} answers (spec §7; docs/decisions/009-stage2.md). Built field by field,
 * so nothing else about the creator (contact details, recruiter, photo, status) can slip into it.
 */

/** A file of the earlier submission: its key (to keep it on re-submission) and where the page loads it from. */
export interface Stage2StoredUpload {
  key: string;
  /** Relative URL; the page appends `?token=…`, which the server never echoes. */
  url: string;
}

export interface Stage2ExistingData {
  country: string;
  age: number;
  englishLevel: number;
  compensationType: CompensationType;
  monthlySalary: number | null;
  revenueShare: number | null;
  isVerifiedOnlyFans: YesNo;
  onlyFansRevenue: number | null;
  revenueScreenshot: Stage2StoredUpload | null;
  /** As stored (spec §3); the form shows it as yes/no. */
  hasExistingContent: boolean;
  contentType: string[];
  agencyPitch: string;
  images: Stage2StoredUpload[];
  submittedAt: string;
}

export interface Stage2Form {
  creator: { name: string; creatorId: string; age: number | null; hasOnlyFans: string | null };
  existingData: Stage2ExistingData | null;
}

type Stage2Row = typeof stage2Submissions.$inferSelect;

export const stage2FileUrl = (publicCreatorId: string, key: string) => `/api/stage2/${publicCreatorId}/files/${key}`;

export function toStage2Form(
  creator: { name: string; creatorId: string; age: number | null; hasOnlyFans: string | null },
  row: Stage2Row | null,
): Stage2Form {
  const upload = (key: string): Stage2StoredUpload => ({ key, url: stage2FileUrl(creator.creatorId, key) });
  return {
    creator: { name: creator.name, creatorId: creator.creatorId, age: creator.age, hasOnlyFans: creator.hasOnlyFans },
    existingData: row && {
      country: row.country,
      age: row.age,
      englishLevel: row.englishLevel,
      compensationType: row.compensationType,
      monthlySalary: row.monthlySalary,
      revenueShare: row.revenueShare,
      isVerifiedOnlyFans: row.isVerifiedOnlyFans,
      onlyFansRevenue: row.onlyFansRevenue,
      revenueScreenshot: row.revenueScreenshotKey ? upload(row.revenueScreenshotKey) : null,
      hasExistingContent: row.hasExistingContent,
      contentType: row.contentType,
      agencyPitch: row.agencyPitch,
      images: row.imageKeys.map(upload),
      submittedAt: row.updatedAt.toISOString(),
    },
  };
}
