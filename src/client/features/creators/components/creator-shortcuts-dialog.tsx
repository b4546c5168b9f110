import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { type TranslationKey, useTranslation } from '#client/lib/i18n.ts';

/** The keys of the back office (docs/decisions/036), as the `?` key lists them. */
const SHORTCUTS: readonly { keys: readonly string[]; text: TranslationKey<'admin'> }[] = [
  { keys: ['/', 'Ctrl K', '⌘ K'], text: 'shortcuts.find' },
  { keys: ['j'], text: 'shortcuts.next' },
  { keys: ['k'], text: 'shortcuts.previous' },
  { keys: ['Enter'], text: 'shortcuts.open' },
  { keys: ['?'], text: 'shortcuts.help' },
  { keys: ['Esc'], text: 'shortcuts.close' },
];

export function CreatorShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md gap-4 p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle>{t('shortcuts.title')}</DialogTitle>
          <DialogDescription>{t('shortcuts.description')}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-2 text-sm">
          {SHORTCUTS.map((shortcut) => (
            <div key={shortcut.text} className="contents">
              <dt className="flex flex-wrap gap-1">
                {shortcut.keys.map((key) => (
                  <kbd key={key} className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs">
                    {key}
                  </kbd>
                ))}
              </dt>
              <dd>{t(shortcut.text)}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
