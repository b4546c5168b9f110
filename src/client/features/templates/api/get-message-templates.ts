import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import type { MessageTemplateList } from '#shared/replies/message-templates.ts';
import { templateKeys } from './query-keys.ts';

/** GET /api/admin/message-templates: every purpose in every language as it is sent now (any admin). */
export const messageTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: templateKeys.list(),
    queryFn: ({ signal }) => apiGet<MessageTemplateList>('/api/admin/message-templates', { signal }),
  });

export const useMessageTemplates = () => useQuery(messageTemplatesQueryOptions());
