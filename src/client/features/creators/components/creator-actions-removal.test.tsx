// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { useEffect } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { creatorIn } from '#tests/component/creators.ts';
import { loadAdminTexts, renderAsAdmin } from '#tests/component/render.tsx';
import { useBulkSelection } from '../lib/use-bulk-selection.ts';
import { CreatorBulkBar } from './creator-bulk-bar.tsx';
import { CreatorRowActions } from './creator-row-actions.tsx';

// The product's table without "Cancel": every screen that reads the table must lose it.
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

function BulkBarOn({ status }: { status?: 'matched' }) {
  const selection = useBulkSelection();
  const { setMany } = selection;
  useEffect(() => setMany(['RC-7KX3P9QD'], true), [setMany]);
  const filter = status ? { status } : { recruiterId: '9b2e7c15-3f48-4d0a-b6e1-5a7c9d2f8e30' };
  return <CreatorBulkBar selection={selection} filter={filter} total={1} totalIsExact />;
}

async function statusMenuOf(user: ReturnType<typeof renderAsAdmin>['user']): Promise<string[]> {
  await user.click(screen.getByRole('button', { name: 'Change status' }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent ?? '');
}

beforeAll(loadAdminTexts);

describe('an action removed from the table (shared/creator-actions.ts)', () => {
  it('is gone from the row', () => {
    renderAsAdmin(<CreatorRowActions creator={creatorIn('matched')} />);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Finalize']);
  });

  it('is gone from the bulk bar of its status and of a mixed list', async () => {
    const onMatched = renderAsAdmin(<BulkBarOn status="matched" />);
    expect(await statusMenuOf(onMatched.user)).toEqual(['Move to finalized']);
    onMatched.unmount();

    const onMixed = renderAsAdmin(<BulkBarOn />);
    expect(await statusMenuOf(onMixed.user)).toEqual(['Move to matched', 'Move to finalized']);
  });
});
