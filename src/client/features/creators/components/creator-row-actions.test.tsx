// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { CreatorStatus } from '#shared/creator-status.ts';
import { creatorChangeResultSchema, messageResultSchema, stage2LinkResultSchema } from '#shared/replies/creators.ts';
import { stubApi } from '#tests/component/api-stub.ts';
import { creatorIn } from '#tests/component/creators.ts';
import { loadAdminTexts, renderAsAdmin } from '#tests/component/render.tsx';
import { CreatorRowActions } from './creator-row-actions.tsx';

const NAME = 'Amélie Núñez-Østergård';
const ID = 'RC-7KX3P9QD';
const CREATOR_PATH = `/api/admin/creators/${ID}`;
/** A button's accessible name on a row: its text, then whose it is. */
const named = (text: string) => `${text}: ${NAME} (${ID})`;

const buttonTexts = () => screen.queryAllByRole('button').map((button) => button.textContent);

beforeAll(loadAdminTexts);

describe('CreatorRowActions: which buttons (product §4)', () => {
  it.each([
    ['pending', ['Send Stage 2', 'Listed', 'Delete']],
    ['stage2_sent', ['Send Again']],
    ['stage2_submitted', ['List Creator']],
    ['listed', ['Mark as Matched']],
    ['matched', ['Finalize', 'Cancel']],
    ['cancelled', ['Relist']],
    ['finalized', []],
  ] as const)('gives a %s creator %j', (status, texts) => {
    renderAsAdmin(<CreatorRowActions creator={creatorIn(status)} />);
    expect(buttonTexts()).toEqual(texts);
    for (const text of texts) expect(screen.getByRole('button', { name: named(text) })).toBeTruthy();
  });

  it('shows a finalized creator as Completed', () => {
    renderAsAdmin(<CreatorRowActions creator={creatorIn('finalized')} />);
    expect(screen.getByText('Completed')).toBeTruthy();
  });

  it('hides Delete from a reviewer, whose delete the server would refuse', () => {
    renderAsAdmin(<CreatorRowActions creator={creatorIn('pending')} />, { role: 'reviewer' });
    expect(buttonTexts()).toEqual(['Send Stage 2', 'Listed']);
  });

  it('offers E-mail link to a creator who chose Email, when the server can send mail', () => {
    const byEmail = creatorIn('stage2_sent', { contactMethod: 'Email', contactInfo: 'amelie.nunez@example.fr' });
    renderAsAdmin(<CreatorRowActions creator={byEmail} />, { canEmailApplicants: true });
    expect(buttonTexts()).toEqual(['Send Again', 'E-mail link']);
    renderAsAdmin(<CreatorRowActions creator={creatorIn('stage2_sent')} />, { canEmailApplicants: true });
    expect(screen.getAllByRole('button', { name: named('E-mail link') })).toHaveLength(1);
  });
});

