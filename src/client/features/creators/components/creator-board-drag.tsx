import {
  type PointerEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { type CreatorStatus, isCreatorStatus } from '#shared/creator-status.ts';
import type { Creator } from '#shared/replies/creators.ts';
import { CreatorPhotoThumb } from './creator-photo-thumb.tsx';

/** A card carried by the pointer, and the column under it. */
export interface BoardDrag {
  creator: Creator;
  over: CreatorStatus | null;
}

interface Pressed {
  creator: Creator;
  pointerId: number;
  startX: number;
  startY: number;
  /** Where in the card it was grabbed, so the card hangs from the pointer where it was taken. */
  offsetX: number;
  offsetY: number;
  width: number;
  isDragging: boolean;
}

/** A press that moves less than this is a click. */
const DRAG_THRESHOLD = 6;
/** Near the board's side edges the board scrolls by itself, to reach the columns out of sight. */
const EDGE = 48;
const EDGE_STEP = 18;

function columnAt(x: number, y: number): CreatorStatus | null {
  for (const element of document.elementsFromPoint(x, y)) {
    const column = element.closest<HTMLElement>('[data-board-column]')?.dataset.boardColumn;
    if (isCreatorStatus(column)) return column;
  }
  return null;
}

export interface BoardDragControls {
  current: BoardDrag | null;
  /** From a card's pointerdown: a drag starts once the pointer has moved a few pixels with the button held. */
  start: (event: PointerEvent<HTMLElement>, creator: Creator) => void;
  /** The click that ends a drag is no click on the card. */
  wasDragging: () => boolean;
  /** The card following the pointer. */
  ghost: ReactNode;
}

/**
 * Dragging a card with a mouse or pen, on plain pointer events: the card hangs from the pointer, the column
 * under it is reported as it changes, and letting go there calls `onDrop` (with null outside any column).
 * Escape drops nothing. Touch keeps scrolling the board: on a phone cards move through their menu.
 */
export function useBoardDrag({
  scroller,
  onDrop,
}: {
  scroller: RefObject<HTMLElement | null>;
  onDrop: (creator: Creator, to: CreatorStatus | null) => void;
}): BoardDragControls {
  const [current, setCurrent] = useState<BoardDrag | null>(null);
  const pressed = useRef<Pressed | null>(null);
  const ghostRef = useRef<HTMLDivElement>(null);
  const position = useRef({ x: 0, y: 0 });
  const justDragged = useRef(false);
  const stop = useRef<() => void>(() => {});
  const drop = useRef(onDrop);
  drop.current = onDrop;

  const place = useCallback(() => {
    const press = pressed.current;
    if (!press || !ghostRef.current) return;
    const { x, y } = position.current;
    ghostRef.current.style.transform = `translate(${x - press.offsetX}px, ${y - press.offsetY}px) rotate(2deg)`;
  }, []);

  const start = useCallback(
    (event: PointerEvent<HTMLElement>, creator: Creator) => {
      if (event.button !== 0 || event.pointerType === 'touch' || pressed.current) return;
      const card = event.currentTarget.closest('[data-board-card]') ?? event.currentTarget;
      const rect = card.getBoundingClientRect();
      pressed.current = {
        creator,
        pointerId: event.pointerId,
        startX: event.clientX,
        startY: event.clientY,
        offsetX: event.clientX - rect.left,
        offsetY: event.clientY - rect.top,
        width: rect.width,
        isDragging: false,
      };

      const move = (moved: globalThis.PointerEvent) => {
        const press = pressed.current;
        if (!press || moved.pointerId !== press.pointerId) return;
        position.current = { x: moved.clientX, y: moved.clientY };
        if (!press.isDragging) {
          if (Math.hypot(moved.clientX - press.startX, moved.clientY - press.startY) < DRAG_THRESHOLD) return;
          press.isDragging = true;
          document.body.style.cursor = 'grabbing';
        }
        moved.preventDefault();
        place();
        const box = scroller.current?.getBoundingClientRect();
        if (box && scroller.current) {
          if (moved.clientX < box.left + EDGE) scroller.current.scrollLeft -= EDGE_STEP;
          else if (moved.clientX > box.right - EDGE) scroller.current.scrollLeft += EDGE_STEP;
        }
        const over = columnAt(moved.clientX, moved.clientY);
        setCurrent((before) =>
          before && before.over === over && before.creator === press.creator
            ? before
            : { creator: press.creator, over },
        );
      };
      const end = (ended: globalThis.PointerEvent | KeyboardEvent) => {
        const press = pressed.current;
        if (!press) return;
        if ('pointerId' in ended && ended.pointerId !== press.pointerId) return;
        if ('key' in ended && ended.key !== 'Escape') return;
        stop.current();
        if (!press.isDragging) return;
        justDragged.current = true;
        setTimeout(() => {
          justDragged.current = false;
        }, 0);
        const isDrop = ended.type === 'pointerup';
        drop.current(press.creator, isDrop ? columnAt(position.current.x, position.current.y) : null);
      };
      stop.current = () => {
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', end);
        window.removeEventListener('pointercancel', end);
        window.removeEventListener('keydown', end, true);
        document.body.style.cursor = '';
        pressed.current = null;
        setCurrent(null);
      };
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', end);
      window.addEventListener('pointercancel', end);
      window.addEventListener('keydown', end, true);
    },
    [place, scroller],
  );

  useEffect(() => () => stop.current(), []);
  // Drawn on the first move: put it under the pointer before the browser paints it.
  useLayoutEffect(() => {
    if (current) place();
  }, [current, place]);

  const width = pressed.current?.width;
  const ghost = current ? (
    <div
      ref={ghostRef}
      aria-hidden="true"
      data-slot="board-drag-ghost"
      style={{ width }}
      className="pointer-events-none fixed top-0 left-0 z-50 flex items-center gap-3 rounded-lg border bg-card p-3 shadow-xl ring-2 ring-primary"
    >
      <CreatorPhotoThumb creator={current.creator} />
      <div className="grid min-w-0 gap-0.5">
        <span className="truncate font-semibold">{current.creator.name}</span>
        <span className="font-mono text-xs text-muted-foreground">{current.creator.creatorId}</span>
      </div>
    </div>
  ) : null;

  return { current, start, wasDragging: () => justDragged.current, ghost };
}
