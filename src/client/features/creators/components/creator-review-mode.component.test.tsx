import { configure, getConfig, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CreatorStatus } from '#shared/creator-status.ts';
import { ADMIN_PAGE_SIZE } from '#shared/limits.ts';
import type { Creator } from '#shared/replies/creators.ts';
import { readListPage, seedCreatorIn, storedCreator } from '#tests/component/creators.ts';
import { loadAdminTexts, renderAsAdmin } from '#tests/component/render.tsx';
import { insertCreator } from '#tests/factories.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { CreatorsByStatus } from './creators-by-status.tsx';

const t = setUpTestApp();

beforeAll(loadAdminTexts);
// Each step waits on the real app, which shares two cores with the rest of the suite.
const { asyncUtilTimeout } = getConfig();
beforeAll(() => configure({ asyncUtilTimeout: 5_000 }));
afterAll(() => configure({ asyncUtilTimeout }));

const detailsTitle = (creator: Creator) => `Creator Details: ${creator.creatorId}`;
const named = (creator: Creator, text: string) => `${text}: ${creator.name} (${creator.creatorId})`;

/** A status page as the admin sees it, from its first page; `onChanged` is the page's move to a status. */
async function renderStatusPage(status: CreatorStatus, onChanged = vi.fn()) {
  const { hook, searchHook } = memoryLocation({ path: `/admin/creators/${status}` });
  const view = await renderAsAdmin(
    <Router hook={hook} searchHook={searchHook}>
      <CreatorsByStatus status={status} onChanged={onChanged} renderRecruiterEmail={(_recruiter, line) => line(null)} />
    </Router>,
    t,
  );
  return { ...view, onChanged };
}

const renderPendingPage = () => renderStatusPage('pending');

/** Opens the details of a creator from her card, as staff do, and returns the dialog. */
async function openDetails(user: Awaited<ReturnType<typeof renderStatusPage>>['user'], creator: Creator) {
  await user.click(await screen.findByRole('button', { name: `View Details for ${creator.creatorId}` }));
  return screen.findByRole('dialog', { name: detailsTitle(creator) });
}

