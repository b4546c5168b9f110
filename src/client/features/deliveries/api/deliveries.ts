import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '#client/lib/api-client.ts';
import type { DeliveryList, DeliveryStatusName } from '#shared/schemas/delivery.ts';

const DELIVERIES_KEY = ['admin', 'deliveries'] as const;

/** GET /api/admin/deliveries, optionally of one status (docs/decisions/024). */
export const deliveriesQueryOptions = (status: DeliveryStatusName | null) =>
  queryOptions({
    queryKey: [...DELIVERIES_KEY, status ?? 'all'],
    queryFn: ({ signal }) =>
      apiGet<DeliveryList>(`/api/admin/deliveries${status ? `?status=${status}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const useDeliveries = (status: DeliveryStatusName | null) => useQuery(deliveriesQueryOptions(status));

/** POST /api/admin/deliveries/{id}/retry: a failed delivery is due again now. */
export function useRetryDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiSend<{ message: string }>('POST', `/api/admin/deliveries/${encodeURIComponent(id)}/retry`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DELIVERIES_KEY }),
  });
}
