import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ListPagination, type ListPaginationProps, type ListPaginationTexts } from './list-pagination.tsx';

const TEXTS: ListPaginationTexts = {
  label: 'Pages',
  first: 'First',
  previous: 'Previous',
  next: 'Next',
  last: 'Last',
  position: 'Page 2 of 3',
  total: '120 creators in total',
};

function render(props: Partial<ListPaginationProps> = {}) {
  const markup = renderToStaticMarkup(
    <ListPagination texts={TEXTS} hasPrevious hasNext onMove={() => {}} {...props} />,
  );
  const buttons = [...markup.matchAll(/<button([^>]*)>(.*?)<\/button>/g)].map(([, attributes = '', content = '']) => ({
    name: content.replace(/<[^>]*>/g, ''),
    isDisabled: / disabled=""/.test(attributes),
    isAriaDisabled: /aria-disabled="true"/.test(attributes),
  }));
  return { markup, buttons };
}

describe('ListPagination', () => {
  it('is a named navigation landmark with First, Previous, the current page, Next and Last in that order', () => {
    const { markup, buttons } = render();
    expect(markup).toMatch(/^<nav aria-label="Pages"/);
    expect(buttons.map(({ name }) => name)).toEqual(['First', 'Previous', 'Next', 'Last']);
    const order = ['First', 'Previous', 'aria-current="page"', 'Page 2 of 3', 'Next', 'Last'].map((text) =>
      markup.indexOf(text),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(markup).toContain('120 creators in total');
  });

  it('disables First and Previous on the first page, Next and Last on the last', () => {
    const atStart = render({ hasPrevious: false }).buttons;
    expect(atStart.map(({ isDisabled }) => isDisabled)).toEqual([true, true, false, false]);
    const atEnd = render({ hasNext: false }).buttons;
    expect(atEnd.map(({ isDisabled }) => isDisabled)).toEqual([false, false, true, true]);
  });

  it('keeps its buttons focusable while a page loads, marked as unavailable', () => {
    const { buttons } = render({ isBusy: true });
    expect(buttons.every(({ isDisabled, isAriaDisabled }) => !isDisabled && isAriaDisabled)).toBe(true);
  });

  it('leaves out the page when its number is unknown, and the total when the screen shows it elsewhere', () => {
    const { markup } = render({ texts: { ...TEXTS, position: null, total: undefined } });
    expect(markup).not.toContain('aria-current');
    expect(markup).not.toMatch(/<p[ >]/);
  });
});
