import { queryRoots } from '#client/lib/query-keys.ts';

/** The stage-2 form per link: a new link (a new token) is another read. */
export const stage2Keys = {
  form: ({ creatorId, token }: { creatorId: string; token: string }) =>
    [...queryRoots.stage2, creatorId, token] as const,
};
