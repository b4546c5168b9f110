// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { bulkResultSchema } from '#shared/replies/creators.ts';
import type { CreatorFilter } from '#shared/schemas/bulk.ts';
import { stubApi } from '#tests/component/api-stub.ts';
import { creatorIn, otherCreatorIn } from '#tests/component/creators.ts';
import { loadAdminTexts, renderAsAdmin } from '#tests/component/render.tsx';
import { useBulkSelection } from '../lib/use-bulk-selection.ts';
import { CreatorBulkBar } from './creator-bulk-bar.tsx';

const BULK_PATH = '/api/admin/creators/bulk';

const SELECTED = [creatorIn('matched').creatorId, otherCreatorIn('matched').creatorId];

/** A list's bar with two of its creators ticked, as the rows' checkboxes leave the selection. */
function BulkBarOn({ filter, total }: { filter: CreatorFilter; total: number }) {
  const selection = useBulkSelection();
  const { setMany } = selection;
  useEffect(() => setMany(SELECTED, true), [setMany]);
  return <CreatorBulkBar selection={selection} filter={filter} total={total} totalIsExact />;
}

const bar = () => screen.getByRole('region', { name: 'Bulk actions' });
const barButtons = () =>
  within(bar())
    .getAllByRole('button')
    .map((button) => button.textContent);

beforeAll(loadAdminTexts);

describe('CreatorBulkBar: what it offers (docs/decisions/027)', () => {
  it('offers a matched list only the moves a matched creator can make', async () => {
    const { user } = renderAsAdmin(<BulkBarOn filter={{ status: 'matched' }} total={2} />);
    expect(within(bar()).getByText('Selected: 2')).toBeTruthy();
    expect(barButtons()).toEqual(['Change status', 'Clear selection']);

    await user.click(within(bar()).getByRole('button', { name: 'Change status' }));

    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Move to finalized', 'Move to cancelled']);
  });

  it('offers a pending list stage-2 links and, to an owner, Delete', () => {
    renderAsAdmin(<BulkBarOn filter={{ status: 'pending' }} total={2} />);
    expect(barButtons()).toEqual(['Send Stage 2 links', 'Delete', 'Clear selection']);
  });

  it('keeps Delete from a reviewer', () => {
    renderAsAdmin(<BulkBarOn filter={{ status: 'pending' }} total={2} />, { role: 'reviewer' });
    expect(barButtons()).toEqual(['Send Stage 2 links', 'Clear selection']);
  });

  it('offers everything on a recruiter’s mixed list, where the server judges each creator', () => {
    renderAsAdmin(<BulkBarOn filter={{ recruiterId: '9b2e7c15-3f48-4d0a-b6e1-5a7c9d2f8e30' }} total={2} />);
    expect(barButtons()).toEqual(['Change status', 'Send Stage 2 links', 'Delete', 'Clear selection']);
  });

  it('offers nothing but clearing on a list no bulk action applies to', () => {
    renderAsAdmin(<BulkBarOn filter={{ status: 'stage2_submitted' }} total={2} />);
    expect(barButtons()).toEqual(['Clear selection']);
  });
});

describe('CreatorBulkBar: running an action', () => {
  it('asks with the count, sends the selected Creator IDs and reports who was left unchanged', async () => {
    const api = stubApi();
    api.reply(
      'POST',
      BULK_PATH,
      200,
      bulkResultSchema.parse({
        action: 'status',
        succeeded: ['RC-7KX3P9QD'],
        failed: [
          {
            creatorId: 'RC-M4WQ8TZ2',
            code: 'INVALID_TRANSITION',
            message: 'A creator cannot be moved from finalized to cancelled',
          },
        ],
      }),
    );
    const { user } = renderAsAdmin(<BulkBarOn filter={{ status: 'matched' }} total={2} />);

    await user.click(within(bar()).getByRole('button', { name: 'Change status' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to cancelled' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Apply to the selected creators?' });
    expect(within(confirm).getByText('Creators: 2')).toBeTruthy();
    expect(api.calls).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Apply' }));

    const result = await screen.findByRole('dialog', { name: 'Bulk action finished' });
    expect(within(result).getByText('Done: 1')).toBeTruthy();
    expect(within(result).getByText('Left unchanged: 1')).toBeTruthy();
    expect(within(result).getByRole('listitem').textContent).toContain('RC-M4WQ8TZ2: their status does not allow this');
    expect(api.calls).toEqual([
      {
        method: 'POST',
        path: BULK_PATH,
        body: { action: 'status', status: 'cancelled', creatorIds: ['RC-7KX3P9QD', 'RC-M4WQ8TZ2'] },
      },
    ]);
    // The selection is used up: the bar goes once the summary is closed.
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });

  it('sends the list’s filter when every matching creator is selected, and keeps the bar busy meanwhile', async () => {
    const api = stubApi();
    const release = api.hold(
      'POST',
      BULK_PATH,
      200,
      bulkResultSchema.parse({ action: 'delete', succeeded: ['RC-7KX3P9QD', 'RC-M4WQ8TZ2'], failed: [] }),
    );
    const { user } = renderAsAdmin(<BulkBarOn filter={{ status: 'pending', q: 'núñez' }} total={57} />);

    await user.click(within(bar()).getByRole('button', { name: 'Select all matching (57)' }));
    expect(within(bar()).getByText('All matching creators selected: 57')).toBeTruthy();
    await user.click(within(bar()).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Apply to the selected creators?' });
    expect(within(confirm).getByText('Creators: 57')).toBeTruthy();
    const apply = within(confirm).getByRole('button', { name: 'Apply' });
    await user.click(apply);

    await waitFor(() => expect(apply.hasAttribute('disabled')).toBe(true));
    expect(within(confirm).getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
    release();
    await screen.findByRole('dialog', { name: 'Bulk action finished' });
    expect(api.calls).toEqual([
      { method: 'POST', path: BULK_PATH, body: { action: 'delete', matching: { status: 'pending', q: 'núñez' } } },
    ]);
  });
});
