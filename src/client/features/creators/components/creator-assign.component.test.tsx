import { screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Creator } from '#shared/replies/creators.ts';
import { seedCreatorIn, storedCreator } from '#tests/component/creators.ts';
import { loadAdminTexts, renderAsAdmin } from '#tests/component/render.tsx';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { useBulkSelection } from '../lib/use-bulk-selection.ts';
import { CreatorAssignButton } from './creator-assign-button.tsx';
import { CreatorBulkBar } from './creator-bulk-bar.tsx';

const t = setUpTestApp();
const reviewer = t.signedInAs({ username: 'ravi.reviewer', password: 'reviewer password 1', role: 'reviewer' });

async function idOf(username: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/assignees', headers: t.headers });
  const found = (res.json().assignees as { id: string; username: string }[]).find((a) => a.username === username);
  if (!found) throw new Error(`no admin ${username}`);
  return found.id;
}

/** What the server holds: the admin she belongs to now. */
const assigneeOf = async (creator: Creator) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/creators/${creator.creatorId}`,
    headers: t.headers,
  });
  return res.json().creator.assignee as string | null;
};

/** The pending list's bulk bar with these creators ticked. */
/**
 * Opens the dialog's choice of admins once it can open: the choice stays disabled until the team has loaded, and a
 * click before that does nothing.
 */
async function openAssigneeChoice(user: { click(element: Element): Promise<void> }, dialog: HTMLElement) {
  const choice = await within(dialog).findByRole('combobox', { name: 'Assignee' });
  await waitFor(() => expect(choice.hasAttribute('disabled')).toBe(false));
  await user.click(choice);
}

function BarWith({ creatorIds }: { creatorIds: string[] }) {
  const selection = useBulkSelection();
  const { setMany } = selection;
  useEffect(() => setMany(creatorIds, true), [setMany, creatorIds]);
  return <CreatorBulkBar selection={selection} filter={{ status: 'pending' }} total={creatorIds.length} totalIsExact />;
}

beforeAll(loadAdminTexts);

describe('Assign (decision 063)', () => {
  it('gives one creator to the admin chosen, says so, and gives her back to nobody', async () => {
    const creator = await seedCreatorIn(t, 'pending', { name: 'Lucía Fernández', language: 'Spanish' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/account/languages',
      headers: reviewer,
      payload: { languages: ['Spanish', 'Portuguese'] },
    });
    const { user, api } = await renderAsAdmin(<CreatorAssignButton creator={creator} variant="text" />, t);

    await user.click(screen.getByRole('button', { name: `Assign: Lucía Fernández (${creator.creatorId})` }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Lucía Fernández' });
    await openAssigneeChoice(user, dialog);
    // The team by name, with the languages each works in, and Nobody first.
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options[0]).toBe('Nobody');
    expect(options).toContain('ravi.reviewer (Spanish, Portuguese)');
    await user.click(screen.getByRole('option', { name: /^ravi\.reviewer/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    await screen.findByText('Lucía Fernández is now ravi.reviewer’s');
    expect(await assigneeOf(creator)).toBe('ravi.reviewer');
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        path: `/api/admin/creators/${creator.creatorId}/assignee`,
        body: { adminId: await idOf('ravi.reviewer') },
      },
    ]);
    expect((await storedCreator(t, creator.creatorId))?.status).toBe('pending');

    await user.click(screen.getByRole('button', { name: `Assign: Lucía Fernández (${creator.creatorId})` }));
    const again = await screen.findByRole('dialog', { name: 'Assign Lucía Fernández' });
    await openAssigneeChoice(user, again);
    await user.click(await screen.findByRole('option', { name: 'Nobody' }));
    await user.click(within(again).getByRole('button', { name: 'Assign' }));
    await screen.findByText('Lucía Fernández is nobody’s now');
    expect(await assigneeOf(creator)).toBeNull();
  });

  it('gives the bulk bar’s selection to one admin at once', async () => {
    const creators = [
      await seedCreatorIn(t, 'pending', { name: 'Anastasia Volkova' }),
      await seedCreatorIn(t, 'pending', { name: 'Friederike Wittgenstein' }),
    ];
    const { user } = await renderAsAdmin(<BarWith creatorIds={creators.map((creator) => creator.creatorId)} />, t);
    const bar = await screen.findByRole('region', { name: 'Bulk actions' });
    await user.click(within(bar).getByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign the selected creators' });
    expect(within(dialog).getByText('2 creators go to the admin you choose.')).toBeTruthy();
    await openAssigneeChoice(user, dialog);
    await user.click(await screen.findByRole('option', { name: /^ravi\.reviewer/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await screen.findByText('2 creators assigned');
    await waitFor(async () => {
      expect(await Promise.all(creators.map(assigneeOf))).toEqual(['ravi.reviewer', 'ravi.reviewer']);
    });
  });
});
