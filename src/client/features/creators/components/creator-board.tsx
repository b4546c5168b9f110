import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { usePermissions } from '#client/components/layouts/admin-layout.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { toast } from '#client/lib/toast.ts';
import { CREATOR_STATUSES, type CreatorStatus } from '#shared/creator-status.ts';
import type { Creator } from '#shared/replies/creators.ts';
import { type ListFilters, listFilterParams, readListFilters } from '#shared/schemas/list-filters.ts';
import { type BoardMove, boardMovesFrom, boardRefusal } from '../lib/board-moves.ts';
import { useColumnName } from '../lib/use-column-name.ts';
import { CreatorAssigneeFilter } from './creator-assignee-filter.tsx';
import { CreatorBoardCard } from './creator-board-card.tsx';
import { type ColumnDropState, CreatorBoardColumn } from './creator-board-column.tsx';
import { type BoardDrag, useBoardDrag } from './creator-board-drag.tsx';
import { type BoardMoveOutcome, type BoardMoveRequest, CreatorBoardMove } from './creator-board-move.tsx';
import { CreatorDetailsDialog, type RecruiterEmailSlot } from './creator-details-dialog.tsx';
import { CreatorFilterChips, CreatorFiltersButton } from './creator-list-filters.tsx';
import { CreatorTagFilter } from './creator-tag-filter.tsx';
import { SavedViewControls } from './saved-view-controls.tsx';

export interface CreatorBoardProps {
  /** For the details dialog: the recruiters feature's lookup, handed in by the route screen. */
  renderRecruiterEmail: RecruiterEmailSlot;
}

/** A card dropped on a column that takes it, until its move is done or given up. */
interface Landing extends BoardMoveRequest {
  to: CreatorStatus;
  /** Moved with the keyboard: her card takes focus again wherever it is drawn next. */
  byKeyboard: boolean;
}

/** A card picked up with Space: the column chosen with the arrows, if any yet. */
interface Lifted {
  creator: Creator;
  targets: readonly BoardMove[];
  index: number | null;
}

/**
 * /admin/board (decision 063): one column per status in the machine's order, each paging on its own. Cards move
 * only where the status machine lets staff move them (the server decides again): dragged with the pointer, picked
 * up with Space and carried with the arrow keys, or through a card's menu. A move that asks something first (a
 * reason to cancel, a listing, a stage-2 link to pass on) opens the row button's own dialog; the card waits in
 * its new column meanwhile and goes back when the server refuses or the dialog is closed.
 */
