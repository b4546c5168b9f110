import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import type { CompensationType, YesNo } from '#shared/options.ts';

/**
 * Spec §7 GET /api/stage2/{creatorId}?token=… (shapes in docs/decisions/009-stage2.md). The server answers
 * every dead link with the same 404.
 */

/** A file of the earlier submission; `url` is loaded with the link's token appended. */
export interface Stage2StoredUpload {
  key: string;
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

export interface Stage2Link {
  creatorId: string;
  token: string;
}

export const stage2Path = ({ creatorId, token }: Stage2Link) =>
  `/api/stage2/${encodeURIComponent(creatorId)}?token=${encodeURIComponent(token)}`;

/** Where the page loads an earlier upload from: its URL with the link's token. */
export const storedUploadSrc = (upload: Stage2StoredUpload, token: string) =>
  `${upload.url}?token=${encodeURIComponent(token)}`;

export function getStage2Form(link: Stage2Link, signal?: AbortSignal): Promise<Stage2Form> {
  return apiGet<Stage2Form>(stage2Path(link), { signal });
}

export const stage2FormQueryOptions = (link: Stage2Link) =>
  queryOptions({
    queryKey: ['stage2', link.creatorId, link.token],
    queryFn: ({ signal }) => getStage2Form(link, signal),
  });

export function useStage2Form(link: Stage2Link) {
  return useQuery(stage2FormQueryOptions(link));
}
