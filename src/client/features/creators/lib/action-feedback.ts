import { isApiError } from '#client/lib/api-client.ts';
import type { TFunction } from '#client/lib/i18n.ts';
import { messageText, serverReason } from '#client/lib/messages.ts';
import { toast } from '#client/lib/toast.ts';

export interface FailureTexts {
  /** The product §8 title for a refused call, e.g. 'Failed to update status'. */
  failed: string;
  /** The title when the server could not be reached; the generic 'An error occurred' by default. */
  network?: string;
}

/**
 * One way to report a failed admin action (product §8): a refused call names what failed and, when the server
 * explains why (a 409 because the status moved meanwhile, a validation message), says so. A 401 is left to
 * the session guard, which signs the admin out with its own message.
 */
export function toastActionFailure(t: TFunction<'admin'>, error: unknown, texts: FailureTexts): void {
  if (isApiError(error)) {
    if (error.status === 401) return;
    const reason = error.status < 500 ? messageText(serverReason(error)) : undefined;
    toast({ variant: 'destructive', title: texts.failed, ...(reason ? { description: reason } : {}) });
    return;
  }
  toast({
    variant: 'destructive',
    title: texts.network ?? t('toast.networkError'),
    description: t('toast.checkConnection'),
  });
}