export function CreatorBoard({ renderRecruiterEmail }: CreatorBoardProps) {
  const { t } = useTranslation('admin');
  const statusName = useColumnName();
  const may = usePermissions();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readListFilters(searchParams);
  const instructionsId = useId();
  const [landings, setLandings] = useState<readonly Landing[]>([]);
  const [lifted, setLifted] = useState<Lifted | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusId, setFocusId] = useState<string | null>(null);
  const [details, setDetails] = useState({ creatorId: '', open: false });
  const scroller = useRef<HTMLDivElement>(null);

  const movesOf = useCallback((status: CreatorStatus) => boardMovesFrom(status, may), [may]);

  /** Each step said again, even when its words are those of the step before. */
  const say = useCallback((text: string) => {
    setAnnouncement((current) => (current === text ? `${text}\u00a0` : text));
  }, []);

  /** Nothing happens, and the admin is told why (product §4: only the machine's moves). */
  function refuse(creator: Creator, to: CreatorStatus) {
    const from = creator.status;
    const refusal = boardRefusal(from, to) ?? 'notAllowed';
    const allowed = movesOf(from).map((move) => statusName(move.to));
    const list = new Intl.ListFormat(document.documentElement.lang || 'en', { type: 'disjunction' });
    const reason =
      refusal === 'final'
        ? t('board.refusal.final', { from: statusName(from) })
        : refusal === 'creatorOnly'
          ? t('board.refusal.creatorOnly', { to: statusName(to) })
          : allowed.length === 0
            ? t('board.refusal.none', { from: statusName(from) })
            : t('board.refusal.notAllowed', { from: statusName(from), allowed: list.format(allowed) });
    // The toast area is read out itself: saying it here too would say it twice.
    toast({ title: t('board.cannotMove', { name: creator.name, to: statusName(to) }), description: reason });
  }

  /** A card let go over a column, by pointer, keys or menu. */
  function drop(creator: Creator, to: CreatorStatus, byKeyboard: boolean) {
    const from = creator.status;
    if (to === from) {
      say(t('board.announce.cancelled', { name: creator.name, from: statusName(from) }));
      return;
    }
    const move = movesOf(from).find((candidate) => candidate.to === to);
    if (!move) {
      refuse(creator, to);
      return;
    }
    if (landings.some((landing) => landing.creator.creatorId === creator.creatorId)) return;
    setLandings((current) => [...current, { creator, from, to, action: move.action, byKeyboard }]);
    say(t('board.announce.moving', { name: creator.name, to: statusName(to) }));
  }

  function settle(landing: Landing, outcome: BoardMoveOutcome) {
    setLandings((current) => current.filter((other) => other !== landing));
    const { name } = landing.creator;
    if (outcome === 'moved') say(t('board.announce.moved', { name, to: statusName(landing.to) }));
    else if (outcome === 'refused') say(t('board.announce.refused', { name, from: statusName(landing.from) }));
    else say(t('board.announce.cancelled', { name, from: statusName(landing.from) }));
    if (landing.byKeyboard) setFocusId(landing.creator.creatorId);
  }

  const drag = useBoardDrag({
    scroller,
    onDrop: (creator, to) =>
      to
        ? drop(creator, to, false)
        : say(t('board.announce.cancelled', { name: creator.name, from: statusName(creator.status) })),
  });

  // A card moved with the keys takes focus where it is drawn next; one drawn on no loaded page is not waited for.
  useEffect(() => {
    if (!focusId) return;
    const timer = setTimeout(() => setFocusId(null), 3000);
    return () => clearTimeout(timer);
  }, [focusId]);

  function showColumn(status: CreatorStatus) {
    scroller.current
      ?.querySelector(`[data-board-column="${status}"]`)
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'smooth' });
  }

  function onCardKey(event: KeyboardEvent<HTMLButtonElement>, creator: Creator) {
    const isMine = lifted?.creator.creatorId === creator.creatorId;
    if (event.key === ' ' && !isMine) {
      event.preventDefault();
      if (landings.some((landing) => landing.creator.creatorId === creator.creatorId)) return;
      const targets = movesOf(creator.status);
      if (targets.length === 0) {
        say(t('board.announce.noMoves', { name: creator.name, from: statusName(creator.status) }));
        return;
      }
      setLifted({ creator, targets, index: null });
      say(t('board.announce.pickedUp', { name: creator.name, from: statusName(creator.status) }));
      return;
    }
    if (!isMine || !lifted) return;
    if (
      event.key === 'ArrowRight' ||
      event.key === 'ArrowLeft' ||
      event.key === 'ArrowDown' ||
      event.key === 'ArrowUp'
    ) {
      event.preventDefault();
      const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : -1;
      const count = lifted.targets.length;
      const index = lifted.index === null ? (step > 0 ? 0 : count - 1) : (lifted.index + step + count) % count;
      const target = lifted.targets[index];
      if (!target) return;
      setLifted({ ...lifted, index });
      showColumn(target.to);
      say(t('board.announce.over', { to: statusName(target.to) }));
    } else if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      setLifted(null);
      const target = lifted.index === null ? undefined : lifted.targets[lifted.index];
      if (target) drop(creator, target.to, true);
      else say(t('board.announce.cancelled', { name: creator.name, from: statusName(creator.status) }));
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setLifted(null);
      say(t('board.announce.cancelled', { name: creator.name, from: statusName(creator.status) }));
    }
  }

  /** Tabbing away from a picked-up card puts it back where it was. */
  function onCardBlur(creator: Creator) {
    if (lifted?.creator.creatorId !== creator.creatorId) return;
    setLifted(null);
    say(t('board.announce.cancelled', { name: creator.name, from: statusName(creator.status) }));
  }

  function onCardPointerDown(event: PointerEvent<HTMLElement>, creator: Creator) {
    if ((event.target as Element).closest('[aria-haspopup], [role=menu]')) return;
    if (landings.some((landing) => landing.creator.creatorId === creator.creatorId)) return;
    drag.start(event, creator);
  }

  function dropStateOf(status: CreatorStatus, carried: BoardDrag | null): ColumnDropState {
    const from = carried?.creator.status ?? lifted?.creator.status;
    if (!from) return 'idle';
    if (status === from) return 'home';
    const targets = movesOf(from);
    if (!targets.some((move) => move.to === status)) return 'refuses';
    const chosen = carried ? carried.over : lifted?.index != null ? lifted.targets[lifted.index]?.to : null;
    return chosen === status ? 'over' : 'accepts';
  }

  /** The address for other filters: the board has nothing else in it. Saved views are such addresses. */
  function refine(next: ListFilters) {
    setSearchParams(listFilterParams(next));
  }

  const openDetails = useCallback((creatorId: string) => setDetails({ creatorId, open: true }), []);
  const clearFocus = useCallback(() => setFocusId(null), []);
  const leaving = new Set(landings.map((landing) => landing.creator.creatorId));

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
        {/* The lists' own filters, read from and written to the address; a saved view of the board is one. */}
        <div data-slot="board-filters" className="flex min-w-0 flex-wrap items-center gap-2">
          <CreatorAssigneeFilter value={filters.assignee} onChange={(assignee) => refine({ ...filters, assignee })} />
          <CreatorTagFilter value={filters.tag} onChange={(tag) => refine({ ...filters, tag })} />
          <CreatorFiltersButton value={filters} onChange={refine} />
          <SavedViewControls list="board" query={listFilterParams(filters)} />
        </div>
        {/* A finger scrolls the board: on a touch screen cards move through their menu. */}
        <p className="text-sm text-muted-foreground pointer-coarse:hidden">{t('board.hint')}</p>
        <p className="hidden text-sm text-muted-foreground pointer-coarse:block">{t('board.hintTouch')}</p>
      </div>
      <CreatorFilterChips value={filters} onChange={refine} />
      <p id={instructionsId} className="sr-only">
        {t('board.instructions')}
      </p>
      <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="board-announcement">
        {announcement}
      </div>
      <div
        ref={scroller}
        className="-mx-4 flex snap-x snap-mandatory scroll-px-4 items-start gap-3 overflow-x-auto px-4 pb-3 sm:-mx-6 sm:snap-none sm:px-6 lg:-mx-8 lg:px-8"
      >
        {CREATOR_STATUSES.map((status) => (
          <CreatorBoardColumn
            key={status}
            status={status}
            filters={filters}
            incoming={landings.filter((landing) => landing.to === status).map((landing) => landing.creator)}
            leaving={leaving}
            dropState={dropStateOf(status, drag.current)}
            renderCard={(creator, now) => {
              const landing = landings.find((other) => other.creator.creatorId === creator.creatorId);
              return (
                <CreatorBoardCard
                  key={creator.creatorId}
                  creator={creator}
                  moves={movesOf(creator.status)}
                  now={now}
                  isLifted={lifted?.creator.creatorId === creator.creatorId}
                  isDragged={drag.current?.creator.creatorId === creator.creatorId}
                  isMoving={landing !== undefined && landing.to === status}
                  shouldFocus={focusId === creator.creatorId && landing === undefined}
                  instructionsId={instructionsId}
                  onOpen={(creatorId) => !drag.wasDragging() && openDetails(creatorId)}
                  onMoveTo={(card, to) => drop(card, to, true)}
                  onKeyDown={onCardKey}
                  onBlur={onCardBlur}
                  onPointerDown={onCardPointerDown}
                  onFocused={clearFocus}
                />
              );
            }}
          />
        ))}
      </div>
      {drag.ghost}
      {landings.map((landing) => (
        <CreatorBoardMove
          key={landing.creator.creatorId}
          request={landing}
          onSettled={(outcome) => settle(landing, outcome)}
        />
      ))}
      <CreatorDetailsDialog
        creatorId={details.creatorId}
        open={details.open}
        onOpenChange={(open) => setDetails((current) => ({ ...current, open }))}
        renderRecruiterEmail={renderRecruiterEmail}
      />
    </div>
  );
}
