import { mutationOptions, type QueryClient, useMutation } from '@tanstack/react-query';
import { apiSend } from '#client/lib/api-client.ts';
import { copyText } from '#client/lib/clipboard.ts';
import type { Stage2LinkResult } from '#shared/replies/creators.ts';
import { invalidateAfterStatusChange } from './query-keys.ts';

export interface SendStage2Input {
  creatorId: string;
  /** Also e-mail the link to the applicant (only for those who chose Email, when the server can send mail). */
  email?: boolean;
}

/** POST …/send-stage2: a first link from pending, a new one (the old one dies) from stage2_sent. */
export function sendStage2Link({ creatorId, email }: SendStage2Input): Promise<Stage2LinkResult> {
  return apiSend<Stage2LinkResult>(
    'POST',
    `/api/admin/creators/${encodeURIComponent(creatorId)}/send-stage2`,
    email ? { email: true } : undefined,
  );
}

export interface SentStage2Link extends Stage2LinkResult {
  /** The site origin plus the link (product §7): what the creator opens. */
  url: string;
  isCopied: boolean;
}

/**
 * A first link moves the creator to stage2_sent; a new one only adds to the activity log, but is refreshed the
 * same way. The reply names no recruiter, so every recruiter's listings are.
 */
export function invalidateAfterStage2Link(queryClient: QueryClient, creatorId: string): Promise<void> {
  return invalidateAfterStatusChange(queryClient, creatorId, undefined);
}

/**
 * Generates the link and copies origin + link to the clipboard. The caller shows the link with ways to send
 * it, and refreshes the lists (which would remove the row, and the dialog with it) once that dialog is closed.
 */
export const sendStage2LinkMutation = mutationOptions({
  mutationFn: async (input: SendStage2Input): Promise<SentStage2Link> => {
    const result = await sendStage2Link(input);
    const url = `${window.location.origin}${result.link}`;
    return { ...result, url, isCopied: await copyText(url) };
  },
});

export const useSendStage2Link = () => useMutation(sendStage2LinkMutation);
