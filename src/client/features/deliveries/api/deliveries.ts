import { keepPreviousData, mutationOptions, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '#client/lib/api-client.ts';
import type { DeliveryList, DeliveryQueued } from '#shared/replies/deliveries.ts';
import type { DeliveryStatusName } from '#shared/schemas/delivery.ts';
import { deliveryKeys } from './query-keys.ts';

/** GET /api/admin/deliveries, optionally of one status (docs/decisions/024). */
export const deliveriesQueryOptions = (status: DeliveryStatusName | null) =>
  queryOptions({
    queryKey: deliveryKeys.list(status),
    queryFn: ({ signal }) =>
      apiGet<DeliveryList>(`/api/admin/deliveries${status ? `?status=${status}` : ''}`, { signal }),
    // The delivery worker makes, sends and fails deliveries without any action here: read afresh when opened.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useDeliveries = (status: DeliveryStatusName | null) => useQuery(deliveriesQueryOptions(status));

/** POST /api/admin/deliveries/{id}/retry: a failed delivery is due again now, under every status filter's counts. */
export const retryDeliveryMutation = mutationOptions({
  mutationFn: (id: string) => apiSend<DeliveryQueued>('POST', `/api/admin/deliveries/${encodeURIComponent(id)}/retry`),
  onSuccess: (_result, _id, _onMutate, { client }) => client.invalidateQueries({ queryKey: deliveryKeys.all() }),
});

export const useRetryDelivery = () => useMutation(retryDeliveryMutation);
