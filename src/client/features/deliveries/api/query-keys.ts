import { queryRoots } from '#client/lib/query-keys.ts';
import type { DeliveryStatusName } from '#shared/schemas/delivery.ts';

/** The deliveries screen, per status shown ('all' for every status). */
export const deliveryKeys = {
  all: () => queryRoots.deliveries,
  list: (status: DeliveryStatusName | null) => [...queryRoots.deliveries, status ?? 'all'] as const,
};
