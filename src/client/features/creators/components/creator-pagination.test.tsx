import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n, loadNamespace } from '#client/lib/i18n.ts';
import type { PagePosition } from '#client/lib/page-position.ts';
import { LANGUAGE_CODES } from '#shared/languages.ts';
import type { CreatorPage } from '#shared/replies/creators.ts';
import { CreatorPagination } from './creator-pagination.tsx';

function page(overrides: Partial<CreatorPage>): CreatorPage {
  return { items: [], pageSize: 50, total: 120, totalIsExact: true, next: 'n', prev: 'p', ...overrides };
}

/** The label of the current page and the total, as text. */
function render(position: PagePosition, reply: CreatorPage) {
  const markup = renderToStaticMarkup(<CreatorPagination position={position} page={reply} onMove={() => {}} />);
  return {
    position: markup.match(/aria-current="page">([^<]*)</)?.[1],
    total: markup.match(/<p>([^<]*)<\/p>/)?.[1],
  };
}

const second: PagePosition = { at: 'cursor', cursor: 'c', number: { from: 'start', n: 2 } };
const capped = { total: 1000, totalIsExact: false };

beforeAll(async () => {
  await initI18n('en');
  await loadNamespace('admin');
});

describe('CreatorPagination', () => {
  it('shows Page N of M and the exact total, with the digits grouped', async () => {
    await changeLanguage('en');
    expect(render(second, page({}))).toEqual({ position: 'Page 2 of 3', total: '120 creators in total' });
    expect(render({ at: 'first' }, page({ total: 1, prev: null, next: null }))).toEqual({
      position: 'Page 1 of 1',
      total: '1 creator in total',
    });
    expect(render({ at: 'last' }, page({ total: 1_234_567, next: null }))).toEqual({
      position: 'Page 24,692 of 24,692',
      total: '1,234,567 creators in total',
    });
  });

  it('says a capped total is a lower bound and numbers its pages without a count', async () => {
    await changeLanguage('en');
    expect(render({ at: 'first' }, page({ ...capped, prev: null }))).toEqual({
      position: 'Page 1',
      total: '1,000+ matching creators',
    });
    expect(render({ at: 'cursor', cursor: 'c', number: { from: 'start', n: 7 } }, page(capped)).position).toBe(
      'Page 7',
    );
    expect(render({ at: 'last' }, page({ ...capped, next: null })).position).toBe('Last page');
    expect(render({ at: 'cursor', cursor: 'c', number: { from: 'end', n: 3 } }, page(capped)).position).toBe(
      'Page 3 from the end',
    );
  });

  it.each(LANGUAGE_CODES)('has every label in %s, with the numbers filled in', async (code) => {
    await changeLanguage(code);
    const fromEnd: PagePosition = { at: 'cursor', cursor: 'c', number: { from: 'end', n: 3 } };
    const shown = [
      render(second, page({ total: 4321 })),
      render(second, page(capped)),
      render({ at: 'last' }, page({ ...capped, next: null })),
      render(fromEnd, page(capped)),
    ];
    for (const { position, total } of shown) {
      for (const text of [position, total]) {
        expect(text).toBeTruthy();
        expect(text).not.toMatch(/\{\{|^list\./);
      }
    }
    const [exact, cappedPage, , counted] = shown;
    expect(exact?.position).toMatch(/2\D+87/);
    expect(exact?.total).toMatch(/4\D?321/);
    expect(cappedPage?.total).toMatch(/1\D?000\+/);
    expect(counted?.position).toContain('3');
  });
});
