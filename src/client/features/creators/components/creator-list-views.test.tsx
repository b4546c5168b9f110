import { QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n, loadNamespace } from '#client/lib/i18n.ts';
import { createQueryClient } from '#client/lib/query-client.ts';
import { CREATOR_STATUSES, type CreatorStatus } from '#shared/creator-status.ts';
import { LANGUAGE_CODES } from '#shared/languages.ts';
import type { Creator } from '#shared/replies/creators.ts';
import { CreatorCards, CreatorTable } from './creator-list-views.tsx';

function creatorWith(status: CreatorStatus, index: number): Creator {
  return {
    id: `row-${index}`,
    creatorId: `RC-TEST${index}`,
    name: `Ana Lima ${index}`,
    language: 'Spanish',
    gender: 'Female',
    contactMethod: 'Telegram',
    contactInfo: `@ana_${index}`,
    hasOnlyFans: 'no',
    averageMonthlyRange: null,
    age: 26,
    country: null,
    agencyGoals: 'More reach',
    instagram: null,
    tiktok: null,
    twitter: null,
    additionalInfo: null,
    recruiter: 'Dana Scout',
    recruiterId: null,
    status,
    confirmationPhotoUrl: null,
    rollickCreatorHubId: null,
    rollickListingUrl: null,
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
    firstStaffActionAt: null,
    hasDuplicates: false,
  };
}

/** One creator in every status, so every action button appears. */
const CREATORS = CREATOR_STATUSES.map(creatorWith);

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" };
const decode = (html: string) => html.replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity] ?? entity);

/** Each card's buttons: the visible text and the accessible name (aria-label, else the text). */
function cardButtons(markup: string) {
  return [...markup.matchAll(/<li[^>]*data-creator-id="([^"]+)"[^>]*>(.*?)<\/li>/g)].map(([, creatorId, card]) => ({
    creatorId,
    buttons: [...(card ?? '').matchAll(/<button([^>]*)>(.*?)<\/button>/g)].map(([, attributes, content]) => {
      const text = decode((content ?? '').replace(/<[^>]*>/g, '')).trim();
      const label = attributes?.match(/aria-label="([^"]*)"/)?.[1];
      return { text, name: label === undefined ? text : decode(label) };
    }),
  }));
}

function renderCards(): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={createQueryClient()}>
      <CreatorCards creators={CREATORS} onViewDetails={() => {}} onViewLog={() => {}} />
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await initI18n('en');
  await loadNamespace('admin');
});

describe('CreatorCards', () => {
  it('names the creator on every card button in English', async () => {
    await changeLanguage('en');
    const pending = cardButtons(renderCards()).find(({ creatorId }) => creatorId === 'RC-TEST0');
    expect(pending?.buttons.map(({ name }) => name)).toEqual([
      'View Details for RC-TEST0',
      'View Log for RC-TEST0',
      'Contact: Ana Lima 0 (RC-TEST0)',
      'Assign: Ana Lima 0 (RC-TEST0)',
      'Send Stage 2: Ana Lima 0 (RC-TEST0)',
      'Listed: Ana Lima 0 (RC-TEST0)',
      'Delete: Ana Lima 0 (RC-TEST0)',
    ]);
  });

  it.each(LANGUAGE_CODES)(
    'gives every button a name of its own that starts with its visible text (%s)',
    async (code) => {
      await changeLanguage(code);
      const cards = cardButtons(renderCards());
      expect(cards).toHaveLength(CREATORS.length);
      const names: string[] = [];
      for (const { creatorId, buttons } of cards) {
        expect(buttons.length).toBeGreaterThanOrEqual(2);
        for (const { text, name } of buttons) {
          expect(text).not.toBe('');
          expect(name.startsWith(text), `"${name}" starts with "${text}"`).toBe(true);
          expect(name).toContain(creatorId);
          names.push(name);
        }
      }
      expect(new Set(names).size).toBe(names.length);
    },
  );
});

describe('CreatorTable badges (docs/decisions/025)', () => {
  const now = Date.parse('2026-03-10T12:00:00.000Z');
  const hoursBefore = (hours: number) => new Date(now - hours * 3_600_000).toISOString();

  function rowTexts(creators: Creator[]): Record<string, string> {
    const markup = renderToStaticMarkup(
      <QueryClientProvider client={createQueryClient()}>
        <CreatorTable creators={creators} onViewDetails={() => {}} onViewLog={() => {}} now={now} />
      </QueryClientProvider>,
    );
    const rows = [...markup.matchAll(/<tr[^>]*data-creator-id="([^"]+)"[^>]*>(.*?)<\/tr>/g)];
    return Object.fromEntries(
      rows.map(([, creatorId, row]) => [creatorId, decode((row ?? '').replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ')]),
    );
  }

  it('marks possible duplicates and shows how long a waiting creator has waited', async () => {
    await changeLanguage('en');
    const pending = creatorWith('pending', 0);
    const texts = rowTexts([
      { ...pending, creatorId: 'RC-DUPE', hasDuplicates: true, createdAt: hoursBefore(2) },
      { ...pending, creatorId: 'RC-DUE', createdAt: hoursBefore(30) },
      { ...pending, creatorId: 'RC-LATE', createdAt: hoursBefore(50) },
      { ...pending, creatorId: 'RC-ANSWERED', createdAt: hoursBefore(50), firstStaffActionAt: hoursBefore(1) },
    ]);
    expect(texts['RC-DUPE']).toContain('Possible duplicate');
    expect(texts['RC-DUPE']).toContain('Waiting 2 hr');
    expect(texts['RC-DUE']).toContain('Due · waiting 30 hr');
    expect(texts['RC-LATE']).toContain('Overdue · waiting 50 hr');
    expect(texts['RC-DUE']).not.toContain('Possible duplicate');
    expect(texts['RC-ANSWERED']).not.toMatch(/[Ww]aiting/);
  });
});
