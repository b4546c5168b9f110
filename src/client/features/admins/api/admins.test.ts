import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  changedReads,
  READ_UNDER_EVERY_ROOT,
  runMutation,
  seededClient,
  stubServer,
} from '#client/lib/query-keys.test-support.ts';
import { changeAdminMutation, createAdminMutation } from './admins.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('admin account mutations refresh the owners’ list alone', () => {
  it('adding an admin', async () => {
    stubServer({ 'POST /api/admin/admins': { id: 'a-2', username: 'remy' } });
    const client = seededClient(READ_UNDER_EVERY_ROOT);
    await runMutation(client, createAdminMutation, { username: 'remy', password: 'a-long-password', role: 'reviewer' });
    expect(changedReads(client, READ_UNDER_EVERY_ROOT)).toEqual({ stale: ['admins'], removed: [] });
  });

  it('disabling another admin (their sessions end on the server, not in this admin’s reads)', async () => {
    stubServer({ 'POST /api/admin/admins/a-2/disable': { id: 'a-2', username: 'remy', isDisabled: true } });
    const client = seededClient(READ_UNDER_EVERY_ROOT);
    await runMutation(client, changeAdminMutation, { id: 'a-2', change: 'disable' });
    expect(changedReads(client, READ_UNDER_EVERY_ROOT)).toEqual({ stale: ['admins'], removed: [] });
  });
});
