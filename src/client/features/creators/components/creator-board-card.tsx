import { ArrowRightLeftIcon, EyeIcon, LoaderCircleIcon } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import type { Creator } from '#shared/replies/creators.ts';
import type { BoardMove } from '../lib/board-moves.ts';
import { useColumnName } from '../lib/use-column-name.ts';
import { CreatorAssigneeBadge, CreatorDuplicateBadge, CreatorWaitingBadge } from './creator-badges.tsx';
import { CreatorPhotoThumb } from './creator-photo-thumb.tsx';
import { CreatorTagPills } from './creator-tag-pills.tsx';

export interface CreatorBoardCardProps {
  creator: Creator;
  /** The moves her status allows, for the card's menu. */
  moves: readonly BoardMove[];
  /** When waiting times are counted to: when her column was read. */
  now: number;
  /** Picked up with the keyboard, waiting for a column. */
  isLifted: boolean;
  /** Being dragged with the pointer: the card left behind shows where she came from. */
  isDragged: boolean;
  /** Dropped in this column, the server not yet done (or its dialog still open). */
  isMoving: boolean;
  /** Take focus once drawn (after a keyboard move drew her in another column). */
  shouldFocus: boolean;
  /** The id of the text that tells a screen reader how to move a card. */
  instructionsId: string;
  onOpen: (creatorId: string) => void;
  onMoveTo: (creator: Creator, to: CreatorStatus) => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>, creator: Creator) => void;
  /** Focus left her name: a card picked up with the keys is put back. */
  onBlur: (creator: Creator) => void;
  onPointerDown: (event: PointerEvent<HTMLElement>, creator: Creator) => void;
  onFocused: () => void;
}

/**
 * One creator on the board: her photo, name, Creator ID, assignee, tags and waiting time, as her row shows them.
 * A click (or Enter on her name) opens the details; the pointer drags her, Space picks her up for the arrow keys,
 * and the menu lists the columns she may move to.
 */
export function CreatorBoardCard({
  creator,
  moves,
  now,
  isLifted,
  isDragged,
  isMoving,
  shouldFocus,
  instructionsId,
  onOpen,
  onMoveTo,
  onKeyDown,
  onBlur,
  onPointerDown,
  onFocused,
}: CreatorBoardCardProps) {
  const { t } = useTranslation('admin');
  const statusName = useColumnName();
  const handle = useRef<HTMLButtonElement>(null);
  const whose = { name: creator.name, creatorId: creator.creatorId };

  useEffect(() => {
    if (!shouldFocus) return;
    handle.current?.focus({ preventScroll: false });
    onFocused();
  }, [shouldFocus, onFocused]);

  return (
    <li
      data-creator-id={creator.creatorId}
      data-board-card={creator.status}
      aria-busy={isMoving || undefined}
      className={cn(
        'relative touch-manipulation select-none rounded-lg border bg-card p-3 shadow-xs transition-[opacity,box-shadow]',
        !isMoving && 'cursor-grab',
        isDragged && 'opacity-40',
        isMoving && 'opacity-70',
        isLifted && 'ring-2 ring-primary shadow-md',
      )}
    >
      {/* The whole card is a target for the pointer; keyboard users have the name button, which does the same. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the name button inside is the keyboard's way in */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the name button inside is the keyboard's way in */}
      <div
        className="flex items-start gap-3"
        onPointerDown={(event) => onPointerDown(event, creator)}
        onClick={(event) => {
          if (!(event.target as Element).closest('button, [role=menu]')) onOpen(creator.creatorId);
        }}
      >
        <CreatorPhotoThumb creator={creator} />
        <div className="grid min-w-0 flex-1 justify-items-start gap-1">
          <button
            ref={handle}
            type="button"
            className="max-w-full rounded-sm text-start font-semibold leading-snug break-words outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
            aria-describedby={instructionsId}
            onClick={() => onOpen(creator.creatorId)}
            onKeyDown={(event) => onKeyDown(event, creator)}
            onBlur={() => onBlur(creator)}
            // Space picks the card up: it must not also press the button when released.
            onKeyUp={(event) => event.key === ' ' && event.preventDefault()}
          >
            {creator.name}
          </button>
          <span className="font-mono text-xs text-muted-foreground">{creator.creatorId}</span>
          <CreatorDuplicateBadge creator={creator} />
          <CreatorAssigneeBadge creator={creator} />
          <CreatorTagPills creator={creator} />
          <CreatorWaitingBadge creator={creator} now={now} />
        </div>
        {isMoving ? (
          <LoaderCircleIcon
            className="mt-1 size-4 shrink-0 animate-spin text-muted-foreground"
            role="img"
            aria-label={t('board.moving')}
          />
        ) : (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon-sm"
                className="-me-1 -mt-1 shrink-0"
                aria-label={t('board.menuFor', whose)}
                title={t('board.menu')}
              >
                <ArrowRightLeftIcon aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuLabel>{t('board.moveToLabel')}</DropdownMenuLabel>
              {moves.length === 0 ? (
                <DropdownMenuItem disabled>{t('board.noMoves', { from: statusName(creator.status) })}</DropdownMenuItem>
              ) : (
                moves.map((move) => (
                  <DropdownMenuItem
                    key={move.to}
                    // After the menu has handed focus back, so a dialog the move opens returns it there.
                    onSelect={() => setTimeout(() => onMoveTo(creator, move.to), 0)}
                  >
                    <ArrowRightLeftIcon aria-hidden="true" />
                    {statusName(move.to)}
                  </DropdownMenuItem>
                ))
              )}
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => setTimeout(() => onOpen(creator.creatorId), 0)}>
                <EyeIcon aria-hidden="true" />
                {t('list.viewDetails')}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        )}
      </div>
    </li>
  );
}
