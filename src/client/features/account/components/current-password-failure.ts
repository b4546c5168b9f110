import { isApiError } from '#client/lib/api-client.ts';
import { type ShownMessage, serverFieldMessages, serverReason } from '#client/lib/messages.ts';

/**
 * What a form that asks for the current password shows under that field when the server refused it: the wrong
 * password, or the wait once too many were wrong (429), where the admin is looking rather than in a toast.
 */
export function currentPasswordFailure(failure: unknown): ShownMessage | undefined {
  const wrong = serverFieldMessages(failure).currentPassword;
  if (wrong) return wrong;
  return isApiError(failure) && failure.status === 429 ? serverReason(failure) : undefined;
}
