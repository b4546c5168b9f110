import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CREATOR_STATUSES, type CreatorStatus } from '#shared/creator-status.ts';
import type { Creator } from '#shared/replies/creators.ts';
import { setUpAppWithMail } from '#tests/component/app-with-mail.ts';
import {
  cancelReasonIdOf,
  giveCancelReason,
  LISTING,
  seedCreatorIn,
  storedCreator,
} from '#tests/component/creators.ts';
import { loadAdminTexts, renderAsAdmin } from '#tests/component/render.tsx';
import { TEST_ADMIN } from '#tests/setup/test-app.ts';
import { CreatorRowActions, type CreatorRowActionsProps } from './creator-row-actions.tsx';

const { t, mailbox } = setUpAppWithMail();
const reviewer = t.signedInAs({ username: 'ravi.reviewer', password: 'reviewer password 1', role: 'reviewer' });
/** Another owner, working on the same creators in another browser. */
const colleague = t.signedInAs({ username: 'olga.owner', password: 'owner password 12' });

const pathOf = (creator: Creator) => `/api/admin/creators/${creator.creatorId}`;
/** A button's accessible name on a row: its text, then whose it is. */
const named = (creator: Creator, text: string) => `${text}: ${creator.name} (${creator.creatorId})`;
const buttonTexts = () => screen.queryAllByRole('button').map((button) => button.textContent);
/** What the database holds for her now, which the screen's action must have left. */
const stored = async (creator: Creator) => storedCreator(t, creator.creatorId);

beforeAll(loadAdminTexts);

describe('CreatorRowActions: which buttons (product §4)', () => {
  const seeded = new Map<CreatorStatus, Creator>();
  const creatorIn = (status: CreatorStatus): Creator => {
    const creator = seeded.get(status);
    if (!creator) throw new Error(`no ${status} creator was seeded`);
    return creator;
  };
  beforeAll(async () => {
    for (const status of CREATOR_STATUSES) seeded.set(status, await seedCreatorIn(t, status));
  });

  it.each([
    ['pending', ['Send Stage 2', 'Listed', 'Delete']],
    ['stage2_sent', ['Send Again']],
    ['stage2_submitted', ['List Creator']],
    ['listed', ['Mark as Matched']],
    ['matched', ['Finalize', 'Cancel']],
    ['cancelled', ['Relist']],
    ['finalized', []],
  ] as const)('gives a %s creator %j', async (status, texts) => {
    const creator = creatorIn(status);
    await renderAsAdmin(<CreatorRowActions creator={creator} />, t);
    expect(buttonTexts()).toEqual(texts);
    for (const text of texts) expect(screen.getByRole('button', { name: named(creator, text) })).toBeTruthy();
  });

  it('shows a finalized creator as Completed', async () => {
    await renderAsAdmin(<CreatorRowActions creator={creatorIn('finalized')} />, t);
    expect(screen.getByText('Completed')).toBeTruthy();
  });

  it('hides Delete from a reviewer, whose delete the server refuses', async () => {
    const creator = creatorIn('pending');
    await renderAsAdmin(<CreatorRowActions creator={creator} />, t, reviewer);
    expect(buttonTexts()).toEqual(['Send Stage 2', 'Listed']);
    const refused = await t.app.inject({ method: 'DELETE', url: pathOf(creator), headers: reviewer });
    expect(refused.statusCode).toBe(403);
  });

  it('offers E-mail link to a creator who chose Email, as the server can send mail', async () => {
    const byEmail = await seedCreatorIn(t, 'stage2_sent', {
      contactMethod: 'Email',
      contactInfo: 'amelie.nunez@example.fr',
    });
    await renderAsAdmin(<CreatorRowActions creator={byEmail} />, t);
    expect(buttonTexts()).toEqual(['Send Again', 'E-mail link']);
    await renderAsAdmin(<CreatorRowActions creator={creatorIn('stage2_sent')} />, t);
    expect(screen.queryByRole('button', { name: named(creatorIn('stage2_sent'), 'E-mail link') })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^E-mail link: / })).toHaveLength(1);
  });
});

