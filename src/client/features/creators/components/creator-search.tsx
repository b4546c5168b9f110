import { SearchIcon, XIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Input } from '#client/components/ui/input.tsx';
import { useTranslation } from '#client/lib/i18n.ts';

/** Long enough to skip the calls between keystrokes, short enough to feel immediate. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface CreatorSearchProps {
  value: string;
  onSearch: (q: string) => void;
}

/** Search by name, contact or Creator ID; sends the text once typing pauses. */
export function CreatorSearch({ value, onSearch }: CreatorSearchProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [text, setText] = useState(value);
  // A search set from outside (a link to this page with ?q=, Back) replaces what the box holds; otherwise the
  // box would send its old text back and undo it.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (value.trim() !== text.trim()) setText(value);
  }
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => onSearchRef.current(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <search className="relative w-full sm:max-w-sm">
      <label htmlFor={id} className="sr-only">
        {t('list.searchLabel')}
      </label>
      <SearchIcon
        className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSearchRef.current(text.trim());
        }}
        placeholder={t('list.searchPlaceholder')}
        autoComplete="off"
        className="ps-9 pe-9 [&::-webkit-search-cancel-button]:hidden"
      />
      {text !== '' && (
        <button
          type="button"
          onClick={() => {
            setText('');
            onSearchRef.current('');
          }}
          className="absolute end-2 top-1/2 -translate-y-1/2 rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={t('list.clearSearch')}
        >
          <XIcon className="size-4" aria-hidden="true" />
        </button>
      )}
    </search>
  );
}
