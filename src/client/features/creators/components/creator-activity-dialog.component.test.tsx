import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '#client/lib/i18n.ts';
import { seedCreatorIn } from '#tests/component/creators.ts';
import { loadAdminTexts, renderAsAdmin } from '#tests/component/render.tsx';
import { setUpTestApp, TEST_ADMIN } from '#tests/setup/test-app.ts';
import { CreatorActivityDialog } from './creator-activity-dialog.tsx';

const t = setUpTestApp();

beforeAll(loadAdminTexts);
afterAll(() => changeLanguage('en'));

async function openLog(creatorId: string) {
  await renderAsAdmin(<CreatorActivityDialog creatorId={creatorId} open onOpenChange={() => {}} />, t);
  const dialog = await screen.findByRole('dialog');
  // The log comes from the app: more than Testing Library's second on a busy machine.
  await within(dialog).findAllByRole('listitem', {}, { timeout: 5000 });
  return dialog;
}

describe('CreatorActivityDialog', () => {
  it('reads the real log of a listed creator as sentences with labelled details and local times', async () => {
    await changeLanguage('en');
    const creator = await seedCreatorIn(t, 'listed');
    const dialog = await openLog(creator.creatorId);
    const items = within(dialog).getAllByRole('listitem');
    const texts = items.map((item) => item.textContent ?? '');

    expect(texts[0]).toContain('Application submitted');
    expect(texts.some((text) => text.includes('Status changed from stage2 submitted to listed'))).toBe(true);
    expect(dialog.textContent).toContain(`By: ${TEST_ADMIN.username}`);
    // Details are labelled values, never the stored JSON.
    expect(dialog.textContent).not.toMatch(/[{}]|"to"|stage2_submitted/);
    expect(within(dialog).getAllByText('Listing URL').length).toBeGreaterThan(0);
    // Recent entries read relatively; the exact moment is on the element's title.
    const time = items[0]?.querySelector('time');
    expect(time?.textContent).toMatch(/now|second|minute/);
    expect(time?.getAttribute('title')).toMatch(/\d{4}/);
    expect(time?.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it('is all Russian in Russian: actions, statuses, who and labels', async () => {
    await changeLanguage('ru');
    const creator = await seedCreatorIn(t, 'listed');
    const dialog = await openLog(creator.creatorId);
    const text = dialog.textContent ?? '';

    expect(text).toContain('Заявка отправлена');
    expect(text).toContain('Ссылка на этап 2 отправлена');
    expect(text).toContain('Ответы этапа 2 отправлены');
    expect(text).toContain('Статус изменён: «Этап 2 заполнен» → «Опубликован»');
    expect(text).toContain('Изображения');
    expect(text).toMatch(/назад|сейчас/);
    expect(text).not.toMatch(/Application submitted|Status changed|Stage 2|Recruiter|[{}]/);
  });
});
