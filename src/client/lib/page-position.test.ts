import { describe, expect, it } from 'vitest';
import {
  FIRST_PAGE,
  movePage,
  type PageLinks,
  type PagePosition,
  pageLabelOf,
  pageStartOf,
  readPagePosition,
  writePagePosition,
} from './page-position.ts';

/** A reply's paging fields: 120 creators, 50 a page, on a page between the ends unless told otherwise. */
function links(overrides: Partial<PageLinks> = {}): PageLinks {
  return { pageSize: 50, total: 120, totalIsExact: true, next: 'n', prev: 'p', ...overrides };
}

const read = (query: string) => readPagePosition(new URLSearchParams(query));
const write = (position: PagePosition, query = '') =>
  writePagePosition(new URLSearchParams(query), position).toString();

describe('readPagePosition and writePagePosition', () => {
  it('reads the first page, the last page and a numbered cursor from the address', () => {
    expect(read('')).toEqual(FIRST_PAGE);
    expect(read('page=first')).toEqual(FIRST_PAGE);
    expect(read('page=last')).toEqual({ at: 'last' });
    expect(read('cursor=abc&p=3')).toEqual({ at: 'cursor', cursor: 'abc', number: { from: 'start', n: 3 } });
    expect(read('cursor=abc&end=2')).toEqual({ at: 'cursor', cursor: 'abc', number: { from: 'end', n: 2 } });
  });

  it('treats an old numbered page as the first page and a cursor without a usable number as unnumbered', () => {
    expect(read('page=3')).toEqual(FIRST_PAGE);
    expect(read('cursor=abc&p=0')).toEqual({ at: 'cursor', cursor: 'abc', number: null });
    expect(read('cursor=abc&p=two')).toEqual({ at: 'cursor', cursor: 'abc', number: null });
  });

  it('writes a position in place of the old one and keeps the other parameters', () => {
    expect(write(FIRST_PAGE, 'q=ana&cursor=x&p=4')).toBe('q=ana');
    expect(write({ at: 'last' }, 'q=ana&cursor=x&p=4')).toBe('q=ana&page=last');
    expect(write({ at: 'cursor', cursor: 'y', number: { from: 'start', n: 5 } }, 'q=ana&page=last')).toBe(
      'q=ana&cursor=y&p=5',
    );
    expect(write({ at: 'cursor', cursor: 'y', number: { from: 'end', n: 2 } })).toBe('cursor=y&end=2');
    expect(write({ at: 'cursor', cursor: 'y', number: null })).toBe('cursor=y');
  });

  it('reads back what it writes', () => {
    const position: PagePosition = { at: 'cursor', cursor: 'YWJj', number: { from: 'start', n: 7 } };
    expect(read(write(position))).toEqual(position);
  });

  it('asks the server for an end or a cursor', () => {
    expect(pageStartOf(FIRST_PAGE)).toBe('first');
    expect(pageStartOf({ at: 'last' })).toBe('last');
    expect(pageStartOf({ at: 'cursor', cursor: 'c', number: null })).toEqual({ cursor: 'c' });
  });
});

describe('pageLabelOf', () => {
  const page = (n: number): PagePosition => ({ at: 'cursor', cursor: 'c', number: { from: 'start', n } });
  const fromEnd = (n: number): PagePosition => ({ at: 'cursor', cursor: 'c', number: { from: 'end', n } });

  it('numbers pages of an exact total as N of M, the ends by the reply itself', () => {
    expect(pageLabelOf(FIRST_PAGE, links({ prev: null }))).toEqual({ kind: 'of', page: 1, pageCount: 3 });
    expect(pageLabelOf(page(2), links())).toEqual({ kind: 'of', page: 2, pageCount: 3 });
    expect(pageLabelOf({ at: 'last' }, links({ next: null }))).toEqual({ kind: 'of', page: 3, pageCount: 3 });
    expect(pageLabelOf(FIRST_PAGE, links({ total: 7, prev: null, next: null }))).toEqual({
      kind: 'of',
      page: 1,
      pageCount: 1,
    });
  });

  it('corrects a number an old address got wrong', () => {
    expect(pageLabelOf(page(9), links({ prev: null }))).toEqual({ kind: 'of', page: 1, pageCount: 3 });
    expect(pageLabelOf(page(9), links())).toEqual({ kind: 'of', page: 2, pageCount: 3 });
    expect(pageLabelOf(page(1), links())).toEqual({ kind: 'of', page: 2, pageCount: 3 });
    expect(pageLabelOf(fromEnd(2), links({ total: 500 }))).toEqual({ kind: 'of', page: 9, pageCount: 10 });
  });

  it('numbers pages of a capped total without a page count, from the end after going to the last page', () => {
    const capped = { total: 1000, totalIsExact: false };
    expect(pageLabelOf(FIRST_PAGE, links({ ...capped, prev: null }))).toEqual({ kind: 'from-start', page: 1 });
    expect(pageLabelOf(page(4), links(capped))).toEqual({ kind: 'from-start', page: 4 });
    expect(pageLabelOf({ at: 'last' }, links({ ...capped, next: null }))).toEqual({ kind: 'from-end', page: 1 });
    expect(pageLabelOf(fromEnd(3), links(capped))).toEqual({ kind: 'from-end', page: 3 });
  });

  it('has no label for a cursor whose number is unknown', () => {
    expect(pageLabelOf({ at: 'cursor', cursor: 'c', number: null }, links())).toBeNull();
  });
});

describe('movePage', () => {
  it('walks forward and back with numbered cursors, and back to page 1 as the first page', () => {
    const second = movePage(FIRST_PAGE, links({ prev: null, next: 'after-1' }), 'next');
    expect(second).toEqual({ at: 'cursor', cursor: 'after-1', number: { from: 'start', n: 2 } });
    const third = movePage(second, links({ next: 'after-2' }), 'next');
    expect(third).toEqual({ at: 'cursor', cursor: 'after-2', number: { from: 'start', n: 3 } });
    expect(movePage(third, links({ prev: 'before-3', next: null }), 'previous')).toEqual({
      at: 'cursor',
      cursor: 'before-3',
      number: { from: 'start', n: 2 },
    });
    expect(movePage(second, links({ prev: 'before-2' }), 'previous')).toEqual(FIRST_PAGE);
  });

  it('goes to either end whatever the page', () => {
    expect(movePage(FIRST_PAGE, links({ prev: null }), 'last')).toEqual({ at: 'last' });
    expect(movePage({ at: 'last' }, links({ next: null }), 'first')).toEqual(FIRST_PAGE);
  });

  it('counts back from the last page of a capped total', () => {
    const capped = { total: 1000, totalIsExact: false };
    const before = movePage({ at: 'last' }, links({ ...capped, next: null, prev: 'before-last' }), 'previous');
    expect(before).toEqual({ at: 'cursor', cursor: 'before-last', number: { from: 'end', n: 2 } });
    expect(movePage(before, links({ ...capped, next: 'to-last' }), 'next')).toEqual({
      at: 'cursor',
      cursor: 'to-last',
      number: { from: 'end', n: 1 },
    });
  });

  it('stays put when there is no page that way', () => {
    expect(movePage(FIRST_PAGE, links({ prev: null }), 'previous')).toEqual(FIRST_PAGE);
    expect(movePage({ at: 'last' }, links({ next: null }), 'next')).toEqual({ at: 'last' });
  });
});
