import { screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '#client/lib/i18n.ts';
import type { Creator } from '#shared/replies/creators.ts';
import { giveCancelReason, LISTING, seedCreatorIn, storedCreator } from '#tests/component/creators.ts';
import { loadAdminTexts, renderAsAdmin } from '#tests/component/render.tsx';
import { setUpTestApp, TEST_ADMIN } from '#tests/setup/test-app.ts';
import { useBulkSelection } from '../lib/use-bulk-selection.ts';
import { CreatorBulkBar } from './creator-bulk-bar.tsx';
import { CreatorRowActions } from './creator-row-actions.tsx';

const t = setUpTestApp();
const reviewer = t.signedInAs({ username: 'ravi.reviewer', password: 'reviewer password 1', role: 'reviewer' });
/** Another owner, working on the same creators in another browser. */
const colleague = t.signedInAs({ username: 'olga.owner', password: 'owner password 12' });

const pathOf = (creator: Creator) => `/api/admin/creators/${creator.creatorId}`;
const named = (creator: Creator, text: string) => `${text}: ${creator.name} (${creator.creatorId})`;
const stored = async (creator: Creator) => storedCreator(t, creator.creatorId);
/** The toast on screen now; those it replaced may linger in the page, leaving (jsdom runs no animations). */
function currentToast(): HTMLElement {
  const shown = document.querySelectorAll<HTMLElement>('[data-sonner-toast]:not([data-removed="true"])');
  const last = [...shown].at(-1);
  if (!last) throw new Error('no toast on screen');
  return last;
}
/** Waits until the toast on screen says `text`, and returns it. */
async function toastSaying(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const shown = currentToast();
    expect(shown.textContent).toContain(text);
    return shown;
  });
}

beforeAll(loadAdminTexts);

