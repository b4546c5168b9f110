import { screen, waitFor, within } from '@testing-library/react';
import { lazy } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminLayout } from '#client/components/layouts/admin-layout.tsx';
import { loadAdminTexts, renderAsAdmin } from '#tests/component/render.tsx';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { AdminSessionGuard } from './admin-session-guard.tsx';

const t = setUpTestApp();

beforeAll(loadAdminTexts);

/** A screen whose code arrives when the test says, as a section's code does on a slow phone connection. */
function screenArrivingLater() {
  let arrive = () => {};
  const Screen = lazy(
    () =>
      new Promise<{ default: () => React.JSX.Element }>((resolve) => {
        arrive = () =>
          resolve({
            default: () => (
              <AdminLayout title="Dashboard">
                <p>Waiting for a reply: 3 creators</p>
              </AdminLayout>
            ),
          });
      }),
  );
  return { Screen, arrive: () => arrive() };
}

describe('the admin shell while a screen’s code loads', () => {
  it('keeps the phone menu open, with its Logout, when the screen arrives, and closes it when a link is followed', async () => {
    window.history.replaceState(null, '', '/admin/dashboard');
    const { Screen, arrive } = screenArrivingLater();
    const { user } = await renderAsAdmin(
      <AdminSessionGuard>
        <Screen />
      </AdminSessionGuard>,
      t,
    );
    // The shell is drawn at once, with the menu, while the content area says it is loading.
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Admin Panel' });
    expect(within(drawer).getByRole('button', { name: 'Logout' })).toBeTruthy();

    arrive();
    // Behind the open menu, so hidden from the accessibility tree until it closes.
    await screen.findByRole('heading', { level: 1, name: 'Dashboard', hidden: true });
    expect(screen.getByText('Waiting for a reply: 3 creators')).toBeTruthy();
    const stillOpen = screen.getByRole('dialog', { name: 'Admin Panel' });
    expect(within(stillOpen).getByRole('button', { name: 'Logout' })).toBeTruthy();

    await user.click(within(stillOpen).getByRole('link', { name: 'Pending' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Admin Panel' })).toBeNull());
    expect(window.location.pathname).toBe('/admin/creators/pending');
  });
});
