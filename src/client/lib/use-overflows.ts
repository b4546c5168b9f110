import { useEffect, useState } from 'react';

/** Whether the element's content is wider than its box (it scrolls sideways), kept up to date as either resizes. */
export function useOverflows(element: HTMLElement | null): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    measure();
    return () => observer.disconnect();
  }, [element]);
  return overflows;
}
