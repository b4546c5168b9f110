import { ChevronFirstIcon, ChevronLastIcon, ChevronLeftIcon, ChevronRightIcon, type LucideIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';
import type { PageMove } from '#client/lib/page-position.ts';

/** The words, in the screen's own namespace: this component is shared, its texts are not. */
export interface ListPaginationTexts {
  /** The navigation landmark's name. */
  label: string;
  first: string;
  previous: string;
  next: string;
  last: string;
  /** Which page this is ('Page 2 of 5'); null when not known. */
  position: string | null;
  /** How many there are in all, when the screen does not say so elsewhere. */
  total?: string | undefined;
}

export interface ListPaginationProps {
  texts: ListPaginationTexts;
  hasPrevious: boolean;
  hasNext: boolean;
  /** While a page loads: the buttons ignore presses, but keep focus, so a keyboard user keeps their place. */
  isBusy?: boolean;
  onMove: (move: PageMove) => void;
}

interface MoveButton {
  move: PageMove;
  icon: LucideIcon;
  /** First and Last are icons alone on a phone, so the four buttons fit one line in every language. */
  isCompactOnPhone: boolean;
}

const BACK: MoveButton[] = [
  { move: 'first', icon: ChevronFirstIcon, isCompactOnPhone: true },
  { move: 'previous', icon: ChevronLeftIcon, isCompactOnPhone: false },
];
const FORWARD: MoveButton[] = [
  { move: 'next', icon: ChevronRightIcon, isCompactOnPhone: false },
  { move: 'last', icon: ChevronLastIcon, isCompactOnPhone: true },
];

/** Where focus goes when the pressed button reaches an end and is disabled: the way back from that end. */
const WAY_BACK = { first: 'next', previous: 'next', next: 'previous', last: 'previous' } as const satisfies Record<
  PageMove,
  PageMove
>;

/**
 * First, Previous, the page, Next and Last, for a list paged by cursor: the buttons at an end are disabled,
 * as the reply has no page that way. A new page starts at the top of the screen, as a page load would.
 */
export function ListPagination({ texts, hasPrevious, hasNext, isBusy = false, onMove }: ListPaginationProps) {
  const buttons = useRef(new Map<PageMove, HTMLButtonElement>());
  const pressed = useRef<PageMove | null>(null);
  const isEnabled = (move: PageMove) => (move === 'first' || move === 'previous' ? hasPrevious : hasNext);

  // A button that reaches an end is disabled, and the browser drops its focus to the start of the page; a
  // keyboard user who pressed Last (or Next onto the last page) goes on from the button that leads back. Checked
  // after every render, once the asked-for page is in.
  useEffect(() => {
    const move = pressed.current;
    if (!move || isBusy) return;
    pressed.current = null;
    if (isEnabled(move)) return;
    const active = document.activeElement;
    if (active === buttons.current.get(move) || active === document.body) {
      buttons.current.get(WAY_BACK[move])?.focus({ preventScroll: true });
    }
  });

  function renderButton({ move, icon: Icon, isCompactOnPhone }: MoveButton) {
    const isAtEnd = !isEnabled(move);
    return (
      <Button
        key={move}
        ref={(element) => {
          if (element) buttons.current.set(move, element);
          else buttons.current.delete(move);
        }}
        variant="outline"
        size="sm"
        disabled={isAtEnd}
        aria-disabled={isBusy || undefined}
        onClick={() => {
          if (isBusy) return;
          pressed.current = document.activeElement === buttons.current.get(move) ? move : null;
          onMove(move);
          window.scrollTo({ top: 0 });
        }}
        className={isCompactOnPhone ? 'max-sm:px-2.5' : undefined}
      >
        {/* Arrows point the way the list reads, so they turn round in a right-to-left language. */}
        {move === 'next' || move === 'last' ? null : <Icon className="rtl:rotate-180" aria-hidden="true" />}
        <span className={isCompactOnPhone ? 'max-sm:sr-only' : undefined}>{texts[move]}</span>
        {move === 'next' || move === 'last' ? <Icon className="rtl:rotate-180" aria-hidden="true" /> : null}
      </Button>
    );
  }

  return (
    <nav
      aria-label={texts.label}
      className={cn(
        'flex flex-wrap items-center gap-x-6 gap-y-3 text-sm text-muted-foreground',
        texts.total === undefined ? 'justify-center sm:justify-end' : 'justify-center sm:justify-between',
      )}
    >
      {texts.total !== undefined && <p>{texts.total}</p>}
      <div className="flex flex-wrap items-center justify-center gap-2">
        {BACK.map(renderButton)}
        {texts.position !== null && (
          // On a phone the page has a line of its own above the buttons.
          <span className="px-1 text-center tabular-nums max-sm:order-first max-sm:basis-full" aria-current="page">
            {texts.position}
          </span>
        )}
        {FORWARD.map(renderButton)}
      </div>
    </nav>
  );
}
