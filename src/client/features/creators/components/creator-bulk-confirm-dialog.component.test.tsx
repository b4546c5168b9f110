import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { seedCreatorIn, storedCreator } from '#tests/component/creators.ts';
import { loadAdminTexts, renderAsAdmin } from '#tests/component/render.tsx';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { CreatorBulkConfirmDialog } from './creator-bulk-confirm-dialog.tsx';

const t = setUpTestApp();

beforeAll(loadAdminTexts);

describe('CreatorBulkConfirmDialog (docs/decisions/033)', () => {
  it('offers nothing to run when the dry run finds no one the action would change, and says why', async () => {
    const finalized = [await seedCreatorIn(t, 'finalized'), await seedCreatorIn(t, 'finalized')];
    const onConfirm = vi.fn();
    const request = { action: 'status', status: 'cancelled', creatorIds: finalized.map((c) => c.creatorId) } as const;
    const { api } = await renderAsAdmin(
      <CreatorBulkConfirmDialog
        request={request}
        countText="2"
        isPending={false}
        onCancel={() => {}}
        onConfirm={onConfirm}
      />,
      t,
    );
    const dialog = await screen.findByRole('alertdialog');

    expect(await within(dialog).findByText('0 creators move to cancelled.')).toBeTruthy();
    expect(within(dialog).getByText('2 creators will be skipped:')).toBeTruthy();
    expect(within(dialog).getByRole('listitem').textContent).toBe(
      'A creator cannot be moved from finalized to cancelled: 2',
    );
    const button = within(dialog).getByRole('button', { name: 'Nothing to change' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([
      { method: 'POST', path: '/api/admin/creators/bulk', body: { ...request, dryRun: true } },
    ]);
    for (const creator of finalized) expect((await storedCreator(t, creator.creatorId))?.status).toBe('finalized');
  });

  it('shows the server’s refusal of the request itself and offers nothing to run', async () => {
    const request = { action: 'status', status: 'cancelled', creatorIds: [] } as never;
    await renderAsAdmin(
      <CreatorBulkConfirmDialog
        request={request}
        countText="0"
        isPending={false}
        onCancel={() => {}}
        onConfirm={() => {}}
      />,
      t,
    );
    const dialog = await screen.findByRole('alertdialog');

    expect(await within(dialog).findByText('Please select at least one creator')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Move to cancelled' }).hasAttribute('disabled')).toBe(true);
  });
});
