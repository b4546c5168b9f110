import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '#client/components/ui/button.tsx';
import { fillDomGaps } from '#tests/component/dom.ts';
import { RowMenu } from './row-menu.tsx';

fillDomGaps();
afterEach(cleanup);

describe('RowMenu', () => {
  it('lists the row’s folded buttons by their text and name, and choosing one presses it', async () => {
    const user = userEvent.setup();
    const sendLink = vi.fn();
    const remove = vi.fn();
    render(
      <RowMenu label="More actions for Ana (RC-1)" title="More actions">
        <Button onClick={sendLink} aria-label="Send Stage 2: Ana (RC-1)">
          Send Stage 2
        </Button>
        <Button variant="danger" onClick={remove} aria-label="Delete: Ana (RC-1)">
          Delete
        </Button>
        <Button disabled>Busy</Button>
      </RowMenu>,
    );
    // Folded away: the buttons are not on screen until the menu opens.
    expect(screen.queryByRole('button', { name: 'Send Stage 2: Ana (RC-1)' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'More actions for Ana (RC-1)' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Send Stage 2', 'Delete', 'Busy']);
    expect(screen.getByRole('menuitem', { name: 'Delete: Ana (RC-1)' }).className).toContain('text-destructive');
    expect(screen.getByRole('menuitem', { name: 'Busy' }).getAttribute('aria-disabled')).toBe('true');

    await user.click(screen.getByRole('menuitem', { name: 'Send Stage 2: Ana (RC-1)' }));
    await waitFor(() => expect(sendLink).toHaveBeenCalledOnce());
    expect(remove).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
