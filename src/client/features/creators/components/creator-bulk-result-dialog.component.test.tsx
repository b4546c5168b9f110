import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '#client/lib/i18n.ts';
import type { BulkResult } from '#shared/replies/creators.ts';
import { seedCreatorIn } from '#tests/component/creators.ts';
import { loadAdminTexts, renderAsAdmin } from '#tests/component/render.tsx';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { CreatorBulkResultDialog } from './creator-bulk-result-dialog.tsx';

const t = setUpTestApp();

beforeAll(async () => {
  await loadAdminTexts();
  await changeLanguage('ru');
});
afterAll(() => changeLanguage('en'));

describe('CreatorBulkResultDialog in Russian', () => {
  it('says why each creator was left unchanged in the admin’s language, not the server’s English', async () => {
    const listed = await seedCreatorIn(t, 'listed');
    const finalized = await seedCreatorIn(t, 'finalized');
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/admin/creators/bulk',
      headers: t.headers,
      payload: {
        action: 'status',
        status: 'matched',
        creatorIds: [listed.creatorId, finalized.creatorId, 'RC-2222222'],
      },
    });
    const result = reply.json<BulkResult>();
    expect(result.failed.map((failure) => failure.code)).toEqual(['NOT_FOUND', 'INVALID_TRANSITION']);

    await renderAsAdmin(<CreatorBulkResultDialog result={result} onClose={() => {}} />, t);

    const dialog = await screen.findByRole('dialog', { name: 'Массовое действие завершено' });
    const [missing, refused] = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '');
    expect(missing).toContain('Автор не найден');
    expect(refused).toContain('Автора нельзя перевести из статуса «Завершён» в «Агентство подобрано»');
    expect(dialog.textContent).not.toMatch(/cannot be moved|not found/i);
  });
});
