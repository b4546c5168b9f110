import { screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreatorStatus } from '#shared/creator-status.ts';
import type { Creator } from '#shared/replies/creators.ts';
import type { CreatorFilter } from '#shared/schemas/bulk.ts';
import {
  cancelReasonIdOf,
  giveCancelReason,
  readListPage,
  seedCreatorIn,
  storedCreator,
} from '#tests/component/creators.ts';
import { loadAdminTexts, renderAsAdmin } from '#tests/component/render.tsx';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { useBulkSelection } from '../lib/use-bulk-selection.ts';
import { CreatorBulkBar } from './creator-bulk-bar.tsx';

const t = setUpTestApp();
const reviewer = t.signedInAs({ username: 'ravi.reviewer', password: 'reviewer password 1', role: 'reviewer' });
/** Another owner, working on the same creators in another browser. */
const colleague = t.signedInAs({ username: 'olga.owner', password: 'owner password 12' });

const BULK_PATH = '/api/admin/creators/bulk';

interface BarProps {
  filter: CreatorFilter;
  /** The creators whose checkboxes are ticked. */
  selected: readonly Creator[];
  /** What the list's page says it holds; the selection's size unless given. */
  total?: number;
  totalIsExact?: boolean;
}

/** A list's bar with some of its creators ticked, as the rows' checkboxes leave the selection. */
function BulkBarOn({ filter, selected, total = selected.length, totalIsExact = true }: BarProps) {
  const selection = useBulkSelection();
  const { setMany } = selection;
  useEffect(
    () =>
      setMany(
        selected.map((creator) => creator.creatorId),
        true,
      ),
    [setMany, selected],
  );
  return <CreatorBulkBar selection={selection} filter={filter} total={total} totalIsExact={totalIsExact} />;
}

const bar = () => screen.getByRole('region', { name: 'Bulk actions' });
const barButtons = () =>
  within(bar())
    .getAllByRole('button')
    .map((button) => button.textContent);
const statusOf = async (creator: Creator) => (await storedCreator(t, creator.creatorId))?.status;

beforeAll(loadAdminTexts);

describe('CreatorBulkBar: what it offers (docs/decisions/027)', () => {
  const seeded = new Map<CreatorStatus, Creator[]>();
  const creatorsIn = (status: CreatorStatus): Creator[] => seeded.get(status) ?? [];
  beforeAll(async () => {
    for (const status of ['matched', 'pending'] as const) {
      seeded.set(status, [await seedCreatorIn(t, status), await seedCreatorIn(t, status)]);
    }
    seeded.set('stage2_submitted', [await seedCreatorIn(t, 'stage2_submitted')]);
  });

  it('offers a matched list only the moves a matched creator can make', async () => {
    const { user } = await renderAsAdmin(
      <BulkBarOn filter={{ status: 'matched' }} selected={creatorsIn('matched')} />,
      t,
    );
    expect(within(bar()).getByText('Selected: 2')).toBeTruthy();
    expect(barButtons()).toEqual(['Change status', 'Contact', 'Assign', 'Tag', 'Clear selection']);

    await user.click(within(bar()).getByRole('button', { name: 'Change status' }));

    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Move to finalized', 'Move to cancelled']);
  });

  it('offers a pending list stage-2 links and, to an owner, Delete', async () => {
    await renderAsAdmin(<BulkBarOn filter={{ status: 'pending' }} selected={creatorsIn('pending')} />, t);
    expect(barButtons()).toEqual(['Send Stage 2 links', 'Delete', 'Contact', 'Assign', 'Tag', 'Clear selection']);
  });

  it('keeps Delete from a reviewer', async () => {
    await renderAsAdmin(<BulkBarOn filter={{ status: 'pending' }} selected={creatorsIn('pending')} />, t, reviewer);
    expect(barButtons()).toEqual(['Send Stage 2 links', 'Contact', 'Assign', 'Tag', 'Clear selection']);
  });

  it('offers everything on a recruiter’s mixed list, where the server judges each creator', async () => {
    const [creator] = creatorsIn('matched');
    if (!creator?.recruiterId) throw new Error('the complete creator has a recruiter');
    await renderAsAdmin(<BulkBarOn filter={{ recruiterId: creator.recruiterId }} selected={[creator]} />, t);
    expect(barButtons()).toEqual([
      'Change status',
      'Send Stage 2 links',
      'Delete',
      'Contact',
      'Assign',
      'Tag',
      'Clear selection',
    ]);
  });

  it('offers only contact, assigning, tagging and clearing on a list no status action applies to', async () => {
    await renderAsAdmin(
      <BulkBarOn filter={{ status: 'stage2_submitted' }} selected={creatorsIn('stage2_submitted')} />,
      t,
    );
    expect(barButtons()).toEqual(['Contact', 'Assign', 'Tag', 'Clear selection']);
  });
});

