import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminLayout } from '#client/components/layouts/admin-layout.tsx';
import { loadAdminTexts, renderAsAdmin } from '#tests/component/render.tsx';
import { insertCreator } from '#tests/factories.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';

const t = setUpTestApp();
/** The find waits for typing to pause and then for the app: more than Testing Library's second on a busy machine. */
const SLOW = { timeout: 5000 };

let lena: { creatorId: string };

beforeAll(async () => {
  await loadAdminTexts();
  const { db } = t.database;
  lena = await insertCreator(db, {
    name: 'Lena Vogt',
    contactMethod: 'WhatsApp',
    contactInfo: '+49 151 2345-6789',
    status: 'matched',
  });
  await insertCreator(db, {
    name: 'Lena Petrova',
    contactMethod: 'Telegram',
    contactInfo: '@lena_p',
    status: 'pending',
  });
});

describe('the top bar’s find box', () => {
  it('opens with `/`, finds a creator of another status by a phone number typed another way, and opens her details', async () => {
    window.history.replaceState(null, '', '/admin/dashboard');
    const { user, api } = await renderAsAdmin(<AdminLayout title="Dashboard" />, t);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('button', { name: 'Find a creator' })).toBeTruthy();

    await user.keyboard('/');
    const dialog = await screen.findByRole('dialog', { name: 'Find a creator' });
    await user.type(within(dialog).getByRole('combobox'), '0151 23456789');

    const option = await within(dialog).findByRole('option', { name: /Lena Vogt/ }, SLOW);
    expect(option.textContent).toContain(lena.creatorId);
    expect(option.textContent).toContain('matched');
    expect(within(dialog).getAllByRole('option')).toHaveLength(1);
    const searches = api.calls.filter((call) => call.path.startsWith('/api/admin/creators/search'));
    expect(decodeURIComponent(searches.at(-1)?.path.split('q=')[1] ?? '')).toBe('0151 23456789');

    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    expect(`${window.location.pathname}${window.location.search}`).toBe(
      `/admin/creators/matched?open=${lena.creatorId}`,
    );
  });

  it('opens with Ctrl+K, lists names across statuses with the arrow keys, and says when nothing matches', async () => {
    const { user } = await renderAsAdmin(<AdminLayout title="Dashboard" />, t);
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Find a creator' });
    const box = within(dialog).getByRole('combobox');
    await user.type(box, 'lena');
    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(2), SLOW);
    const pills = within(dialog)
      .getAllByRole('option')
      .map((option) => option.querySelector('[data-status]')?.getAttribute('data-status'));
    expect(pills.sort()).toEqual(['matched', 'pending']);
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getAllByRole('option')[1]?.getAttribute('aria-selected')).toBe('true');

    await user.clear(box);
    await user.type(box, 'nobody here');
    await within(dialog).findByText('No creator matches “nobody here”.', {}, SLOW);
  });

  it('does not open while the admin types in a field, and `?` lists the shortcuts', async () => {
    const { user } = await renderAsAdmin(
      <AdminLayout title="Dashboard">
        <input aria-label="Notes" />
      </AdminLayout>,
      t,
    );
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'a/b');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Notes' }) as HTMLInputElement).value).toBe('a/b');

    await user.click(document.body);
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(help.textContent).toContain('Find a creator');
    expect(help.textContent).toContain('Next row of a list');
    // A dialog is open: `/` is left to it.
    await user.keyboard('/');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });
});
