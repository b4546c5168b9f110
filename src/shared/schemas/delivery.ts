import { z } from 'zod';
import type { MessageKey } from '../messages/message.ts';

export const DELIVERY_CHANNEL_NAMES = ['email-staff', 'webhook', 'email-applicant'] as const;
export const DELIVERY_STATUS_NAMES = ['pending', 'sent', 'failed'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNEL_NAMES)[number];
export type DeliveryStatusName = (typeof DELIVERY_STATUS_NAMES)[number];

/** GET /api/admin/deliveries?status= (docs/decisions/024). */
export const deliveriesQuerySchema = z.object({
  status: z.enum(DELIVERY_STATUS_NAMES, { error: 'deliveries.status' satisfies MessageKey }).optional(),
});

/** POST /api/admin/creators/{creatorId}/send-stage2: `email` also e-mails the link to the applicant. */
export const sendStage2Schema = z.object({
  email: z.boolean({ error: 'deliveries.email' satisfies MessageKey }).optional(),
});