describe('CreatorRowActions: what the buttons do', () => {
  it('moves a listed creator to matched, says so and follows it', async () => {
    const creator = await seedCreatorIn(t, 'listed');
    const onChanged = vi.fn();
    const { user, api } = await renderAsAdmin(<CreatorRowActions creator={creator} onChanged={onChanged} />, t);

    await user.click(screen.getByRole('button', { name: named(creator, 'Mark as Matched') }));

    await screen.findByText('Creator status changed to matched');
    expect(screen.getByText('Status updated')).toBeTruthy();
    expect(api.calls).toEqual([{ method: 'PATCH', path: `${pathOf(creator)}/status`, body: { status: 'matched' } }]);
    expect(onChanged).toHaveBeenCalledWith('matched');
    const after = await stored(creator);
    expect(after?.status).toBe('matched');
    expect(after?.activity.at(-1)).toMatchObject({
      action: 'Status changed to matched',
      performedBy: TEST_ADMIN.username,
    });
  });

  it('disables every button of the row while one of its requests is in flight', async () => {
    const creator = await seedCreatorIn(t, 'matched');
    const { user, api } = await renderAsAdmin(<CreatorRowActions creator={creator} />, t);
    const release = api.hold('PATCH', `${pathOf(creator)}/status`);
    const finalize = screen.getByRole('button', { name: named(creator, 'Finalize') });
    const cancel = screen.getByRole('button', { name: named(creator, 'Cancel') });

    await user.click(cancel);
    // Cancel asks why first (decision 063); the request goes once a reason is given.
    await giveCancelReason(user, { submit: 'Cancel creator' });

    await waitFor(() => expect(cancel.hasAttribute('disabled')).toBe(true));
    expect(finalize.hasAttribute('disabled')).toBe(true);
    expect((await stored(creator))?.status).toBe('matched');
    release();
    await screen.findByText('Creator status changed to cancelled');
    expect(finalize.hasAttribute('disabled')).toBe(false);
    const reasonId = await cancelReasonIdOf(t, 'no_response');
    expect(api.calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { status: 'cancelled', cancelReasonId: reasonId, cancelNote: null },
    ]);
    expect((await stored(creator))?.status).toBe('cancelled');
  });

  it('reports a change another admin made first, and stays where it is', async () => {
    const creator = await seedCreatorIn(t, 'listed');
    const onChanged = vi.fn();
    const { user } = await renderAsAdmin(<CreatorRowActions creator={creator} onChanged={onChanged} />, t);
    const first = await t.app.inject({
      method: 'PATCH',
      url: `${pathOf(creator)}/status`,
      headers: colleague,
      payload: { status: 'matched' },
    });
    expect(first.statusCode).toBe(200);

    await user.click(screen.getByRole('button', { name: named(creator, 'Mark as Matched') }));

    await screen.findByText('Failed to update status');
    // The server's reason, by its key: she is matched already.
    expect(screen.getByText('A creator cannot be moved from matched to matched')).toBeTruthy();
    expect(onChanged).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: named(creator, 'Mark as Matched') }).hasAttribute('disabled')).toBe(
      false,
    );
    const after = await stored(creator);
    expect(after?.status).toBe('matched');
    expect(after?.activity.filter((entry) => entry.action === 'Status changed to matched')).toEqual([
      expect.objectContaining({ performedBy: 'olga.owner' }),
    ]);
  });

  it('lists a stage2_submitted creator with the listing URL and hub id it asks for', async () => {
    const creator = await seedCreatorIn(t, 'stage2_submitted');
    const onChanged = vi.fn();
    const { user, api } = await renderAsAdmin(<CreatorRowActions creator={creator} onChanged={onChanged} />, t);

    await user.click(screen.getByRole('button', { name: named(creator, 'List Creator') }));
    const dialog = await screen.findByRole('dialog', { name: 'List Creator' });
    await user.click(within(dialog).getByRole('button', { name: 'List Creator' }));
    await within(dialog).findByText('Please provide Listing URL');
    expect(api.calls).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Listing URL' }), LISTING.rollickListingUrl);
    await user.type(within(dialog).getByRole('textbox', { name: /Creator Hub ID/ }), LISTING.rollickCreatorHubId);
    await user.click(within(dialog).getByRole('button', { name: 'List Creator' }));

    await screen.findByText('Creator status changed to listed');
    expect(api.calls).toEqual([
      { method: 'PATCH', path: `${pathOf(creator)}/status`, body: { status: 'listed', ...LISTING } },
    ]);
    expect(onChanged).toHaveBeenCalledWith('listed');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await stored(creator)).toMatchObject({ status: 'listed', ...LISTING });
  });

  it('lists a pending creator directly, through its own call', async () => {
    const creator = await seedCreatorIn(t, 'pending');
    const { user, api } = await renderAsAdmin(<CreatorRowActions creator={creator} />, t);

    await user.click(screen.getByRole('button', { name: named(creator, 'Listed') }));
    const dialog = await screen.findByRole('dialog', { name: 'List Creator Directly' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Listing URL' }), LISTING.rollickListingUrl);
    await user.click(within(dialog).getByRole('button', { name: 'List Creator' }));

    await screen.findByText('Creator listed directly');
    expect(api.calls).toEqual([
      {
        method: 'PATCH',
        path: `${pathOf(creator)}/list-directly`,
        body: { rollickListingUrl: LISTING.rollickListingUrl, rollickCreatorHubId: null },
      },
    ]);
    const after = await stored(creator);
    expect(after).toMatchObject({
      status: 'listed',
      rollickListingUrl: LISTING.rollickListingUrl,
      rollickCreatorHubId: null,
    });
    expect(after?.activity.at(-1)?.action).toBe('Listed directly');
  });

  it('sends a first stage-2 link to the clipboard and follows the creator to stage2_sent', async () => {
    const creator = await seedCreatorIn(t, 'pending');
    const onChanged = vi.fn();
    const { user, api } = await renderAsAdmin(<CreatorRowActions creator={creator} onChanged={onChanged} />, t);

    await user.click(screen.getByRole('button', { name: named(creator, 'Send Stage 2') }));

    await screen.findByText('Stage 2 link generated');
    expect(screen.getByText('The link has been copied to your clipboard.')).toBeTruthy();
    const copied = await navigator.clipboard.readText();
    expect(copied).toMatch(`${window.location.origin}/stage2/${creator.creatorId}?token=`);
    expect(api.calls).toEqual([
      { method: 'POST', path: `${pathOf(creator)}/send-stage2`, body: undefined },
      { method: 'GET', path: '/api/admin/message-templates', body: undefined },
    ]);
    // The link is shown too; the page follows her once it is closed.
    const dialog = await screen.findByRole('dialog', { name: 'Stage 2 Link' });
    expect((within(dialog).getByLabelText('Link for the creator') as HTMLInputElement).value).toBe(copied);
    expect(onChanged).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith('stage2_sent'));
    const after = await stored(creator);
    expect(after?.status).toBe('stage2_sent');
    expect(after?.opensWith(copied)).toBe(true);
  });

  it('shows the new link to copy by hand when the clipboard is refused, holding the row until it is closed', async () => {
    const creator = await seedCreatorIn(t, 'stage2_sent');
    const onChanged = vi.fn();
    const { user } = await renderAsAdmin(<CreatorRowActions creator={creator} onChanged={onChanged} />, t);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));

    await user.click(screen.getByRole('button', { name: named(creator, 'Send Again') }));
    const ask = await screen.findByRole('alertdialog', { name: 'Send a new link?' });
    await user.click(within(ask).getByRole('button', { name: 'Send new link' }));

    const dialog = await screen.findByRole('dialog', { name: 'Stage 2 Link' });
    expect(
      within(dialog).getByText('Your browser did not allow copying automatically.', { exact: false }),
    ).toBeTruthy();
    expect(screen.getByText('Stage 2 link regenerated')).toBeTruthy();
    const shown = (within(dialog).getByLabelText('Link for the creator') as HTMLInputElement).value;
    expect(shown).toMatch(`${window.location.origin}/stage2/${creator.creatorId}?token=`);
    // The new link replaces the one sent before: only the one shown opens her form.
    expect((await stored(creator))?.opensWith(shown)).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: named(creator, 'Send Again') }).hasAttribute('disabled')).toBe(false);
    // A new link leaves the creator in stage2_sent: the page has nowhere to move.
    expect(onChanged).not.toHaveBeenCalled();
    expect((await stored(creator))?.status).toBe('stage2_sent');
  });

  it('e-mails the link to a creator who chose Email, and copies it too', async () => {
    const creator = await seedCreatorIn(t, 'pending', { contactMethod: 'Email', contactInfo: 'amelie@example.fr' });
    const onChanged = vi.fn();
    const { user, api } = await renderAsAdmin(<CreatorRowActions creator={creator} onChanged={onChanged} />, t);

    await user.click(screen.getByRole('button', { name: named(creator, 'E-mail link') }));

    await screen.findByText('Stage 2 link generated');
    expect(
      screen.getByText('The link was queued for e-mail to the applicant. The link has been copied to your clipboard.'),
    ).toBeTruthy();
    expect(api.calls).toEqual([
      { method: 'POST', path: `${pathOf(creator)}/send-stage2`, body: { email: true } },
      { method: 'GET', path: '/api/admin/message-templates', body: undefined },
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Stage 2 Link' });
    expect(within(dialog).getByText('The server is e-mailing this link to amelie@example.fr.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith('stage2_sent'));
    const copied = await navigator.clipboard.readText();
    const [mail] = await mailbox().mails.waitFor(1);
    expect(mail?.envelopeTo).toEqual(['amelie@example.fr']);
    expect(mail?.text).toContain(copied);
    const after = await stored(creator);
    expect(after?.opensWith(copied)).toBe(true);
    expect(after?.activity.at(-1)).toMatchObject({
      action: 'Stage 2 link generated',
      additionalInfo: { emailed: true },
    });
  });
});

describe('CreatorRowActions: Delete', () => {
  it('asks first, naming the creator, and deletes only once confirmed', async () => {
    const creator = await seedCreatorIn(t, 'pending');
    const { user, api } = await renderAsAdmin(<CreatorRowActions creator={creator} />, t);

    await user.click(screen.getByRole('button', { name: named(creator, 'Delete') }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Creator' });
    expect(within(confirm).getByText(`Delete the application of ${creator.name} (${creator.creatorId})?`)).toBeTruthy();
    expect(api.calls).toEqual([]);

    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await screen.findByText('Creator Deleted');
    expect(screen.getByText(`Creator ${creator.creatorId} deleted`)).toBeTruthy();
    expect(api.calls).toEqual([{ method: 'DELETE', path: pathOf(creator), body: undefined }]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await stored(creator)).toBeUndefined();
  });

  it('keeps the creator when the question is cancelled', async () => {
    const creator = await seedCreatorIn(t, 'pending');
    const { user, api } = await renderAsAdmin(<CreatorRowActions creator={creator} />, t);

    await user.click(screen.getByRole('button', { name: named(creator, 'Delete') }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Creator' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls).toEqual([]);
    expect((await stored(creator))?.status).toBe('pending');
  });
});

type Layout = NonNullable<CreatorRowActionsProps['layout']>;
let foldTo: (layout: Layout) => void = () => {};

/** A table row whose actions fold or unfold as its table is measured again (new rows, a narrower window). */
function FoldingRow({ creator, first }: { creator: Creator; first: Layout }) {
  const [layout, setLayout] = useState<Layout>(first);
  foldTo = setLayout;
  return <CreatorRowActions creator={creator} layout={layout} extra={<button type="button">Assign</button>} />;
}

describe('CreatorRowActions: folding while an action is open', () => {
  const fold = (layout: Layout) => act(() => foldTo(layout));

  it('keeps Send Again’s question and then its link open while the row folds its buttons into the menu', async () => {
    const creator = await seedCreatorIn(t, 'stage2_sent', { name: 'Александра Константиновна Воскресенская' });
    const { user } = await renderAsAdmin(<FoldingRow creator={creator} first="row" />, t);

    await user.click(screen.getByRole('button', { name: named(creator, 'Send Again') }));
    await screen.findByRole('alertdialog', { name: 'Send a new link?' });
    fold('menu');
    fold('menuOnly');
    expect(screen.queryByRole('button', { name: named(creator, 'Send Again') })).toBeNull();
    const ask = screen.getByRole('alertdialog', { name: 'Send a new link?' });
    await user.click(within(ask).getByRole('button', { name: 'Send new link' }));

    const dialog = await screen.findByRole('dialog', { name: 'Stage 2 Link' });
    const shown = (within(dialog).getByLabelText('Link for the creator') as HTMLInputElement).value;
    fold('row');
    expect(screen.getByRole('dialog', { name: 'Stage 2 Link' })).toBe(dialog);
    expect((await stored(creator))?.opensWith(shown)).toBe(true);
  });

  it('keeps the question asked from the menu open when the row unfolds, and its answer still works', async () => {
    const creator = await seedCreatorIn(t, 'pending');
    const { user } = await renderAsAdmin(<FoldingRow creator={creator} first="menuOnly" />, t);

    await user.click(screen.getByRole('button', { name: `More actions for ${creator.name} (${creator.creatorId})` }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Send Stage 2',
      'Listed',
      'Delete',
      'Assign',
    ]);
    await user.click(screen.getByRole('menuitem', { name: named(creator, 'Delete') }));
    await screen.findByRole('alertdialog', { name: 'Delete Creator' });
    fold('row');
    // Unfolded beneath the dialog, which hides the rest of the page from its reader while it is open.
    const onRow = screen.getByRole('button', { name: named(creator, 'Send Stage 2'), hidden: true });
    expect(onRow.closest('[hidden]')).toBeNull();
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Creator Deleted');
    expect(await stored(creator)).toBeUndefined();
  });
});
