import type { stage2Submissions } from '#server/db/schema.ts';
import type { Stage2Creator, Stage2Form, Stage2StoredUpload } from '#shared/replies/stage2.ts';

type Stage2Row = typeof stage2Submissions.$inferSelect;

export const stage2FileUrl = (publicCreatorId: string, key: string) => `/api/stage2/${publicCreatorId}/files/${key}`;

/**
 * Builds what GET /api/stage2/{creatorId} answers field by field, so nothing else about the creator (contact
 * details, recruiter, photo, status) can slip into it.
 */
export function toStage2Form(creator: Stage2Creator, row: Stage2Row | null): Stage2Form {
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
