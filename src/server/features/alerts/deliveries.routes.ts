import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AlertSettings } from '#server/config.ts';
import { errorReplies } from '#server/lib/route-schemas.ts';
import { deliveryListSchema, deliveryQueuedSchema } from '#shared/replies/deliveries.ts';
import { type DeliveryChannel, deliveriesQuerySchema } from '#shared/schemas/delivery.ts';
import { listDeliveries, retryDelivery } from './deliveries.service.ts';

/** Any text: an id that is no delivery's, well-formed or not, is the same 404. */
const deliveryParams = z.object({ id: z.string().describe('The delivery id (a UUID)') });

/** The channels configuration switches on, as the screen explains them. */
export function enabledChannels(alerts: AlertSettings): DeliveryChannel[] {
  return [
    ...(alerts.smtp && alerts.staffEmails.length > 0 ? (['email-staff'] as const) : []),
    ...(alerts.webhook ? (['webhook'] as const) : []),
    ...(alerts.smtp && alerts.applicantEmails ? (['email-applicant'] as const) : []),
  ];
}

/**
 * Alert deliveries (decision 024), mounted at /api/admin/deliveries. Both roles may look and retry: a retry
 * sends an alert that was due anyway, and whoever watches the pipeline should be able to unstick it.
 */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;

  app.get(
    '/',
    {
      schema: {
        summary: 'The newest alert deliveries, how many wait or failed, and the channels switched on',
        querystring: deliveriesQuerySchema,
        response: { 200: deliveryListSchema },
      },
    },
    async (request) => {
      const { status } = request.query;
      const list = await listDeliveries(database.db, status ? { status } : {});
      return { ...list, channels: enabledChannels(config.alerts) };
    },
  );

  app.post(
    '/:id/retry',
    {
      schema: {
        summary: 'Send a failed delivery again, with a fresh retry window',
        params: deliveryParams,
        response: { 200: deliveryQueuedSchema, ...errorReplies(404, 409) },
      },
    },
    async (request) => {
      await retryDelivery(database.db, { id: request.params.id, alerts: config.alerts });
      request.log.info({ deliveryId: request.params.id, admin: request.admin?.username }, 'delivery retried');
      return { message: 'Delivery queued' };
    },
  );
};
