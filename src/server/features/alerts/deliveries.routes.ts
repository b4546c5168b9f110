import type { FastifyInstance } from 'fastify';
import type { AlertSettings } from '#server/config.ts';
import { type DeliveryChannel, type DeliveryList, deliveriesQuerySchema } from '#shared/schemas/delivery.ts';
import { listDeliveries, retryDelivery } from './deliveries.service.ts';

type DeliveryParams = { Params: { id: string } };

/** The channels configuration switches on, as the screen explains them. */
export function enabledChannels(alerts: AlertSettings): DeliveryChannel[] {
  return [
    ...(alerts.smtp && alerts.staffEmails.length > 0 ? (['email-staff'] as const) : []),
    ...(alerts.webhook ? (['webhook'] as const) : []),
    ...(alerts.smtp && alerts.applicantEmails ? (['email-applicant'] as const) : []),
  ];
}

/**
 * Alert deliveries (issue 13), mounted at /api/admin/deliveries. Both roles may look and retry: a retry
 * sends an alert that was due anyway, and whoever watches the pipeline should be able to unstick it.
 */
export async function deliveryRoutes(app: FastifyInstance): Promise<void> {
  const { database, config } = app.deps;

  app.get('/', async (request): Promise<DeliveryList> => {
    const { status } = deliveriesQuerySchema.parse(request.query ?? {});
    const list = await listDeliveries(database.db, status ? { status } : {});
    return { ...list, channels: enabledChannels(config.alerts) };
  });

  app.post<DeliveryParams>('/:id/retry', async (request) => {
    await retryDelivery(database.db, { id: request.params.id, alerts: config.alerts });
    app.deliveries.wake();
    request.log.info({ deliveryId: request.params.id, admin: request.admin?.username }, 'delivery retried');
    return { message: 'Delivery queued' };
  });
}
