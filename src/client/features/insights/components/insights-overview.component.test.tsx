import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { cancelReasonIdOf, seedCreatorIn } from '#tests/component/creators.ts';
import { loadAdminTexts, renderAsAdmin } from '#tests/component/render.tsx';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { InsightsOverview } from './insights-overview.tsx';

const t = setUpTestApp();

beforeAll(loadAdminTexts);

describe('the insights range form', () => {
  it('says which days it takes when a date field holds a year past 9999, and asks for nothing', async () => {
    await renderAsAdmin(<InsightsOverview />, t);
    const form = await screen.findByRole('form', { name: 'Date range' });
    const show = within(form).getByRole('button', { name: 'Show' });

    fireEvent.change(within(form).getByLabelText('To'), { target: { value: '10000-01-01' } });

    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Dates must lie between 0001-01-01 and 9999-12-31',
    );
    expect((show as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(within(form).getByLabelText('To'), { target: { value: '9999-12-31' } });
    expect(within(form).queryByRole('alert')).toBeNull();
    expect((show as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('why creators drop (decision 063)', () => {
  it('lists the reasons given for the range’s cancelled applicants, by recruiter and by language', async () => {
    const send = async (creatorId: string, change: string, payload: object) => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/creators/${creatorId}/${change}`,
        headers: t.headers,
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const matched = async (name: string, language: string) => {
      const { creatorId } = await seedCreatorIn(t, 'pending', { name, language, recruiterName: 'Marta Ruiz' });
      await send(creatorId, 'list-directly', { rollickListingUrl: `https://rollick.example/creators/${creatorId}` });
      await send(creatorId, 'status', { status: 'matched' });
      return creatorId;
    };
    const reasonId = await cancelReasonIdOf(t, 'other_agency');
    for (const [name, language] of [
      ['Lucía Fernández', 'Spanish'],
      ['Sofía Martínez', 'Spanish'],
      ['Anastasia Volkova', 'Russian'],
    ] as const) {
      await send(await matched(name, language), 'status', { status: 'cancelled', cancelReasonId: reasonId });
    }
    await renderAsAdmin(<InsightsOverview />, t);

    const reasons = await screen.findByRole('table', { name: 'Why creators drop' });
    // The reasons' names arrive with their own list.
    await waitFor(() =>
      expect(within(reasons).getAllByRole('row')[1]?.textContent).toBe('Chose another agency3 (100%)'),
    );
    const byLanguage = screen.getByRole('table', { name: 'Cancellations by Language' });
    expect(
      within(byLanguage)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['LanguageCancelledMost often', 'Spanish2Chose another agency (2)', 'Russian1Chose another agency (1)']);
  });
});
