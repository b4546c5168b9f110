import type { PageStart } from '#shared/schemas/creator.ts';

/**
 * Where a reader is in a list paged by keyset (docs/decisions/014). A cursor says where a page starts, not
 * which page it is, so the page's number travels beside it in the address, for the label only: counted from
 * the first page, or from the last one when a search's total is capped and the number of pages is unknown.
 */
export type PagePosition =
  | { at: 'first' }
  | { at: 'last' }
  | { at: 'cursor'; cursor: string; number: PageNumber | null };

/** A page's number counted from one end of the list: 1 is the first page, or the last one. */
export interface PageNumber {
  from: 'start' | 'end';
  n: number;
}

export type PageMove = 'first' | 'previous' | 'next' | 'last';

/** What a paged reply says about its place in the list (CreatorPage, RecruiterListingsPage). */
export interface PageLinks {
  pageSize: number;
  total: number;
  totalIsExact: boolean;
  next: string | null;
  prev: string | null;
}

/** What the position label says: 'Page 2 of 5', 'Page 2' with a capped total, or a page counted from the end. */
export type PageLabel =
  | { kind: 'of'; page: number; pageCount: number }
  | { kind: 'from-start'; page: number }
  | { kind: 'from-end'; page: number };

export const FIRST_PAGE: PagePosition = { at: 'first' };

/** The address parameters a position is written to; `page=last`, or `cursor` with `p` or `end`. */
const PAGE_PARAMS = ['page', 'cursor', 'p', 'end'] as const;

function readCount(value: string | null): number | null {
  const n = Number(value);
  return value !== null && Number.isSafeInteger(n) && n >= 1 ? n : null;
}

/**
 * The position an address names. Anything else is the first page, links from before keyset paging
 * (`?page=3`) included: the server no longer knows pages by number.
 */
export function readPagePosition(params: URLSearchParams): PagePosition {
  const cursor = params.get('cursor');
  if (cursor) {
    const fromStart = readCount(params.get('p'));
    const fromEnd = readCount(params.get('end'));
    let number: PageNumber | null = null;
    if (fromStart !== null) number = { from: 'start', n: fromStart };
    else if (fromEnd !== null) number = { from: 'end', n: fromEnd };
    return { at: 'cursor', cursor, number };
  }
  return params.get('page') === 'last' ? { at: 'last' } : FIRST_PAGE;
}

/** `params` with the position written in place of any earlier one; the other parameters stay as they are. */
export function writePagePosition(params: URLSearchParams, position: PagePosition): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of PAGE_PARAMS) next.delete(key);
  if (position.at === 'last') next.set('page', 'last');
  if (position.at === 'cursor') {
    next.set('cursor', position.cursor);
    if (position.number) next.set(position.number.from === 'start' ? 'p' : 'end', String(position.number.n));
  }
  return next;
}

/** The page to ask the server for. */
export function pageStartOf(position: PagePosition): PageStart {
  return position.at === 'cursor' ? { cursor: position.cursor } : position.at;
}

/** How many pages there are, when the total is exact. */
export function pageCountOf(links: PageLinks): number | null {
  return links.totalIsExact ? Math.max(1, Math.ceil(links.total / links.pageSize)) : null;
}

function numberOf(position: PagePosition): PageNumber | null {
  if (position.at === 'first') return { from: 'start', n: 1 };
  if (position.at === 'last') return { from: 'end', n: 1 };
  return position.number;
}

/**
 * The label of the page shown, or null when its number is unknown (a cursor without one). The reply has the
 * last word: a page with no previous one is the first, whatever an old address says, and a page between the
 * ends is never numbered as one of them.
 */
export function pageLabelOf(position: PagePosition, links: PageLinks): PageLabel | null {
  const pageCount = pageCountOf(links);
  if (links.prev === null)
    return pageCount === null ? { kind: 'from-start', page: 1 } : { kind: 'of', page: 1, pageCount };
  if (links.next === null) {
    return pageCount === null ? { kind: 'from-end', page: 1 } : { kind: 'of', page: pageCount, pageCount };
  }
  const number = numberOf(position);
  if (!number) return null;
  if (pageCount === null)
    return { kind: number.from === 'start' ? 'from-start' : 'from-end', page: Math.max(2, number.n) };
  const fromStart = number.from === 'start' ? number.n : pageCount + 1 - number.n;
  return { kind: 'of', page: Math.max(1, Math.min(Math.max(2, fromStart), pageCount - 1)), pageCount };
}

/** The number of the page one step away (+1 towards the last page), counted as the shown page is. */
function stepNumber(label: PageLabel | null, step: 1 | -1): PageNumber | null {
  if (!label) return null;
  if (label.kind === 'from-end') return { from: 'end', n: label.page - step };
  return { from: 'start', n: label.page + step };
}

/** Where a move from the shown page leads; a move past an end stays put. */
export function movePage(position: PagePosition, links: PageLinks, move: PageMove): PagePosition {
  if (move === 'first') return FIRST_PAGE;
  if (move === 'last') return { at: 'last' };
  const cursor = move === 'next' ? links.next : links.prev;
  if (cursor === null) return position;
  const number = stepNumber(pageLabelOf(position, links), move === 'next' ? 1 : -1);
  // The page before page 2 is the first page: its address says so, and a reload shows the newest creators.
  if (number?.from === 'start' && number.n === 1) return FIRST_PAGE;
  return { at: 'cursor', cursor, number };
}
