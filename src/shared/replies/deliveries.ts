import { z } from 'zod';
import { DELIVERY_CHANNEL_NAMES, DELIVERY_STATUS_NAMES } from '../schemas/delivery.ts';

/** The replies of the alert deliveries screen's calls (docs/decisions/024). */

/** One delivery as the deliveries screen shows it. */
export const deliveryItemSchema = z
  .object({
    id: z.uuid(),
    eventId: z.uuid(),
    type: z.string().describe('The event, e.g. creator.submitted'),
    channel: z.enum(DELIVERY_CHANNEL_NAMES),
    status: z.enum(DELIVERY_STATUS_NAMES),
    attempts: z.number().int().nonnegative(),
    nextAttemptAt: z.iso.datetime().nullable().describe('When the next attempt is due; pending deliveries only'),
    lastError: z.string().nullable(),
    sentAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    creatorId: z.string().describe('The Creator ID shown to staff'),
    name: z.string(),
  })
  .meta({ id: 'DeliveryItem' });

export const deliveryListSchema = z
  .object({
    items: z.array(deliveryItemSchema).describe('The newest deliveries (of the status asked for), at most 100'),
    counts: z.object({ pending: z.number().int().nonnegative(), failed: z.number().int().nonnegative() }),
    channels: z.array(z.enum(DELIVERY_CHANNEL_NAMES)).describe("The channels the server's configuration switches on"),
  })
  .meta({ id: 'DeliveryList' });

/** POST /api/admin/deliveries/{id}/retry. */
export const deliveryQueuedSchema = z.object({ message: z.string() });

export type DeliveryItem = z.output<typeof deliveryItemSchema>;
export type DeliveryList = z.output<typeof deliveryListSchema>;
export type DeliveryQueued = z.output<typeof deliveryQueuedSchema>;
