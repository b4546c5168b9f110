import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, vi } from 'vitest';
import { type AdminSessionControls, AdminSessionProvider } from '#client/components/layouts/admin-layout.tsx';
import { ToastRegion } from '#client/components/ui/toaster.tsx';
import { initI18n, loadNamespace } from '#client/lib/i18n.ts';
import { createQueryClient } from '#client/lib/query-client.ts';
import type { AdminRole } from '#shared/admin-roles.ts';
import { fillDomGaps } from './dom.ts';

fillDomGaps();
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The admin screens' texts in English, loaded as the router loads them with every admin screen. */
export async function loadAdminTexts(): Promise<void> {
  await initI18n('en');
  await Promise.all([loadNamespace('admin'), loadNamespace('messages'), loadNamespace('adminMessages')]);
}

export interface AdminOptions {
  role?: AdminRole;
  /** The server can e-mail applicants (SMTP is configured). */
  canEmailApplicants?: boolean;
}

/**
 * Renders an admin piece as the signed-in shell does: the product's query client, the session with its role,
 * and the toast area. Returns a user-event session to act through.
 */
export function renderAsAdmin(ui: ReactElement, { role = 'owner', canEmailApplicants = false }: AdminOptions = {}) {
  const session: AdminSessionControls = {
    username: role === 'owner' ? 'olga.owner' : 'ravi.reviewer',
    role,
    mustEnrolTwoFactor: false,
    canEmailApplicants,
    logout: () => {},
    isLoggingOut: false,
  };
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminSessionProvider value={session}>
        {ui}
        <ToastRegion />
      </AdminSessionProvider>
    </QueryClientProvider>,
  );
  return { user, ...view };
}
