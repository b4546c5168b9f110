import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  changedReads,
  READ_UNDER_EVERY_ROOT,
  type Reads,
  runMutation,
  seededClient,
  stubServer,
} from '#client/lib/query-keys.test-support.ts';
import { retryDeliveryMutation } from './deliveries.ts';
import { deliveryKeys } from './query-keys.ts';

const READS: Reads = {
  ...READ_UNDER_EVERY_ROOT,
  allDeliveries: deliveryKeys.list(null),
  failedDeliveries: deliveryKeys.list('failed'),
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('POST /api/admin/deliveries/{id}/retry (useRetryDelivery)', () => {
  it('refreshes every status filter of the deliveries screen, and nothing else', async () => {
    stubServer({ 'POST /api/admin/deliveries/d-1/retry': { message: 'Delivery queued' } });
    const client = seededClient(READS);
    await runMutation(client, retryDeliveryMutation, 'd-1');
    expect(changedReads(client, READS)).toEqual({
      stale: ['allDeliveries', 'deliveries', 'failedDeliveries'],
      removed: [],
    });
  });
});
