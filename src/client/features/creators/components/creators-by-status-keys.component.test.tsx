import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedCreatorIn } from '#tests/component/creators.ts';
import { loadAdminTexts, renderAsAdmin } from '#tests/component/render.tsx';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { CreatorsByStatus } from './creators-by-status.tsx';

const t = setUpTestApp();
/** Each step waits for the app: more than Testing Library's second on a busy machine. */
const SLOW = { timeout: 5000 };

const seeded: string[] = [];

beforeAll(async () => {
  await loadAdminTexts();
  for (const name of ['Ana Silva', 'Bea Costa', 'Cleo Martin']) {
    seeded.push((await seedCreatorIn(t, 'pending', { name })).creatorId);
  }
});

const rows = () => [...document.querySelectorAll<HTMLElement>('[data-creator-id]')];
const currentRow = () => rows().find((row) => row.getAttribute('aria-current') === 'true');

async function renderPending(address = '/admin/creators/pending') {
  window.history.replaceState(null, '', address);
  const view = await renderAsAdmin(
    <CreatorsByStatus status="pending" onChanged={() => {}} renderRecruiterEmail={(_, line) => line(null)} />,
    t,
  );
  await waitFor(() => expect(rows()).toHaveLength(3), SLOW);
  return view;
}

describe('keyboard flow on a status list', () => {
  it('moves a visible, focused mark with j and k, and opens the marked row’s details with Enter', async () => {
    const { user } = await renderPending();
    const [first, second, third] = rows().map((row) => row.dataset.creatorId);

    await user.keyboard('j');
    expect(currentRow()?.dataset.creatorId).toBe(first);
    expect(document.activeElement).toBe(currentRow());
    await user.keyboard('jj');
    expect(currentRow()?.dataset.creatorId).toBe(third);
    await user.keyboard('j');
    expect(currentRow()?.dataset.creatorId).toBe(third);
    await user.keyboard('k');
    expect(currentRow()?.dataset.creatorId).toBe(second);
    expect(rows().filter((row) => row.getAttribute('aria-current') === 'true')).toHaveLength(1);

    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: `Creator Details: ${second}` }, SLOW);
    // With a dialog open, j and k are the dialog's business.
    await user.keyboard('j');
    expect(currentRow()?.dataset.creatorId).toBe(second);
    expect(dialog.isConnected).toBe(true);
  });

  it('leaves j and k to the search box while the admin types in it', async () => {
    const { user } = await renderPending();
    const search = screen.getByRole('searchbox');
    await user.type(search, 'jk');
    expect(currentRow()).toBeUndefined();
    expect((search as HTMLInputElement).value).toBe('jk');
  });

  it('opens the details of the creator the find box chose (?open=), then drops it from the address', async () => {
    const chosen = seeded[1];
    await renderPending(`/admin/creators/pending?open=${chosen}`);
    await screen.findByRole('dialog', { name: `Creator Details: ${chosen}` }, SLOW);
    await waitFor(() => expect(window.location.search).toBe(''), SLOW);
  });
});
