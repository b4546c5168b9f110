import { SearchIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { StatusPill } from '#client/components/ui/status-pill.tsx';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { isPlainKey, isShortcutAllowed } from '#client/lib/keyboard-shortcuts.ts';
import type { Creator } from '#shared/replies/creators.ts';
import { isFindable, useFoundCreators } from '../api/find-creators.ts';
import { CreatorShortcutsDialog } from './creator-shortcuts-dialog.tsx';

/** Quick enough to feel immediate, long enough to skip the calls between keystrokes. */
const FIND_DEBOUNCE_MS = 200;

/** Where a found creator opens: their status page, with the details dialog open on them. */
export const creatorDetailsAddress = (creator: Pick<Creator, 'status' | 'creatorId'>) =>
  `/admin/creators/${creator.status}?open=${encodeURIComponent(creator.creatorId)}`;

function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), FIND_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

function FoundCreator({ creator, isActive }: { creator: Creator; isActive: boolean }) {
  return (
    <div className={cn('grid min-w-0 gap-0.5 rounded-md px-3 py-2', isActive && 'bg-accent text-accent-foreground')}>
      <div className="flex min-w-0 items-center justify-between gap-2">
        <span className="truncate font-medium">{creator.name}</span>
        <StatusPill status={creator.status} />
      </div>
      <span className="truncate text-xs text-muted-foreground">
        {creator.creatorId} · {creator.contactInfo}
      </span>
    </div>
  );
}

function FinderDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [, navigate] = useLocation();
  const inputId = useId();
  const listId = useId();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const q = useDebounced(text.trim());
  const found = useFoundCreators(q);
  const creators = isFindable(q) ? (found.data?.creators ?? []) : [];

  function choose(creator: Creator | undefined) {
    if (!creator) return;
    onClose();
    navigate(creatorDetailsAddress(creator));
  }

  function onKeyDown(event: React.KeyboardEvent) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (creators.length === 0 ? 0 : (current + step + creators.length) % creators.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(creators[active]);
    }
  }

  let status: string | null = null;
  if (!isFindable(text.trim())) status = t('find.typeMore');
  else if (found.isError) status = t('find.failed');
  else if (!found.data || found.isFetching) status = creators.length === 0 ? t('find.searching') : null;
  else if (creators.length === 0) status = t('find.none', { q });

  return (
    <DialogContent className="top-[15%] max-w-lg translate-y-0 gap-3 p-4 sm:p-5">
      <DialogHeader>
        <DialogTitle>{t('find.title')}</DialogTitle>
        <DialogDescription>{t('find.description')}</DialogDescription>
      </DialogHeader>
      <label htmlFor={inputId} className="sr-only">
        {t('find.label')}
      </label>
      <Input
        id={inputId}
        type="search"
        role="combobox"
        aria-expanded={creators.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={creators[active] ? `${listId}-${active}` : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        placeholder={t('find.placeholder')}
        autoComplete="off"
        enterKeyHint="search"
      />
      <div
        id={listId}
        role="listbox"
        aria-label={t('find.resultsLabel')}
        className="grid max-h-[50dvh] gap-1 overflow-y-auto"
      >
        {creators.map((creator, index) => (
          // Chosen with the arrow keys and Enter from the box, or a click or tap; focus stays in the box.
          <div
            key={creator.id}
            id={`${listId}-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            className="cursor-pointer rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            onMouseMove={() => setActive(index)}
            onClick={() => choose(creator)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') choose(creator);
            }}
          >
            <FoundCreator creator={creator} isActive={index === active} />
          </div>
        ))}
      </div>
      <p role="status" className={cn('text-sm text-muted-foreground', status === null && 'sr-only')}>
        {status ?? t('find.count', { count: creators.length })}
      </p>
    </DialogContent>
  );
}

/**
 * The top bar's find box (docs/decisions/036): finds a creator of any status by name, phone, e-mail, handle or
 * Creator ID and opens their details on their status page. `/` or Ctrl/⌘+K opens it from anywhere, `?` lists
 * the keyboard shortcuts; neither while the admin types in a field or a dialog is open.
 */
export function CreatorFinder() {
  const { t } = useTranslation('admin');
  const [isOpen, setIsOpen] = useState(false);
  const [isHelpOpen, setIsHelpOpen] = useState(false);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isShortcutAllowed(event)) return;
      const isFind =
        (event.key === '/' && isPlainKey(event)) ||
        (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey);
      if (isFind) {
        event.preventDefault();
        setIsOpen(true);
      } else if (event.key === '?' && isPlainKey(event)) {
        event.preventDefault();
        setIsHelpOpen(true);
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <Dialog open={isOpen} onOpenChange={setIsOpen}>
        <button
          type="button"
          onClick={() => setIsOpen(true)}
          aria-keyshortcuts="/ Control+K Meta+K"
          className={cn(
            'inline-flex size-11 shrink-0 items-center justify-center gap-2 rounded-md border bg-background text-sm text-muted-foreground',
            'transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            'md:h-9 md:w-56 md:justify-start md:px-3',
          )}
        >
          <SearchIcon className="size-4 shrink-0" aria-hidden="true" />
          <span className="sr-only md:not-sr-only md:truncate">{t('find.open')}</span>
          <span className="ms-auto hidden md:inline" aria-hidden="true">
            <kbd className="rounded border bg-muted px-1.5 font-mono text-xs">/</kbd>
          </span>
        </button>
        {/* Mounted only while open, so each opening starts with an empty box. */}
        {isOpen && <FinderDialog onClose={() => setIsOpen(false)} />}
      </Dialog>
      <CreatorShortcutsDialog open={isHelpOpen} onOpenChange={setIsHelpOpen} />
    </>
  );
}
