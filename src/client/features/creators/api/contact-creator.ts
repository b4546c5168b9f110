import { mutationOptions, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '#client/lib/api-client.ts';
import { invalidateKeys, queryRoots } from '#client/lib/query-keys.ts';
import type { BulkContactResult, ContactResult, MessageTemplateList } from '#shared/replies/message-templates.ts';
import type { BulkContactInput, ContactInput } from '#shared/schemas/message-templates.ts';
import { invalidateAfterContact } from './query-keys.ts';

/** GET /api/admin/message-templates: every template as it is sent now, and whether the server can e-mail. */
export const messageTemplatesQueryOptions = queryOptions({
  queryKey: queryRoots.messageTemplates,
  queryFn: ({ signal }) => apiGet<MessageTemplateList>('/api/admin/message-templates', { signal }),
  // Owners change them rarely, and their screen invalidates this key when they do.
  staleTime: 5 * 60_000,
});

export const useMessageTemplates = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...messageTemplatesQueryOptions, enabled });

export interface ContactRequest extends ContactInput {
  creatorId: string;
}

/** POST /api/admin/creators/{creatorId}/contact: the server e-mails it, or records the link staff opened. */
export function contactCreator({ creatorId, ...contact }: ContactRequest): Promise<ContactResult> {
  return apiSend<ContactResult>('POST', `/api/admin/creators/${encodeURIComponent(creatorId)}/contact`, contact);
}

export const contactCreatorMutation = mutationOptions({
  mutationFn: contactCreator,
  onSuccess: (_result, { creatorId }, _onMutate, { client }) => invalidateAfterContact(client, creatorId),
});

export const useContactCreator = () => useMutation(contactCreatorMutation);

/** POST /api/admin/creators/bulk-contact: prepares (and with `send`, e-mails) one template for many creators. */
export function bulkContact(request: BulkContactInput): Promise<BulkContactResult> {
  return apiSend<BulkContactResult>('POST', '/api/admin/creators/bulk-contact', request);
}

export const useBulkContact = () =>
  useMutation({
    mutationFn: bulkContact,
    onSuccess: (result, _request, _onMutate, { client }) =>
      result.sent
        ? invalidateKeys(client, [queryRoots.creators, queryRoots.dashboard, queryRoots.deliveries])
        : undefined,
  });
