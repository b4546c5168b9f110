import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import type { Stage2Form, Stage2StoredUpload } from '#shared/replies/stage2.ts';
import { stage2Keys } from './query-keys.ts';

export interface Stage2Link {
  creatorId: string;
  token: string;
}

export const stage2Path = ({ creatorId, token }: Stage2Link) =>
  `/api/stage2/${encodeURIComponent(creatorId)}?token=${encodeURIComponent(token)}`;

/** Where the page loads an earlier upload from: its URL with the link's token. */
export const storedUploadSrc = (upload: Stage2StoredUpload, token: string) =>
  `${upload.url}?token=${encodeURIComponent(token)}`;

/** Product §7 GET /api/stage2/{creatorId}?token=…; the reply's shape is in shared/replies/stage2.ts. */
export function getStage2Form(link: Stage2Link, signal?: AbortSignal): Promise<Stage2Form> {
  return apiGet<Stage2Form>(stage2Path(link), { signal });
}

export const stage2FormQueryOptions = (link: Stage2Link) =>
  queryOptions({
    queryKey: stage2Keys.form(link),
    queryFn: ({ signal }) => getStage2Form(link, signal),
  });

export function useStage2Form(link: Stage2Link) {
  return useQuery(stage2FormQueryOptions(link));
}
