import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AdminRecruiter } from '#shared/replies/recruiters.ts';
import { recruiterKeys } from '../api/query-keys.ts';
import { renderRecruiterEmail } from './recruiter-email-of.tsx';

const RECRUITERS: AdminRecruiter[] = [
  {
    id: '6f1c2b9e-3a54-4d8e-9b0a-2c7d5e8f1a23',
    name: 'Marta Quintero',
    email: 'marta@rollick.example',
    createdAt: '2026-03-02T09:15:00.000Z',
    applicationsCount: 41,
  },
  {
    id: '0b8e7d6c-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
    name: 'Jonas Weber',
    email: null,
    createdAt: '2026-04-11T16:40:00.000Z',
    applicationsCount: 3,
  },
];

/** What the creators' details dialog would draw, with the recruiter list already in the cache. */
function emailShown(recruiterId: string | null, name: string): string {
  const client = new QueryClient();
  client.setQueryData(recruiterKeys.list(), RECRUITERS);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      {renderRecruiterEmail({ recruiterId, name, isEnabled: false }, (email) => email ?? '(none)')}
    </QueryClientProvider>,
  );
}

describe('renderRecruiterEmail', () => {
  it("finds the application's recruiter by id", () => {
    expect(emailShown('6f1c2b9e-3a54-4d8e-9b0a-2c7d5e8f1a23', 'M. Quintero')).toBe('marta@rollick.example');
  });

  it('falls back to the name as submitted, in any case, once the id names no one', () => {
    expect(emailShown(null, 'marta quintero')).toBe('marta@rollick.example');
  });

  it('draws the line without an e-mail when the recruiter has none or is unknown', () => {
    expect(emailShown('0b8e7d6c-5a4f-4e3d-8c2b-1a0f9e8d7c6b', 'Jonas Weber')).toBe('(none)');
    expect(emailShown(null, 'Someone Else')).toBe('(none)');
  });
});
