import { expect } from 'vitest';
import { createAdmin } from '#server/features/admins/admins.service.ts';
import { totpCodeAt } from '#server/lib/totp.ts';
import { type FileTestApp, signIn, TEST_ORIGIN } from '#tests/setup/test-app.ts';

/**
 * A reviewer with two-factor sign-in, enrolled through the API as the account screen does it. Returns the code
 * the enrolment spent, which the server then refuses as already used.
 */
export async function enrolledAdmin(t: FileTestApp, username: string, password: string) {
  await createAdmin(t.database.db, { username, password, role: 'reviewer' });
  const { cookie } = await signIn(t, { username, password });
  const post = (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie, origin: TEST_ORIGIN }, ...(payload ? { payload } : {}) });
  const { secret } = (await post('/api/admin/account/two-factor/setup', { currentPassword: password })).json();
  const enrolmentCode = totpCodeAt(secret, Date.now());
  const confirm = await post('/api/admin/account/two-factor/confirm', {
    code: enrolmentCode,
    currentPassword: password,
  });
  expect(confirm.statusCode).toBe(200);
  return { enrolmentCode };
}