describe('review mode: the details dialog works through the list it was opened from', () => {
  it('moves to the previous and next creator with its buttons and ←/→, but not while typing a note', async () => {
    for (const name of ['Ada Queue', 'Bea Queue', 'Cleo Queue'])
      await seedCreatorIn(t, 'pending', { name, contactMethod: 'Telegram', contactInfo: `@${name.split(' ')[0]}` });
    const [first, second, third] = (await readListPage(t, { status: 'pending' })).items as [Creator, Creator, Creator];
    const total = (await readListPage(t, { status: 'pending' })).items.length;
    const { user } = await renderPendingPage();

    let dialog = await openDetails(user, first);
    expect(within(dialog).getByText(`1 of ${total}`)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Previous creator' }).hasAttribute('disabled')).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Next creator' }));
    dialog = await screen.findByRole('dialog', { name: detailsTitle(second) });
    expect(within(dialog).getByText(`2 of ${total}`)).toBeTruthy();
    // Her own actions, as her row has them.
    expect(await within(dialog).findByRole('button', { name: named(second, 'Send Stage 2') })).toBeTruthy();

    await user.keyboard('{ArrowRight}');
    dialog = await screen.findByRole('dialog', { name: detailsTitle(third) });
    await user.keyboard('{ArrowLeft}');
    dialog = await screen.findByRole('dialog', { name: detailsTitle(second) });

    const note = await within(dialog).findByLabelText('Add a note');
    await user.type(note, 'Called her{ArrowLeft}{ArrowRight}{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: detailsTitle(second) })).toBeTruthy();
    expect((note as HTMLTextAreaElement).value).toBe('Called her');
  });

  it('moves on to the next creator of the list after an action there, without leaving the page', async () => {
    const { user, onChanged } = await renderPendingPage();
    const [first, second, third] = (await readListPage(t, { status: 'pending' })).items as [Creator, Creator, Creator];

    let dialog = await openDetails(user, second);
    await user.click(await within(dialog).findByRole('button', { name: named(second, 'Send Stage 2') }));
    const link = await screen.findByRole('dialog', { name: 'Stage 2 Link' });
    await user.click(within(link).getByRole('button', { name: 'Done' }));

    dialog = await screen.findByRole('dialog', { name: detailsTitle(third) });
    expect((await storedCreator(t, second.creatorId))?.status).toBe('stage2_sent');
    // The dialog's actions stay on the list; the page's move to the new status is the row buttons' own.
    expect(onChanged).not.toHaveBeenCalled();
    // Once the list is refreshed she has left it, and the one in her place is where the dialog stands.
    await waitFor(() => expect(within(dialog).getByText(/^2 of \d+$/)).toBeTruthy());

    // Deleting the creator shown moves on too: the one before, as she was the last.
    await user.click(await within(dialog).findByRole('button', { name: named(third, 'Delete') }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Creator' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await screen.findByRole('dialog', { name: detailsTitle(first) });
    expect(await storedCreator(t, third.creatorId)).toBeUndefined();
  });

  it('turns the page at its edges: past the last creator to the first of the next page, and back', async () => {
    for (let i = 0; i <= ADMIN_PAGE_SIZE; i++)
      await insertCreator(t.database.db, { status: 'listed', name: `Listed ${i}` });
    const firstPage = (await readListPage(t, { status: 'listed' })).items;
    const lastOfPage = firstPage.at(-1) as Creator;
    const { user } = await renderStatusPage('listed');

    let dialog = await openDetails(user, lastOfPage);
    expect(within(dialog).getByText(`${ADMIN_PAGE_SIZE} of ${ADMIN_PAGE_SIZE}`)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Next creator' }));
    dialog = await screen.findByRole('dialog', { name: /^Creator Details: / });
    await waitFor(() => expect(within(dialog).getByText('1 of 1')).toBeTruthy());
    expect(within(dialog).getByRole('heading', { name: /Creator Details/ }).textContent).not.toContain(
      lastOfPage.creatorId,
    );
    expect(within(dialog).getByRole('button', { name: 'Next creator' }).hasAttribute('disabled')).toBe(true);

    await user.keyboard('{ArrowLeft}');
    dialog = await screen.findByRole('dialog', { name: detailsTitle(lastOfPage) });
    await waitFor(() => expect(within(dialog).getByText(`${ADMIN_PAGE_SIZE} of ${ADMIN_PAGE_SIZE}`)).toBeTruthy());
  });

  it('moves on after Send Again too, once its question is answered and the new link shown', async () => {
    await seedCreatorIn(t, 'stage2_sent', { name: 'Dora Resend' });
    await seedCreatorIn(t, 'stage2_sent', { name: 'Eva Resend' });
    const [first, second] = (await readListPage(t, { status: 'stage2_sent' })).items as [Creator, Creator];
    const { user, onChanged } = await renderStatusPage('stage2_sent');

    let dialog = await openDetails(user, first);
    await user.click(await within(dialog).findByRole('button', { name: named(first, 'Send Again') }));
    const ask = await screen.findByRole('alertdialog', { name: 'Send a new link?' });
    // The arrow keys belong to the question while it is open.
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: detailsTitle(first), hidden: true })).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Send new link' }));
    const link = await screen.findByRole('dialog', { name: 'Stage 2 Link' });
    const url = (within(link).getByLabelText('Link for the creator') as HTMLInputElement).value;
    await user.click(within(link).getByRole('button', { name: 'Done' }));

    dialog = await screen.findByRole('dialog', { name: detailsTitle(second) });
    expect((await storedCreator(t, first.creatorId))?.opensWith(url)).toBe(true);
    expect(onChanged).not.toHaveBeenCalled();
  });
});