describe('CreatorRowActions: what the buttons do', () => {
  it('moves a listed creator to matched, says so and follows it', async () => {
    const api = stubApi();
    api.reply(
      'PATCH',
      `${CREATOR_PATH}/status`,
      200,
      creatorChangeResultSchema.parse({ creator: creatorIn('matched') }),
    );
    const onChanged = vi.fn();
    const { user } = renderAsAdmin(<CreatorRowActions creator={creatorIn('listed')} onChanged={onChanged} />);

    await user.click(screen.getByRole('button', { name: named('Mark as Matched') }));

    await screen.findByText('Creator status changed to matched');
    expect(screen.getByText('Status updated')).toBeTruthy();
    expect(api.calls).toEqual([{ method: 'PATCH', path: `${CREATOR_PATH}/status`, body: { status: 'matched' } }]);
    expect(onChanged).toHaveBeenCalledWith('matched');
  });

  it('disables every button of the row while one of its requests is in flight', async () => {
    const api = stubApi();
    const release = api.hold(
      'PATCH',
      `${CREATOR_PATH}/status`,
      200,
      creatorChangeResultSchema.parse({ creator: creatorIn('cancelled') }),
    );
    const { user } = renderAsAdmin(<CreatorRowActions creator={creatorIn('matched')} />);
    const finalize = screen.getByRole('button', { name: named('Finalize') });
    const cancel = screen.getByRole('button', { name: named('Cancel') });

    await user.click(cancel);

    await waitFor(() => expect(cancel.hasAttribute('disabled')).toBe(true));
    expect(finalize.hasAttribute('disabled')).toBe(true);
    release();
    await screen.findByText('Creator status changed to cancelled');
    expect(finalize.hasAttribute('disabled')).toBe(false);
    expect(api.calls.map((call) => call.body)).toEqual([{ status: 'cancelled' }]);
  });

  it('reports a change another admin made first, and stays where it is', async () => {
    const api = stubApi();
    api.reply('PATCH', `${CREATOR_PATH}/status`, 409, {
      code: 'INVALID_TRANSITION',
      message: "This creator's status has changed; reload and try again",
    });
    const onChanged = vi.fn();
    const { user } = renderAsAdmin(<CreatorRowActions creator={creatorIn('listed')} onChanged={onChanged} />);

    await user.click(screen.getByRole('button', { name: named('Mark as Matched') }));

    await screen.findByText('Failed to update status');
    expect(onChanged).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: named('Mark as Matched') }).hasAttribute('disabled')).toBe(false);
  });

  it('lists a stage2_submitted creator with the listing URL and hub id it asks for', async () => {
    const api = stubApi();
    const url = 'https://marketplace.rollick.example/creators/amelie-nunez';
    api.reply(
      'PATCH',
      `${CREATOR_PATH}/status`,
      200,
      creatorChangeResultSchema.parse({ creator: creatorIn('listed') }),
    );
    const onChanged = vi.fn();
    const { user } = renderAsAdmin(<CreatorRowActions creator={creatorIn('stage2_submitted')} onChanged={onChanged} />);

    await user.click(screen.getByRole('button', { name: named('List Creator') }));
    const dialog = await screen.findByRole('dialog', { name: 'List Creator' });
    await user.click(within(dialog).getByRole('button', { name: 'List Creator' }));
    await within(dialog).findByText('Please provide Listing URL');
    expect(api.calls).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Listing URL' }), url);
    await user.type(within(dialog).getByRole('textbox', { name: /Creator Hub ID/ }), 'HUB-20481');
    await user.click(within(dialog).getByRole('button', { name: 'List Creator' }));

    await screen.findByText('Creator status changed to listed');
    expect(api.calls).toEqual([
      {
        method: 'PATCH',
        path: `${CREATOR_PATH}/status`,
        body: { status: 'listed', rollickListingUrl: url, rollickCreatorHubId: 'HUB-20481' },
      },
    ]);
    expect(onChanged).toHaveBeenCalledWith('listed');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lists a pending creator directly, through its own call', async () => {
    const api = stubApi();
    const url = 'https://marketplace.rollick.example/creators/amelie-nunez';
    api.reply(
      'PATCH',
      `${CREATOR_PATH}/list-directly`,
      200,
      creatorChangeResultSchema.parse({ creator: creatorIn('listed') }),
    );
    const { user } = renderAsAdmin(<CreatorRowActions creator={creatorIn('pending')} />);

    await user.click(screen.getByRole('button', { name: named('Listed') }));
    const dialog = await screen.findByRole('dialog', { name: 'List Creator Directly' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Listing URL' }), url);
    await user.click(within(dialog).getByRole('button', { name: 'List Creator' }));

    await screen.findByText('Creator listed directly');
    expect(api.calls).toEqual([
      {
        method: 'PATCH',
        path: `${CREATOR_PATH}/list-directly`,
        body: { rollickListingUrl: url, rollickCreatorHubId: null },
      },
    ]);
  });

  it('sends a first stage-2 link to the clipboard and follows the creator to stage2_sent', async () => {
    const api = stubApi();
    const link = `/stage2/${ID}?token=9pQ2xV7kLmN4rT8wYb3cDf6gHj1sKe5a`;
    api.reply(
      'POST',
      `${CREATOR_PATH}/send-stage2`,
      200,
      stage2LinkResultSchema.parse({ link, expiresAt: '2026-03-07T09:14:22.000Z' }),
    );
    const onChanged = vi.fn();
    const { user } = renderAsAdmin(<CreatorRowActions creator={creatorIn('pending')} onChanged={onChanged} />);

    await user.click(screen.getByRole('button', { name: named('Send Stage 2') }));

    await screen.findByText('Stage 2 link generated');
    expect(screen.getByText('The link has been copied to your clipboard.')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}${link}`);
    expect(api.calls).toEqual([{ method: 'POST', path: `${CREATOR_PATH}/send-stage2`, body: undefined }]);
    expect(onChanged).toHaveBeenCalledWith('stage2_sent');
  });

  it('shows the new link to copy by hand when the clipboard is refused, holding the row until it is closed', async () => {
    const api = stubApi();
    const link = `/stage2/${ID}?token=Zt4uW8yA2cE6gI0kM3oQ7sU1wY5a9Bd`;
    api.reply(
      'POST',
      `${CREATOR_PATH}/send-stage2`,
      200,
      stage2LinkResultSchema.parse({ link, expiresAt: '2026-03-07T09:14:22.000Z' }),
    );
    const onChanged = vi.fn();
    const { user } = renderAsAdmin(<CreatorRowActions creator={creatorIn('stage2_sent')} onChanged={onChanged} />);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));

    await user.click(screen.getByRole('button', { name: named('Send Again') }));

    const dialog = await screen.findByRole('dialog', { name: 'Stage 2 Link' });
    expect(screen.getByText('Stage 2 link regenerated')).toBeTruthy();
    expect((within(dialog).getByLabelText('Link for the creator') as HTMLInputElement).value).toBe(
      `${window.location.origin}${link}`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: named('Send Again') }).hasAttribute('disabled')).toBe(false);
    // A new link leaves the creator in stage2_sent: the page has nowhere to move.
    expect(onChanged).not.toHaveBeenCalled();
  });
});

describe('CreatorRowActions: Delete', () => {
  function renderPending(status: CreatorStatus = 'pending') {
    const api = stubApi();
    api.reply('DELETE', CREATOR_PATH, 200, messageResultSchema.parse({ message: `Creator ${ID} deleted` }));
    return { api, ...renderAsAdmin(<CreatorRowActions creator={creatorIn(status)} />) };
  }

  it('asks first, naming the creator, and deletes only once confirmed', async () => {
    const { api, user } = renderPending();

    await user.click(screen.getByRole('button', { name: named('Delete') }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Creator' });
    expect(within(confirm).getByText(`Delete the application of ${NAME} (${ID})?`)).toBeTruthy();
    expect(api.calls).toEqual([]);

    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await screen.findByText('Creator Deleted');
    expect(screen.getByText(`Creator ${ID} deleted`)).toBeTruthy();
    expect(api.calls).toEqual([{ method: 'DELETE', path: CREATOR_PATH, body: undefined }]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('keeps the creator when the question is cancelled', async () => {
    const { api, user } = renderPending();

    await user.click(screen.getByRole('button', { name: named('Delete') }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Creator' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls).toEqual([]);
  });
});
