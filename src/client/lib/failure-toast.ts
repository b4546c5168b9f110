import { isApiError } from './api-client.ts';
import { messageText, serverReason } from './messages.ts';
import { toast } from './toast.ts';

/**
 * The destructive toast for a failed call (product §8): the screen's title, and why in the interface language
 * when the server said so, else the screen's own words. A 401 shows nothing: the admin session guard announces
 * the ended session and returns to the login page, and one toast at a time means this one would hide it.
 */
export function toastFailure(error: unknown, texts: { title: string; fallback?: string }): void {
  if (isApiError(error) && error.status === 401) return;
  const description = messageText(serverReason(error)) ?? texts.fallback;
  toast({ variant: 'destructive', title: texts.title, ...(description ? { description } : {}) });
}
