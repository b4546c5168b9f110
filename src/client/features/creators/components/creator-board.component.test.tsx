import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { CREATOR_STATUSES, type CreatorStatus } from '#shared/creator-status.ts';
import type { Creator } from '#shared/replies/creators.ts';
import { giveCancelReason, LISTING, seedCreatorIn, storedCreator } from '#tests/component/creators.ts';
import { loadAdminTexts, renderAsAdmin } from '#tests/component/render.tsx';
import { insertCreators } from '#tests/factories.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { CreatorBoard } from './creator-board.tsx';

const t = setUpTestApp();
/** Another owner, working on the same creators in another browser. */
const colleague = t.signedInAs({ username: 'olga.owner', password: 'owner password 12' });
/** Each step waits for the app: more than Testing Library's second on a busy machine. */
const SLOW = { timeout: 8000 };

beforeAll(loadAdminTexts);

const NAMES = {
  pending: 'Pending',
  stage2_sent: 'Stage 2 Sent',
  listed: 'Listed',
  matched: 'Matched',
  finalized: 'Finalized',
  cancelled: 'Cancelled',
};
/** A column by its status; by role only while no dialog hides the page from the accessibility tree. */
function column(status: keyof typeof NAMES): HTMLElement {
  const found = document.querySelector<HTMLElement>(`[data-board-column="${status}"]`);
  if (!found) throw new Error(`no ${status} column`);
  return found;
}
const cardIn = (status: keyof typeof NAMES, creator: Creator) =>
  column(status).querySelector<HTMLElement>(`[data-creator-id="${creator.creatorId}"]`);
const announcement = () => screen.getByTestId('board-announcement').textContent?.trim();
const statusOf = async (creator: Creator): Promise<CreatorStatus | undefined> =>
  (await storedCreator(t, creator.creatorId))?.status;

async function renderBoard(address = '/admin/board') {
  window.history.replaceState(null, '', address);
  return renderAsAdmin(<CreatorBoard renderRecruiterEmail={(_, line) => line(null)} />, t);
}

/** Her card's name button: what the keyboard moves her with. */
async function handleOf(status: keyof typeof NAMES, creator: Creator) {
  await waitFor(() => expect(cardIn(status, creator)).not.toBeNull(), SLOW);
  const card = cardIn(status, creator);
  if (!card) throw new Error('no card');
  return within(card).getByRole('button', { name: creator.name });
}