describe('CreatorBulkBar: running an action', () => {
  it('asks with the count, sends the selected Creator IDs and reports who was left unchanged', async () => {
    const selected = [await seedCreatorIn(t, 'matched'), await seedCreatorIn(t, 'matched')] as const;
    const [moved, finalized] = selected;
    const { user, api } = await renderAsAdmin(<BulkBarOn filter={{ status: 'matched' }} selected={selected} />, t);
    // Meanwhile another admin finalizes the second, whom nothing can move any more.
    const first = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/creators/${finalized.creatorId}/status`,
      headers: colleague,
      payload: { status: 'finalized' },
    });
    expect(first.statusCode).toBe(200);

    await user.click(within(bar()).getByRole('button', { name: 'Change status' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to cancelled' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Apply to the selected creators?' });
    // The server's dry run says what will happen before anything does.
    expect(await within(confirm).findByText('1 creator moves to cancelled.')).toBeTruthy();
    expect(within(confirm).getByText('1 creator will be skipped:')).toBeTruthy();
    expect(within(confirm).getByRole('listitem').textContent).toBe(
      'A creator cannot be moved from finalized to cancelled: 1',
    );
    const request = { action: 'status', status: 'cancelled', creatorIds: [moved.creatorId, finalized.creatorId] };
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: BULK_PATH, body: { ...request, dryRun: true } },
    ]);
    expect(await statusOf(moved)).toBe('matched');
    // One reason for all of them (decision 063).
    await giveCancelReason(user, { reason: 'Chose another agency' });
    await user.click(within(confirm).getByRole('button', { name: 'Move 1 creator to cancelled' }));

    const result = await screen.findByRole('dialog', { name: 'Bulk action finished' });
    expect(within(result).getByText('Done: 1')).toBeTruthy();
    expect(within(result).getByText('Left unchanged: 1')).toBeTruthy();
    expect(within(result).getByRole('listitem').textContent).toContain(
      `${finalized.creatorId}: their status does not allow this`,
    );
    const cancelReasonId = await cancelReasonIdOf(t, 'other_agency');
    expect(api.calls.at(-1)).toEqual({
      method: 'POST',
      path: BULK_PATH,
      body: { ...request, cancelReasonId, cancelNote: null },
    });
    expect(await statusOf(moved)).toBe('cancelled');
    expect(await statusOf(finalized)).toBe('finalized');
    // The selection is used up: the bar goes once the summary is closed.
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });

  it('sends the list’s filter when every matching creator is selected, and keeps the bar busy meanwhile', async () => {
    const filter = { status: 'pending', q: 'núñez' } as const;
    const matching = [await seedCreatorIn(t, 'pending'), await seedCreatorIn(t, 'pending')];
    const linkSent = await seedCreatorIn(t, 'stage2_sent');
    const otherName = await seedCreatorIn(t, 'pending', { name: 'Dmitri Volkov', contactInfo: '@dmitri_volkov' });
    // The list page as the status page reads it: its first row is ticked, its total is "all matching".
    const page = await readListPage(t, filter);
    const [ticked] = page.items;
    if (!ticked) throw new Error('the search found nobody');
    expect(page.items.map((creator) => creator.creatorId)).toEqual(
      expect.arrayContaining(matching.map((creator) => creator.creatorId)),
    );
    const { user, api } = await renderAsAdmin(
      <BulkBarOn filter={filter} selected={[ticked]} total={page.total} totalIsExact={page.totalIsExact} />,
      t,
    );

    await user.click(within(bar()).getByRole('button', { name: `Select all matching (${page.total})` }));
    expect(within(bar()).getByText(`All matching creators selected: ${page.total}`)).toBeTruthy();
    await user.click(within(bar()).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Apply to the selected creators?' });
    // Counted by the server as it will resolve "all matching": the pages not yet seen included.
    expect(await within(confirm).findByText(`${page.total} creators are deleted for good.`)).toBeTruthy();
    const apply = within(confirm).getByRole('button', { name: `Delete ${page.total} creators` });
    const release = api.hold('POST', BULK_PATH);
    await user.click(apply);

    await waitFor(() => expect(apply.hasAttribute('disabled')).toBe(true));
    expect(within(confirm).getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
    expect(await statusOf(ticked)).toBe('pending');
    release();
    const result = await screen.findByRole('dialog', { name: 'Bulk action finished' });
    expect(within(result).getByText(`Done: ${page.total}`)).toBeTruthy();
    expect(api.calls).toEqual([
      { method: 'POST', path: BULK_PATH, body: { action: 'delete', matching: filter, dryRun: true } },
      { method: 'POST', path: BULK_PATH, body: { action: 'delete', matching: filter } },
    ]);
    expect((await readListPage(t, filter)).total).toBe(0);
    for (const creator of matching) expect(await statusOf(creator)).toBeUndefined();
    expect(await statusOf(linkSent)).toBe('stage2_sent');
    expect(await statusOf(otherName)).toBe('pending');
  });
});
