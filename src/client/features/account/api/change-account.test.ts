import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  changedReads,
  READ_UNDER_EVERY_ROOT,
  type Reads,
  runMutation,
  seededClient,
  stubServer,
} from '#client/lib/query-keys.test-support.ts';
import {
  changePasswordMutation,
  confirmTwoFactorMutation,
  disableTwoFactorMutation,
  endSessionMutation,
  startTwoFactorMutation,
} from './change-account.ts';
import { accountKeys } from './query-keys.ts';

const READS: Reads = {
  ...READ_UNDER_EVERY_ROOT,
  profile: accountKeys.profile(),
  sessions: accountKeys.sessions(),
  securityLog: accountKeys.securityLog(),
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('account mutations refresh only the reads their change shows in', () => {
  it('a new password: the sessions it ended and the log entry', async () => {
    stubServer({ 'POST /api/admin/account/password': { endedSessions: 2 } });
    const client = seededClient(READS);
    await runMutation(client, changePasswordMutation, { currentPassword: 'old', newPassword: 'a-new-long-password' });
    expect(changedReads(client, READS)).toEqual({ stale: ['securityLog', 'sessions'], removed: [] });
  });

  it('ending a session: the session list alone', async () => {
    stubServer({ 'DELETE /api/admin/account/sessions/s-1': null });
    const client = seededClient(READS);
    await runMutation(client, endSessionMutation, 's-1');
    expect(changedReads(client, READS)).toEqual({ stale: ['sessions'], removed: [] });
  });

  it('two-factor on: the account, the session user, the owners’ list, the log and the ended sessions', async () => {
    stubServer({ 'POST /api/admin/account/two-factor/confirm': { recoveryCodes: [] } });
    const client = seededClient(READS);
    await runMutation(client, confirmTwoFactorMutation, { code: '123456', currentPassword: 'correct horse battery' });
    expect(changedReads(client, READS)).toEqual({
      stale: ['admins', 'authStatus', 'profile', 'securityLog', 'sessions'],
      removed: [],
    });
  });

  it('two-factor off: the same but the sessions, which stay', async () => {
    stubServer({ 'POST /api/admin/account/two-factor/disable': null });
    const client = seededClient(READS);
    await runMutation(client, disableTwoFactorMutation, { currentPassword: 'secret' });
    expect(changedReads(client, READS)).toEqual({
      stale: ['admins', 'authStatus', 'profile', 'securityLog'],
      removed: [],
    });
  });

  it('two-factor setup begun: nothing, so the secret being scanned stays', async () => {
    stubServer({
      'POST /api/admin/account/two-factor/setup': { secret: 'S', otpauthUri: 'otpauth://', qrSvg: '<svg/>' },
    });
    const client = seededClient(READS);
    await runMutation(client, startTwoFactorMutation, { currentPassword: 'correct horse battery' });
    expect(changedReads(client, READS)).toEqual({ stale: [], removed: [] });
  });

  it('a call refused for its current password: the log, where the server recorded the wrong password', async () => {
    const mutations = [
      [changePasswordMutation, { currentPassword: 'guess', newPassword: 'a-new-long-password' }],
      [startTwoFactorMutation, { currentPassword: 'guess' }],
      [confirmTwoFactorMutation, { code: '123456', currentPassword: 'guess' }],
      [disableTwoFactorMutation, { currentPassword: 'guess' }],
    ] as const;
    for (const [mutation, input] of mutations) {
      stubServer({});
      const client = seededClient(READS);
      // biome-ignore lint/suspicious/noExplicitAny: each mutation with its own input
      await expect(runMutation(client, mutation as any, input)).rejects.toThrow();
      expect(changedReads(client, READS)).toEqual({ stale: ['securityLog'], removed: [] });
    }
  });

  it('ending a session refused: nothing, since nothing was logged', async () => {
    stubServer({});
    const client = seededClient(READS);
    await expect(runMutation(client, endSessionMutation, 's-1')).rejects.toThrow();
    expect(changedReads(client, READS)).toEqual({ stale: [], removed: [] });
  });
});
