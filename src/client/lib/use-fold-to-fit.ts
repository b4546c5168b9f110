import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

/**
 * How far a table's rows should fold their actions to fit its box: 0 shows every action, each level up folds
 * more into a menu (the caller decides what each level folds), up to `levels`. It folds one level while the
 * table is wider than its box (a laptop, a long language) and unfolds once the box has grown to the width the
 * table needed a level lower. Measured before paint, so a too-wide table is never seen scrolling. `content` is
 * what the rows show (the page's items): new rows are measured afresh from level 0.
 */
export function useFoldToFit(table: RefObject<HTMLTableElement | null>, content: unknown, levels = 1): number {
  const [level, setLevel] = useState(0);
  /** Per level, the width the table needed at that level, measured when it was folded past it. */
  const neededWidth = useRef<number[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `content` is the trigger, not read.
  useLayoutEffect(() => {
    neededWidth.current = [];
    setLevel(0);
  }, [content]);

  useLayoutEffect(() => {
    const element = table.current;
    const box = element?.parentElement;
    if (!element || !box || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      if (level < levels && element.offsetWidth > box.clientWidth + 1) {
        neededWidth.current[level] = element.offsetWidth;
        setLevel(level + 1);
      } else if (level > 0 && box.clientWidth >= (neededWidth.current[level - 1] ?? Number.POSITIVE_INFINITY)) {
        setLevel(level - 1);
      }
    };
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    measure();
    return () => observer.disconnect();
  }, [table, level, levels]);

  return level;
}
