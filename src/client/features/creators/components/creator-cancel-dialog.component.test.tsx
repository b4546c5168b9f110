import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Creator } from '#shared/replies/creators.ts';
import { cancelReasonIdOf, seedCreatorIn, storedCreator } from '#tests/component/creators.ts';
import { loadAdminTexts, renderAsAdmin } from '#tests/component/render.tsx';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { CreatorRowActions } from './creator-row-actions.tsx';

const t = setUpTestApp();
const named = (creator: Creator, text: string) => `${text}: ${creator.name} (${creator.creatorId})`;

beforeAll(loadAdminTexts);

describe('Cancel asks why (decision 063)', () => {
  it('offers the owners’ reasons, asks a note for Other, and records both on the creator', async () => {
    const creator = await seedCreatorIn(t, 'matched');
    const { user, api } = await renderAsAdmin(<CreatorRowActions creator={creator} />, t);

    await user.click(screen.getByRole('button', { name: named(creator, 'Cancel') }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this creator?' });
    expect(within(dialog).getByText(new RegExp(creator.creatorId)).textContent).toContain(creator.name);
    const radios = await within(dialog).findAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('aria-checked'))).toEqual(Array(6).fill('false'));
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.closest('div')?.textContent),
    ).toEqual([
      'No response',
      'Chose another agency',
      'Not a fit',
      'Declined the offer',
      'Withdrawn by the creator',
      'Other',
    ]);

    // Nothing chosen: refused on screen, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel creator' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Please choose why she is cancelled');
    // Other without a note: refused on screen too.
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel creator' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Please say why in a note when the reason is Other',
    );
    expect(api.calls.filter((call) => call.method === 'PATCH')).toEqual([]);
    expect((await storedCreator(t, creator.creatorId))?.status).toBe('matched');

    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'She signed with a studio in Lisbon');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel creator' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel this creator?' })).toBeNull());
    const other = await cancelReasonIdOf(t, 'other');
    expect(api.calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { status: 'cancelled', cancelReasonId: other, cancelNote: 'She signed with a studio in Lisbon' },
    ]);
    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/admin/creators/${creator.creatorId}`,
      headers: t.headers,
    });
    expect(stored.json().creator).toMatchObject({
      status: 'cancelled',
      cancelReasonId: other,
      cancelNote: 'She signed with a studio in Lisbon',
    });
  });

  it('keeps the creator as she was when the question is put away', async () => {
    const creator = await seedCreatorIn(t, 'matched');
    const { user, api } = await renderAsAdmin(<CreatorRowActions creator={creator} />, t);
    await user.click(screen.getByRole('button', { name: named(creator, 'Cancel') }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this creator?' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Not a fit' }));
    await user.click(within(dialog).getByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.filter((call) => call.method === 'PATCH')).toEqual([]);
    expect((await storedCreator(t, creator.creatorId))?.status).toBe('matched');
  });
});
