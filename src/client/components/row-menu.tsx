import { EllipsisVerticalIcon } from 'lucide-react';
import { type ReactNode, type RefObject, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx';

interface MenuEntry {
  index: number;
  button: HTMLButtonElement;
  text: string;
  label: string | null;
  disabled: boolean;
  isDanger: boolean;
}

const FOLDED_BUTTONS = '[data-row-folded] button';

/**
 * Some of a row's buttons, on the row or folded into its "More actions" menu (RowMenu), kept mounted but out of
 * sight when folded. The element is the same either way, so a button's own state (the dialog it opened, its
 * request under way) lives on when the row folds or unfolds: a table measured again after new rows or in a
 * narrower window must not close a question staff are answering. Dialogs render in a portal, so they show
 * although their button does not.
 */
export function RowFold({ isFolded, children }: { isFolded: boolean; children: ReactNode }) {
  return (
    <span hidden={isFolded} data-row-folded={isFolded ? '' : undefined} className={isFolded ? undefined : 'contents'}>
      {children}
    </span>
  );
}

/**
 * A row's "More actions" menu over the buttons folded within `row` (RowFold). The menu lists them by their text
 * and name as it opens, and choosing an item presses its button, so an action behaves the same folded or not.
 */
export function RowMenu({ label, title, row }: { label: string; title: string; row: RefObject<HTMLElement | null> }) {
  const [entries, setEntries] = useState<MenuEntry[]>([]);

  function readEntries() {
    const buttons = Array.from(row.current?.querySelectorAll<HTMLButtonElement>(FOLDED_BUTTONS) ?? []);
    setEntries(
      buttons.map((button, index) => ({
        index,
        button,
        text: button.textContent?.trim() ?? '',
        label: button.getAttribute('aria-label'),
        disabled: button.disabled,
        isDanger: button.dataset.variant === 'danger' || button.dataset.variant === 'destructive',
      })),
    );
  }

  return (
    <DropdownMenu onOpenChange={(open) => open && readEntries()}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={label} title={title}>
          <EllipsisVerticalIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {entries.map((entry) => (
          <DropdownMenuItem
            key={entry.index}
            disabled={entry.disabled}
            variant={entry.isDanger ? 'destructive' : 'default'}
            {...(entry.label ? { 'aria-label': entry.label } : {})}
            // After the menu has closed and handed focus back to its button, so a dialog the action opens
            // returns focus there when it closes.
            onSelect={() => setTimeout(() => entry.button.click(), 0)}
          >
            {entry.text}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
