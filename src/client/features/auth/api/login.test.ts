import { afterEach, describe, expect, it, vi } from 'vitest';
import { READ_UNDER_EVERY_ROOT, seededClient, stubServer } from '#client/lib/query-keys.test-support.ts';
import { SIGNED_OUT } from './get-auth-status.ts';
import { login } from './login.ts';
import { refreshAfterSignIn } from './login-session.ts';
import { authKeys } from './query-keys.ts';

const { authStatus: _, ...OTHER_READS } = READ_UNDER_EVERY_ROOT;
const signedIn = { isAuthenticated: true, user: { username: 'ana', role: 'owner' } };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('POST /api/admin/login (signIn)', () => {
  it('reads the auth status again and drops admin answers cached for an earlier session', async () => {
    const fetch = stubServer({ 'POST /api/admin/login': { success: true }, 'GET /api/admin/auth-status': signedIn });
    const client = seededClient(OTHER_READS);
    client.setQueryData(authKeys.status(), SIGNED_OUT);

    await login({ username: 'ana', password: 'a-long-password' });
    await refreshAfterSignIn(client);

    expect(client.getQueryData(authKeys.status())).toEqual(signedIn);
    expect(fetch).toHaveBeenCalledTimes(2);
    const kept = Object.entries(OTHER_READS).filter(([, key]) => client.getQueryState(key) !== undefined);
    expect(kept.map(([name]) => name)).toEqual(['publicRecruiters', 'stage2', 'applicantPage']);
  });
});
