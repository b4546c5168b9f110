import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n, loadNamespace } from '#client/lib/i18n.ts';
import type { PagePosition } from '#client/lib/page-position.ts';
import { LANGUAGE_CODES } from '#shared/languages.ts';
import type { RecruiterListingsPage } from '#shared/replies/recruiters.ts';
import { RecruiterListingsPagination } from './recruiter-listings-pagination.tsx';

const REPLY: RecruiterListingsPage = {
  listings: [],
  totalCount: 140,
  total: 120,
  totalIsExact: true,
  pageSize: 50,
  next: 'n',
  prev: 'p',
};
const SECOND: PagePosition = { at: 'cursor', cursor: 'c', number: { from: 'start', n: 2 } };

function render() {
  return renderToStaticMarkup(<RecruiterListingsPagination position={SECOND} page={REPLY} onMove={() => {}} />);
}

beforeAll(async () => {
  await initI18n('en');
  await loadNamespace('recruiters');
});

describe('RecruiterListingsPagination', () => {
  it('names the landmark and the buttons, and shows Page N of M', async () => {
    await changeLanguage('en');
    const markup = render();
    expect(markup).toMatch(/^<nav aria-label="Pages"/);
    expect(markup.match(/aria-current="page">([^<]*)</)?.[1]).toBe('Page 2 of 3');
    expect([...markup.matchAll(/<span[^>]*>(First|Previous|Next|Last)<\/span>/g)].map(([, name]) => name)).toEqual([
      'First',
      'Previous',
      'Next',
      'Last',
    ]);
  });

  it.each(LANGUAGE_CODES)('is translated in %s', async (code) => {
    await changeLanguage(code);
    const markup = render();
    expect(markup).not.toMatch(/listings\.pages|\{\{/);
    expect(markup.match(/aria-current="page">([^<]*)</)?.[1]).toMatch(/2\D+3/);
  });
});
