import { EllipsisVerticalIcon } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx';

interface MenuEntry {
  index: number;
  text: string;
  label: string | null;
  disabled: boolean;
  isDanger: boolean;
}

/**
 * A row's "More actions" menu. Its `children` are the row's own action buttons, each with its dialogs and
 * requests, kept mounted but out of sight: the menu lists them by their text and name, and choosing an item
 * presses its button, so an action behaves the same folded or not. Dialogs the buttons open render in a
 * portal, so they show although their button does not.
 */
export function RowMenu({ label, title, children }: { label: string; title: string; children: ReactNode }) {
  const actions = useRef<HTMLDivElement>(null);
  const [entries, setEntries] = useState<MenuEntry[]>([]);
  const buttons = () => Array.from(actions.current?.querySelectorAll('button') ?? []);

  function readEntries() {
    setEntries(
      buttons().map((button, index) => ({
        index,
        text: button.textContent?.trim() ?? '',
        label: button.getAttribute('aria-label'),
        disabled: button.disabled,
        isDanger: button.dataset.variant === 'danger' || button.dataset.variant === 'destructive',
      })),
    );
  }

  return (
    <>
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
              onSelect={() => setTimeout(() => buttons()[entry.index]?.click(), 0)}
            >
              {entry.text}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <div ref={actions} hidden>
        {children}
      </div>
    </>
  );
}