describe('CreatorBoard: columns', () => {
  it('shows every status in the machine’s order with its count, and pages a column with Show more', async () => {
    await insertCreators(t.database.db, 53, { status: 'pending', name: 'Ximena Quispe Mamani' });
    const { user } = await renderBoard();
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual([
      'Pending',
      'Stage 2 Sent',
      'Stage 2 Submitted',
      'Listed',
      'Matched',
      'Finalized',
      'Cancelled',
    ]);
    const pending = screen.getByRole('region', { name: NAMES.pending });
    await waitFor(() => expect(within(pending).getAllByRole('listitem').length).toBeGreaterThan(0), SLOW);
    const cards = () => pending.querySelectorAll('[data-board-card]').length;
    expect(cards()).toBe(50);
    expect(within(pending).getByText('53 creators')).toBeTruthy();

    await user.click(within(pending).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(cards()).toBe(53), SLOW);
    expect(within(pending).queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(within(column('finalized')).getByText('No creators here')).toBeTruthy();
  });
});

describe('CreatorBoard: filters', () => {
  it('reads its filters from its address and asks every column for them', async () => {
    const { api } = await renderBoard('/admin/board?assignee=me');
    await screen.findAllByRole('heading', { level: 2 });
    await waitFor(() => {
      // The pending column's clock asks the same list for its due and overdue counts (`sla`).
      const columns = api.calls.filter(
        (call) => call.path.startsWith('/api/admin/creators/status/') && !call.path.includes('sla='),
      );
      expect(columns.map((call) => new URL(call.path, 'http://x').pathname.split('/').at(-1)).sort()).toEqual(
        [...CREATOR_STATUSES].sort(),
      );
      for (const call of columns) {
        const params = new URL(call.path, 'http://x').searchParams;
        expect(params.get('assignee')).toBe('me');
        // A column's header needs no count past a hundred.
        expect(params.get('countUpTo')).toBe('100');
      }
    }, SLOW);
    expect(screen.getByRole('combobox', { name: 'Assignee' }).textContent).toBe('Mine');
  });

  it('counts one’s own due and overdue creators on the pending column, each a link to that list', async () => {
    const team = await t.app.inject({ method: 'GET', url: '/api/admin/assignees', headers: t.headers });
    const me = (team.json().assignees as { id: string; username: string }[]).find((a) => a.username === 'alice');
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    await insertCreators(t.database.db, 1, { name: 'Mei Chen', assigneeId: me?.id, createdAt: hoursAgo(30) });
    await insertCreators(t.database.db, 2, { name: 'Yuki Tanaka', assigneeId: me?.id, createdAt: hoursAgo(60) });
    // Someone else's overdue creator is not hers to count.
    await insertCreators(t.database.db, 1, { name: 'Linh Nguyen', createdAt: hoursAgo(70) });
    await renderBoard('/admin/board?assignee=me');
    const due = await screen.findByRole('link', { name: 'Due: 1' }, SLOW);
    const overdue = await screen.findByRole('link', { name: 'Overdue: 2' }, SLOW);
    expect(due.getAttribute('href')).toBe('/admin/creators/pending?sla=due&assignee=me');
    expect(overdue.getAttribute('href')).toBe('/admin/creators/pending?sla=overdue&assignee=me');
    expect(column('pending').contains(due)).toBe(true);
  });
});

describe('CreatorBoard: moves', () => {
  it('moves a card with the keyboard alone, saying each step aloud', async () => {
    const creator = await seedCreatorIn(t, 'listed');
    const { user } = await renderBoard();
    const handle = await handleOf('listed', creator);
    expect(handle.getAttribute('aria-describedby')).toBeTruthy();
    handle.focus();

    await user.keyboard(' ');
    expect(announcement()).toBe(
      `Picked up ${creator.name}, in Listed. Choose a column with the Left and Right arrows, then press Space to drop, or Escape to cancel.`,
    );
    await user.keyboard('{ArrowRight}');
    expect(announcement()).toBe('Matched column. Press Space to drop.');
    expect(column('matched').dataset.drop).toBe('over');
    expect(column('finalized').dataset.drop).toBe('refuses');
    await user.keyboard(' ');

    await waitFor(() => expect(announcement()).toBe(`${creator.name} moved to Matched.`), SLOW);
    expect(await statusOf(creator)).toBe('matched');
    await screen.findByText('Creator status changed to matched');
    await waitFor(() => expect(cardIn('matched', creator)).not.toBeNull(), SLOW);
    expect(cardIn('listed', creator)).toBeNull();
    // Focus follows her to her new column.
    await waitFor(() => expect(cardIn('matched', creator)?.contains(document.activeElement)).toBe(true), SLOW);
  });

  it('puts a picked-up card back with Escape, and moves nothing', async () => {
    const creator = await seedCreatorIn(t, 'listed');
    const { user, api } = await renderBoard();
    (await handleOf('listed', creator)).focus();
    await user.keyboard(' {ArrowRight}{Escape}');
    expect(announcement()).toBe(`Move cancelled. ${creator.name} stays in Listed.`);
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
    expect(column('matched').dataset.drop).toBe('idle');
  });

  it('shows a refused move in its new column while in flight, then snaps it back with the server’s reason', async () => {
    const creator = await seedCreatorIn(t, 'matched');
    const { user, api } = await renderBoard();
    await handleOf('matched', creator);
    const release = api.hold('PATCH', `/api/admin/creators/${creator.creatorId}/status`);

    await user.click(
      within(cardIn('matched', creator) as HTMLElement).getByRole('button', {
        name: `Move ${creator.name} (${creator.creatorId})`,
      }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Finalized' }));
    // Optimistic: in Finalized, busy, while the server has not answered.
    await waitFor(() => expect(cardIn('finalized', creator)?.getAttribute('aria-busy')).toBe('true'), SLOW);
    expect(cardIn('matched', creator)).toBeNull();

    // Meanwhile a colleague cancels her.
    const cancelled = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/creators/${creator.creatorId}/status`,
      headers: colleague,
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode).toBe(200);
    release();

    await screen.findByText('Failed to update status', {}, SLOW);
    expect(screen.getByText('A creator cannot be moved from cancelled to finalized')).toBeTruthy();
    await waitFor(() => expect(cardIn('finalized', creator)).toBeNull(), SLOW);
    // The columns are read again: she is where the colleague put her.
    await waitFor(() => expect(cardIn('cancelled', creator)).not.toBeNull(), SLOW);
    expect(await statusOf(creator)).toBe('cancelled');
  });

  it('asks a reason before a move to Cancelled, and puts the card back when the question is dismissed', async () => {
    const creator = await seedCreatorIn(t, 'matched');
    const { user, api } = await renderBoard();
    const handle = await handleOf('matched', creator);
    handle.focus();
    await user.keyboard(' {ArrowRight}{ArrowRight}');
    expect(announcement()).toBe('Cancelled column. Press Space to drop.');
    await user.keyboard(' ');

    let dialog = await screen.findByRole('dialog', { name: 'Cancel this creator?' }, SLOW);
    expect(cardIn('cancelled', creator)).not.toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(cardIn('matched', creator)).not.toBeNull(), SLOW);
    expect(cardIn('cancelled', creator)).toBeNull();
    expect(announcement()).toBe(`Move cancelled. ${creator.name} stays in Matched.`);
    expect(api.calls.filter((call) => call.method === 'PATCH')).toEqual([]);

    await user.click(
      within(cardIn('matched', creator) as HTMLElement).getByRole('button', {
        name: `Move ${creator.name} (${creator.creatorId})`,
      }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Cancelled' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel this creator?' }, SLOW);
    await giveCancelReason(user, { submit: 'Cancel creator' });
    await screen.findByText('Creator status changed to cancelled', {}, SLOW);
    expect(await statusOf(creator)).toBe('cancelled');
    const patch = api.calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toMatchObject({ status: 'cancelled', cancelReasonId: expect.any(String) });
  });

  it('lists a pending creator directly through the listing dialog, as her row’s Listed button does', async () => {
    const creator = await seedCreatorIn(t, 'pending', { name: 'Paola Andrea Restrepo Gómez' });
    const { user } = await renderBoard();
    await handleOf('pending', creator);
    await user.click(
      within(cardIn('pending', creator) as HTMLElement).getByRole('button', {
        name: `Move ${creator.name} (${creator.creatorId})`,
      }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Listed' }));
    const dialog = await screen.findByRole('dialog', { name: 'List Creator Directly' }, SLOW);
    await user.type(within(dialog).getByLabelText(/Listing URL/), LISTING.rollickListingUrl);
    await user.click(within(dialog).getByRole('button', { name: 'List Creator' }));
    await screen.findByText('Creator listed directly', {}, SLOW);
    const stored = await storedCreator(t, creator.creatorId);
    expect(stored?.status).toBe('listed');
    expect(stored?.rollickListingUrl).toBe(LISTING.rollickListingUrl);
    expect(stored?.activity.at(-1)?.action).toBe('Listed directly');
  });

  it('sends a first stage-2 link for a card dropped on Stage 2 Sent, and shows the link to pass on', async () => {
    const creator = await seedCreatorIn(t, 'pending', { name: 'Camila Rodrigues Albuquerque' });
    const { user } = await renderBoard();
    (await handleOf('pending', creator)).focus();
    await user.keyboard(' {ArrowRight} ');
    const dialog = await screen.findByRole('dialog', { name: 'Stage 2 Link' }, SLOW);
    expect(cardIn('stage2_sent', creator)).not.toBeNull();
    expect(await statusOf(creator)).toBe('stage2_sent');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(announcement()).toBe(`${creator.name} moved to Stage 2 Sent.`), SLOW);
    expect(cardIn('pending', creator)).toBeNull();
  });
});
