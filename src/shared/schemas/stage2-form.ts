import type { CompensationType, YesNo } from '../options.ts';

/**
 * What GET /api/stage2/{creatorId}?token=… answers (product §7; docs/decisions/009-stage2.md): the server
 * builds it, the stage-2 page reads it. The server answers every dead link with the same 404.
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
  /** As stored (product §3); the form shows it as yes/no. */
  hasExistingContent: boolean;
  contentType: string[];
  agencyPitch: string;
  images: Stage2StoredUpload[];
  submittedAt: string;
}

/** The creator as the stage-2 page may see them: nothing else (contact details, recruiter, photo, status). */
export interface Stage2Creator {
  name: string;
  creatorId: string;
  age: number | null;
  hasOnlyFans: string | null;
}

export interface Stage2Form {
  creator: Stage2Creator;
  existingData: Stage2ExistingData | null;
}