describe('Undo in the toast of a status change (docs/decisions/033)', () => {
  it('puts back a cancelled creator: the server holds her as matched again and the toast says so', async () => {
    const creator = await seedCreatorIn(t, 'matched');
    const { user, api } = await renderAsAdmin(<CreatorRowActions creator={creator} />, t);

    await user.click(screen.getByRole('button', { name: named(creator, 'Cancel') }));
    await giveCancelReason(user, { submit: 'Cancel creator' });
    await toastSaying('Creator status changed to cancelled');
    expect((await stored(creator))?.status).toBe('cancelled');
    const change = await lastChangeId(creator);

    await user.click(within(currentToast()).getByRole('button', { name: 'Undo' }));

    await toastSaying('Change undone');
    await toastSaying("The creator's status is back to matched.");
    expect(api.calls.at(-1)).toEqual({ method: 'POST', path: `${pathOf(creator)}/status/undo`, body: { change } });
    const after = await stored(creator);
    expect(after?.status).toBe('matched');
    expect(after?.activity.at(-1)).toMatchObject({
      action: 'Change undone',
      performedBy: TEST_ADMIN.username,
      additionalInfo: { change, undid: 'Status changed to cancelled', from: 'cancelled', to: 'matched' },
    });
  });

  it('says why it cannot when another admin changed the creator since, and leaves their change', async () => {
    const creator = await seedCreatorIn(t, 'listed');
    const { user } = await renderAsAdmin(<CreatorRowActions creator={creator} />, t, reviewer);
    await user.click(screen.getByRole('button', { name: named(creator, 'Mark as Matched') }));
    await toastSaying('Creator status changed to matched');
    const theirs = await t.app.inject({
      method: 'PATCH',
      url: `${pathOf(creator)}/status`,
      headers: colleague,
      payload: { status: 'finalized' },
    });
    expect(theirs.statusCode).toBe(200);

    await user.click(within(currentToast()).getByRole('button', { name: 'Undo' }));

    await toastSaying('Could not undo');
    await toastSaying('This change can no longer be undone: the creator has changed since');
    expect((await stored(creator))?.status).toBe('finalized');
  });

  it('takes back a direct listing: pending again, without the listing', async () => {
    const creator = await seedCreatorIn(t, 'pending');
    const { user } = await renderAsAdmin(<CreatorRowActions creator={creator} />, t);
    await user.click(screen.getByRole('button', { name: named(creator, 'Listed') }));
    const dialog = await screen.findByRole('dialog', { name: 'List Creator Directly' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Listing URL' }), LISTING.rollickListingUrl);
    await user.click(within(dialog).getByRole('button', { name: 'List Creator' }));
    await toastSaying('Creator listed directly');

    await user.click(within(currentToast()).getByRole('button', { name: 'Undo' }));

    await toastSaying("The creator's status is back to pending.");
    expect(await stored(creator)).toMatchObject({ status: 'pending', rollickListingUrl: null });
  });

  it('takes back a stage-2 link: the link that was copied no longer opens her form', async () => {
    const creator = await seedCreatorIn(t, 'pending');
    const { user } = await renderAsAdmin(<CreatorRowActions creator={creator} />, t);
    await user.click(screen.getByRole('button', { name: named(creator, 'Send Stage 2') }));
    await toastSaying('Stage 2 link generated');
    const copied = await navigator.clipboard.readText();
    expect((await stored(creator))?.opensWith(copied)).toBe(true);
    // The link is shown until the admin closes it; the toast's Undo is still there then.
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Done' }));

    await user.click(within(currentToast()).getByRole('button', { name: 'Undo' }));

    await toastSaying("The creator's status is back to pending.");
    const after = await stored(creator);
    expect(after?.status).toBe('pending');
    expect(after?.opensWith(copied)).toBe(false);
  });
});

/** The id of the creator's last change, as the server answered it to the screen (its activity entry's). */
async function lastChangeId(creator: Creator): Promise<string | undefined> {
  const reply = await t.app.inject({ method: 'GET', url: pathOf(creator), headers: t.headers });
  return reply.json<{ activityLog: { id: string }[] }>().activityLog.at(-1)?.id;
}

function BulkBarOn({ selected }: { selected: readonly Creator[] }) {
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
  return <CreatorBulkBar selection={selection} filter={{ status: 'listed' }} total={selected.length} totalIsExact />;
}

describe('Undo in the summary of a bulk change', () => {
  it('puts back every creator the action moved', async () => {
    const selected = [await seedCreatorIn(t, 'listed'), await seedCreatorIn(t, 'listed')] as const;
    const { user, api } = await renderAsAdmin(<BulkBarOn selected={selected} />, t);
    await user.click(screen.getByRole('button', { name: 'Change status' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to matched' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(await within(confirm).findByRole('button', { name: 'Move 2 creators to matched' }));
    const summary = await screen.findByRole('dialog', { name: 'Bulk action finished' });
    for (const creator of selected) expect((await stored(creator))?.status).toBe('matched');

    await user.click(within(summary).getByRole('button', { name: 'Undo these 2 changes' }));

    await toastSaying('Changes undone');
    await toastSaying('2 creators are back where they were.');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bulk action finished' })).toBeNull());
    expect(api.calls.at(-1)?.path).toBe('/api/admin/creators/bulk/undo');
    for (const creator of selected) {
      const after = await stored(creator);
      expect(after?.status).toBe('listed');
      expect(after?.activity.at(-1)?.action).toBe('Change undone');
    }
  });
});

describe('Undo in the toast after a bulk summary is closed', () => {
  it('still offers Undo once the summary is closed with Done', async () => {
    const selected = [await seedCreatorIn(t, 'listed'), await seedCreatorIn(t, 'listed')] as const;
    const { user } = await renderAsAdmin(<BulkBarOn selected={selected} />, t);
    await user.click(screen.getByRole('button', { name: 'Change status' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to matched' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(await within(confirm).findByRole('button', { name: 'Move 2 creators to matched' }));
    const summary = await screen.findByRole('dialog', { name: 'Bulk action finished' });
    await user.click(within(summary).getByRole('button', { name: 'Done' }));
    await toastSaying('Done: 2');

    await user.click(within(currentToast()).getByRole('button', { name: 'Undo' }));

    await toastSaying('2 creators are back where they were.');
    for (const creator of selected) expect((await stored(creator))?.status).toBe('listed');
  });
});

describe('Toasts and the bulk confirmation in Russian: status names, never status codes or English', () => {
  beforeAll(() => changeLanguage('ru'));
  afterAll(() => changeLanguage('en'));

  it('names the statuses of the toast and of its undo as the menu does', async () => {
    const creator = await seedCreatorIn(t, 'matched');
    const { user } = await renderAsAdmin(<CreatorRowActions creator={creator} />, t);

    await user.click(screen.getByRole('button', { name: `Отменить — ${creator.name} (${creator.creatorId})` }));
    await giveCancelReason(user, { reason: 'Нет ответа', submit: 'Отменить автора' });
    await toastSaying('Статус автора изменён на «Отменён»');
    await user.click(within(currentToast()).getByRole('button', { name: 'Вернуть как было' }));

    await toastSaying('Статус автора снова «Агентство подобрано».');
    expect(currentToast().textContent).not.toMatch(/matched|cancelled/);
    expect((await stored(creator))?.status).toBe('matched');
  });

  it('says a deletion in Russian, not in the server’s English', async () => {
    const creator = await seedCreatorIn(t, 'pending');
    const { user } = await renderAsAdmin(<CreatorRowActions creator={creator} />, t);
    await user.click(screen.getByRole('button', { name: `Удалить — ${creator.name} (${creator.creatorId})` }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));

    const shown = await toastSaying(`Автор ${creator.creatorId} удалён`);
    expect(shown.textContent).not.toMatch(/deleted/);
    expect(await stored(creator)).toBeUndefined();
  });

  it('says how many move where, and the button says what it does', async () => {
    const selected = [await seedCreatorIn(t, 'listed'), await seedCreatorIn(t, 'listed')] as const;
    const { user } = await renderAsAdmin(<BulkBarOn selected={selected} />, t);
    await user.click(screen.getByRole('button', { name: 'Изменить статус' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Перевести в «Агентство подобрано»' }));
    const confirm = await screen.findByRole('alertdialog');

    expect(await within(confirm).findByText('2 автора переходят в «Агентство подобрано».')).toBeTruthy();
    expect(within(confirm).getByRole('button', { name: 'Перевести 2 автора в «Агентство подобрано»' })).toBeTruthy();
    expect(confirm.textContent).not.toMatch(/matched/);
  });
});
