import { screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Creator } from '#shared/replies/creators.ts';
import { seedCreatorIn } from '#tests/component/creators.ts';
import { loadAdminTexts, renderAsAdmin } from '#tests/component/render.tsx';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { useBulkSelection } from '../lib/use-bulk-selection.ts';
import { CreatorBulkBar } from './creator-bulk-bar.tsx';

const t = setUpTestApp();
const SLOW = { timeout: 8000 };

/** The pending list's bulk bar with these creators ticked. */
function BarWith({ creatorIds }: { creatorIds: string[] }) {
  const selection = useBulkSelection();
  const { setMany } = selection;
  useEffect(() => setMany(creatorIds, true), [setMany, creatorIds]);
  return <CreatorBulkBar selection={selection} filter={{ status: 'pending' }} total={creatorIds.length} totalIsExact />;
}

async function defineTag(name: string, color: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/tags',
    headers: t.headers,
    payload: { name, color },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** The tags the server holds on her now. */
async function tagIdsOf(creator: Creator): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/creators/${creator.creatorId}`,
    headers: t.headers,
  });
  return [...res.json().creator.tagIds].sort();
}

beforeAll(loadAdminTexts);

describe('Tag in the bulk bar (decision 063)', () => {
  it('puts the ticked tags on every selected creator, then takes one off them all', async () => {
    const vip = await defineTag('VIP — top earner', 'amber');
    const desk = await defineTag('Spanish desk', 'green');
    const lucia = await seedCreatorIn(t, 'pending', { name: 'Lucía Fernández', language: 'Spanish' });
    const sofia = await seedCreatorIn(t, 'pending', { name: 'Sofía Navarro', language: 'Spanish' });
    const { user } = await renderAsAdmin(<BarWith creatorIds={[lucia.creatorId, sofia.creatorId]} />, t);

    await user.click(await screen.findByRole('button', { name: 'Tag' }, SLOW));
    let dialog = await screen.findByRole('dialog', { name: 'Tag the selected creators' });
    expect(within(dialog).getByText('The tags you tick are put on or taken off each of 2 creators.')).toBeTruthy();
    await user.click(await within(dialog).findByRole('checkbox', { name: 'VIP — top earner' }, SLOW));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Spanish desk' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save tags' }));
    await screen.findByText('Tags changed on 2 creators', undefined, SLOW);
    expect(await tagIdsOf(lucia)).toEqual([vip, desk].sort());
    expect(await tagIdsOf(sofia)).toEqual([vip, desk].sort());

    await user.click(screen.getByRole('button', { name: 'Tag' }));
    dialog = await screen.findByRole('dialog', { name: 'Tag the selected creators' });
    await user.click(within(dialog).getByRole('radio', { name: 'Take these off' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'VIP — top earner' }, SLOW));
    await user.click(within(dialog).getByRole('button', { name: 'Save tags' }));
    await waitFor(async () => expect(await tagIdsOf(lucia)).toEqual([desk]), SLOW);
    expect(await tagIdsOf(sofia)).toEqual([desk]);
  });
});
