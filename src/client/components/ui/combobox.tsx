import { CheckIcon, ChevronDownIcon } from 'lucide-react';
import { type KeyboardEvent, type Ref, useEffect, useId, useMemo, useRef, useState } from 'react';
import { cn } from '#client/lib/cn.ts';
import { scrollBehavior } from '#client/lib/scroll.ts';
import { type ComboboxOption, exactOption, filterOptions } from './combobox-filter.ts';
import { FIELD_CLASSES, FIELD_TEXT } from './input.tsx';

export type { ComboboxOption };

export interface ComboboxProps {
  /** The input's id, which its label points at. */
  id: string;
  /** The chosen option's value, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** Called when the person leaves the field. */
  onBlur?: () => void;
  options: readonly ComboboxOption[];
  placeholder?: string;
  /** Shown, and announced, when nothing matches what was typed. */
  emptyText: string;
  /** The language the names are compared in (case rules). */
  locale?: string | undefined;
  disabled?: boolean | undefined;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** The id of the field's label, which names the list too. */
  labelId?: string;
  className?: string;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: true | undefined;
  'aria-required'?: true | undefined;
}

/**
 * A text input that filters a list as one types (WAI-ARIA combobox with a listbox): arrows, Home and End move
 * through the matches, Enter picks one, Escape closes the list and puts the chosen name back. A tap opens the
 * whole list, and a phone's keyboard types into it. Only an option's value is ever reported, never free text.
 */
export function Combobox({
  id,
  value,
  onChange,
  onBlur,
  options,
  placeholder,
  emptyText,
  locale,
  disabled,
  name,
  inputRef,
  labelId,
  className,
  ...aria
}: ComboboxProps) {
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const chosen = options.find((option) => option.value === value);
  /** What is being typed; null while the input shows the chosen option's name. */
  const [typed, setTyped] = useState<string | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  /** The last press was a finger's: the phone's keyboard is about to cover the lower half of the screen. */
  const isTouch = useRef(false);

  const matches = useMemo(() => filterOptions(options, typed ?? '', locale), [options, typed, locale]);
  const shownText = typed ?? chosen?.label ?? '';
  const activeOption = isOpen ? matches[active] : undefined;

  useEffect(() => {
    if (!isOpen || active < 0) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [isOpen, active]);

  function open(startAt?: number) {
    setIsOpen(true);
    const chosenIndex = matches.findIndex((option) => option.value === value);
    setActive(startAt ?? Math.max(chosenIndex, 0));
  }

  function close() {
    setIsOpen(false);
    setActive(-1);
    setTyped(null);
  }

  function pick(option: ComboboxOption) {
    if (option.value !== value) onChange(option.value);
    close();
  }

  function move(to: number) {
    if (matches.length === 0) return;
    setActive(Math.max(0, Math.min(matches.length - 1, to)));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!isOpen) open();
        else move(active + 1);
        return;
      case 'ArrowUp':
        event.preventDefault();
        if (!isOpen) open(matches.length - 1);
        else move(active - 1);
        return;
      case 'Home':
      case 'End':
        if (!isOpen) return;
        event.preventDefault();
        move(event.key === 'Home' ? 0 : matches.length - 1);
        return;
      case 'PageDown':
      case 'PageUp':
        if (!isOpen) return;
        event.preventDefault();
        move(active + (event.key === 'PageDown' ? 10 : -10));
        return;
      case 'Enter':
        // With the list open Enter picks; closed, it is the form's (the next step).
        if (!isOpen) return;
        event.preventDefault();
        if (activeOption) pick(activeOption);
        return;
      case 'Escape':
        if (!isOpen && typed === null) return;
        event.preventDefault();
        close();
        return;
      case 'Tab':
        if (activeOption && typed !== null) pick(activeOption);
        else close();
        return;
    }
  }

  function onInputBlur() {
    // A name typed out in full counts as picked; anything else puts the chosen name back.
    if (typed !== null) {
      const exact = exactOption(options, typed, locale);
      if (exact && exact.value !== value) onChange(exact.value);
    }
    close();
    onBlur?.();
  }

  return (
    <div ref={rootRef} className={cn('relative scroll-mt-28', className)}>
      <input
        {...aria}
        ref={inputRef}
        id={id}
        name={name}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-activedescendant={activeOption ? optionId(active) : undefined}
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="done"
        disabled={disabled}
        placeholder={placeholder}
        value={shownText}
        onChange={(event) => {
          setTyped(event.target.value);
          setIsOpen(true);
          setActive(0);
        }}
        onPointerDown={(event) => {
          isTouch.current = event.pointerType === 'touch';
        }}
        onClick={() => {
          if (isOpen) return;
          open();
          // A tap: the field goes to the top of the screen, so the list stays above the keyboard.
          if (isTouch.current) rootRef.current?.scrollIntoView?.({ block: 'start', behavior: scrollBehavior() });
        }}
        onKeyDown={onKeyDown}
        onBlur={onInputBlur}
        className={cn(FIELD_CLASSES, FIELD_TEXT, 'h-10 py-2 pe-9')}
      />
      <ChevronDownIcon
        aria-hidden="true"
        className={cn(
          'pointer-events-none absolute end-3 top-3 size-4 opacity-60 transition-transform',
          isOpen && 'rotate-180',
        )}
      />
      <div
        hidden={!isOpen}
        className="absolute inset-x-0 top-full z-50 mt-1 overflow-hidden rounded-lg border bg-popover text-popover-foreground shadow-lg"
      >
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          aria-labelledby={labelId}
          className="max-h-[min(16rem,45dvh)] overflow-y-auto overscroll-contain p-1 empty:hidden"
        >
          {isOpen &&
            matches.map((option, index) => (
              // Focus stays in the input (aria-activedescendant): the mouse or a tap must not take it away.
              // biome-ignore lint/a11y/useKeyWithClickEvents: the input handles the keys for every option.
              <div
                key={option.value}
                id={optionId(index)}
                data-index={index}
                role="option"
                tabIndex={-1}
                aria-selected={option.value === value}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(option)}
                className={cn(
                  'relative flex min-h-10 cursor-default select-none items-center rounded-md py-2 ps-2 pe-8 text-sm',
                  index === active && 'bg-secondary text-secondary-foreground',
                )}
              >
                {option.label}
                {option.value === value && <CheckIcon className="absolute end-2 size-4" aria-hidden="true" />}
              </div>
            ))}
        </div>
        <p role="status" className="px-3 py-3 text-sm text-muted-foreground empty:hidden">
          {isOpen && matches.length === 0 ? emptyText : null}
        </p>
      </div>
    </div>
  );
}
