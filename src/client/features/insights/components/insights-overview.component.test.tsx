import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
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
