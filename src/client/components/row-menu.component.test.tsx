import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { type ReactNode, useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '#client/components/ui/button.tsx';
import { fillDomGaps } from '#tests/component/dom.ts';
import { RowFold, RowMenu } from './row-menu.tsx';

fillDomGaps();
afterEach(cleanup);

/** A row with one button of its own and the rest folded into its menu. */
function Row({ children }: { children: ReactNode }) {
  const row = useRef<HTMLDivElement>(null);
  return (
    <div ref={row}>
      <Button>View</Button>
      <RowFold isFolded>{children}</RowFold>
      <RowMenu label="More actions for Ana (RC-1)" title="More actions" row={row} />
    </div>
  );
}

/** A button with state of its own, as an action's button holds its open dialog. */
function Counter() {
  const [count, setCount] = useState(0);
  return <Button onClick={() => setCount(count + 1)}>{`Pressed ${count}`}</Button>;
}

describe('RowMenu', () => {
  it('lists the row’s folded buttons by their text and name, and choosing one presses it', async () => {
    const user = userEvent.setup();
    const sendLink = vi.fn();
    const remove = vi.fn();
    render(
      <Row>
        <Button onClick={sendLink} aria-label="Send Stage 2: Ana (RC-1)">
          Send Stage 2
        </Button>
        <Button variant="danger" onClick={remove} aria-label="Delete: Ana (RC-1)">
          Delete
        </Button>
        <Button disabled>Busy</Button>
      </Row>,
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

  it('keeps a folded button’s own state when its row folds or unfolds', async () => {
    const user = userEvent.setup();
    const row = (isFolded: boolean) => (
      <RowFold isFolded={isFolded}>
        <Counter />
      </RowFold>
    );
    const { rerender } = render(row(false));
    await user.click(screen.getByRole('button', { name: 'Pressed 0' }));
    rerender(row(true));
    expect(screen.queryByRole('button')).toBeNull();
    rerender(row(false));
    expect(screen.getByRole('button', { name: 'Pressed 1' })).toBeTruthy();
  });
});
