import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterAll, afterEach, vi } from 'vitest';
import { type AdminSessionControls, AdminSessionProvider } from '#client/components/layouts/admin-layout.tsx';
import { ToastRegion } from '#client/components/ui/toaster.tsx';
import { initI18n, loadNamespace } from '#client/lib/i18n.ts';
import { createQueryClient } from '#client/lib/query-client.ts';
import type { AuthStatus } from '#shared/replies/auth.ts';
import type { AdminHeaders, FileTestApp } from '#tests/setup/test-app.ts';
import { serveFromApp } from './app-fetch.ts';
import { fillDomGaps } from './dom.ts';

fillDomGaps();
// The screens wait on the real app and its database, several test files at once on a busy machine: a second,
// the library's default, is short of what a listing or a bulk dry run may take there.
configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // A test that makes the clipboard refuse must not leave it refusing for the next.
  vi.restoreAllMocks();
});

// A toast that goes is removed 200 ms later on the toast library's own timer: it must fire while the page still
// exists, not after the file's environment is torn down (an uncaught "window is not defined" on a busy machine).
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 400)));

/** The admin screens' texts in English, loaded as the router loads them with every admin screen, and the sign-in's. */
export async function loadAdminTexts(): Promise<void> {
  await initI18n('en');
  await Promise.all([
    loadNamespace('admin'),
    loadNamespace('login'),
    loadNamespace('messages'),
    loadNamespace('adminMessages'),
  ]);
}

/**
 * The session the route guard gives the admin screens, from the server's own auth status for `admin`: their
 * role, and whether the server can e-mail applicants (SMTP configured).
 */
async function sessionOf(t: FileTestApp, admin: AdminHeaders): Promise<AdminSessionControls> {
  const reply = await t.app.inject({ method: 'GET', url: '/api/admin/auth-status', headers: admin });
  const { user } = reply.json<AuthStatus>();
  if (!user) throw new Error(`the auth status names nobody: ${reply.body}`);
  return {
    username: user.username,
    role: user.role,
    mustEnrolTwoFactor: user.mustEnrolTwoFactor,
    canEmailApplicants: user.canEmailApplicants,
    logout: () => {},
    isLoggingOut: false,
  };
}

/**
 * Renders an admin piece as the signed-in shell does for `admin` (the file's owner unless said): the product's
 * query client, the session the server reports, and the toast area; its calls go to the file's real app
 * (`serveFromApp`). Returns a user-event session to act through and the record of the calls.
 */
export async function renderAsAdmin(ui: ReactElement, t: FileTestApp, admin: AdminHeaders = t.headers) {
  const session = await sessionOf(t, admin);
  const api = serveFromApp(t.app, admin);
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminSessionProvider value={session}>
        {ui}
        <ToastRegion />
      </AdminSessionProvider>
    </QueryClientProvider>,
  );
  return { user, api, ...view };
}
