import { screen, within } from '@testing-library/react';
import { useEffect } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Creator } from '#shared/replies/creators.ts';
import { seedCreatorIn } from '#tests/component/creators.ts';
import { loadAdminTexts, renderAsAdmin } from '#tests/component/render.tsx';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { useBulkSelection } from '../lib/use-bulk-selection.ts';
import { CreatorBulkBar } from './creator-bulk-bar.tsx';
import { CreatorRowActions } from './creator-row-actions.tsx';

// The product's table without "Cancel": every screen that reads the table must lose it, and the server,
// which reads the same table, no longer allows it either.
vi.mock('#shared/creator-actions.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('#shared/creator-actions.ts')>();
  const { cancel: _removed, ...table } = actual.CREATOR_ACTIONS;
  const machine = actual.describeMachine(table);
  return {
    ...actual,
    CREATOR_ACTIONS: table,
    CREATOR_MACHINE: machine,
    TRANSITIONS: machine.transitions,
    canTransition: machine.canTransition,
  };
});

const t = setUpTestApp();
let matched: Creator;

beforeAll(async () => {
  await loadAdminTexts();
  matched = await seedCreatorIn(t, 'matched');
});

function BulkBarOn({ filter }: { filter: { status: 'matched' } | { recruiterId: string } }) {
  const selection = useBulkSelection();
  const { setMany } = selection;
  useEffect(() => setMany([matched.creatorId], true), [setMany]);
  return <CreatorBulkBar selection={selection} filter={filter} total={1} totalIsExact />;
}

async function statusMenuOf(user: Awaited<ReturnType<typeof renderAsAdmin>>['user']): Promise<string[]> {
  await user.click(screen.getByRole('button', { name: 'Change status' }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent ?? '');
}

describe('an action removed from the table (shared/creator-actions.ts)', () => {
  it('is gone from the row, and the server refuses it', async () => {
    await renderAsAdmin(<CreatorRowActions creator={matched} />, t);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Finalize']);
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/creators/${matched.creatorId}/status`,
      headers: t.headers,
      payload: { status: 'cancelled' },
    });
    expect(refused.statusCode).toBe(409);
  });

  it('is gone from the bulk bar of its status and of a mixed list', async () => {
    const onMatched = await renderAsAdmin(<BulkBarOn filter={{ status: 'matched' }} />, t);
    expect(await statusMenuOf(onMatched.user)).toEqual(['Move to finalized']);
    onMatched.unmount();

    const { recruiterId } = matched;
    if (!recruiterId) throw new Error('the complete creator has a recruiter');
    const onMixed = await renderAsAdmin(<BulkBarOn filter={{ recruiterId }} />, t);
    expect(await statusMenuOf(onMixed.user)).toEqual(['Move to matched', 'Move to finalized']);
  });
});
