import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n, loadNamespace } from '#client/lib/i18n.ts';
import type { LanguageCode } from '#shared/languages.ts';
import type { ActivityEntry } from '#shared/replies/creators.ts';
import { type ActivityTexts, activityTime, describeActivity } from './activity-sentence.ts';

beforeAll(async () => {
  await initI18n('en');
  await loadNamespace('admin');
  // Every language's texts, so each test can ask for any of them.
  for (const code of ['ru', 'de', 'en'] as const) await changeLanguage(code);
});

const textsIn = (language: LanguageCode): ActivityTexts => ({ t: i18n.getFixedT(language, 'admin'), language });

function entry(action: string, additionalInfo: Record<string, unknown> | null, performedBy = 'anna@rollick.example') {
  return {
    id: '3f1c0a52-6a8e-4d57-9b61-0c2f4b7d9e10',
    action,
    timestamp: '2026-11-20T14:05:00.000Z',
    performedBy,
    additionalInfo,
  } satisfies ActivityEntry;
}

describe('describeActivity in English', () => {
  const en = textsIn('en');

  it('tells a status change by its from and to, with no JSON left', () => {
    const line = describeActivity(en, entry('Status changed to matched', { from: 'listed', to: 'matched' }));
    expect(line.sentence).toBe('Status changed from listed to matched');
    expect(line.performer).toBe('anna@rollick.example');
    expect(line.details).toEqual([]);
  });

  it('names each recorded event and labels its details', () => {
    const submitted = describeActivity(en, entry('Application submitted', { recruiter: 'Maria Lopez' }, 'applicant'));
    expect(submitted).toMatchObject({
      sentence: 'Application submitted',
      performer: 'Applicant (application form)',
      details: [{ label: 'Recruiter', value: 'Maria Lopez' }],
    });

    const sent = describeActivity(
      en,
      entry('Stage 2 link generated', { expiresAt: '2026-11-27T14:05:00.000Z', emailed: true }),
    );
    expect(sent.sentence).toBe('Stage 2 link sent');
    expect(sent.details.map((detail) => detail.label)).toEqual(['Link expires', 'Sent by e-mail']);
    expect(sent.details[0]?.value).toMatch(/Nov 27, 2026/);
    expect(sent.details[1]?.value).toBe('Yes');

    expect(describeActivity(en, entry('Stage 2 link regenerated', {})).sentence).toMatch(/^Stage 2 link sent again/);

    // Her own page (decision 047): her withdrawal and staff's hold on her link, in the admin's words.
    const withdrawn = describeActivity(
      en,
      entry(
        'Withdrawn by the applicant',
        { from: 'stage2_sent', to: 'cancelled', reason: 'withdrawn by the applicant' },
        'own page',
      ),
    );
    expect(withdrawn).toMatchObject({
      sentence: 'Withdrawn by the applicant (status stage2 sent to cancelled)',
      performer: 'Applicant (her own page)',
      details: [],
    });
    expect(describeActivity(en, entry('Own page link revoked', {})).sentence).toBe('Link to her own page revoked');

    const answered = describeActivity(
      en,
      entry(
        'Stage 2 submitted',
        { from: 'stage2_sent', to: 'stage2_submitted', images: 1200, revenueScreenshot: false },
        'RC-7KX3P9QD',
      ),
    );
    expect(answered).toMatchObject({
      sentence: 'Stage 2 answers submitted',
      performer: 'Creator (RC-7KX3P9QD, stage 2 link)',
      details: [
        { label: 'Images', value: '1,200' },
        { label: 'Revenue screenshot', value: 'No' },
      ],
    });

    const listed = describeActivity(
      en,
      entry('Listed directly', {
        from: 'pending',
        to: 'listed',
        rollickListingUrl: 'https://marketplace.rollick.example/c/1',
        rollickCreatorHubId: 'HUB-1',
      }),
    );
    expect(listed.sentence).toBe('Listed directly, without stage 2');
    expect(listed.details.map((detail) => `${detail.label}: ${detail.value}`)).toEqual([
      'Listing URL: https://marketplace.rollick.example/c/1',
      'Creator Hub ID: HUB-1',
    ]);
  });

  it('names a re-submission, a move with no recorded start, and an event it does not know by its stored name', () => {
    expect(
      describeActivity(en, entry('Stage 2 re-submitted', { from: 'stage2_submitted', to: 'stage2_submitted' }))
        .sentence,
    ).toBe('Stage 2 answers submitted again');
    expect(describeActivity(en, entry('Imported', { to: 'listed' })).sentence).toBe('Status changed to listed');
    expect(describeActivity(en, entry('Exported data', { format: 'zip' })).sentence).toBe('Exported data');
  });

  it('keeps a note’s words apart from the sentence', () => {
    const line = describeActivity(en, entry('Note added', { text: 'Called on Telegram' }));
    expect(line).toMatchObject({ sentence: 'Note added', note: 'Called on Telegram', details: [] });
  });

  it('shows details it does not know as label: value, objects included, never as JSON', () => {
    const line = describeActivity(
      en,
      entry('Status reverted', { from: 'matched', to: 'listed', undoneEntryId: 'a1', batch: { size: 3, ok: true } }),
    );
    expect(line.sentence).toBe('Status changed from matched to listed');
    expect(line.details).toEqual([
      { key: 'undoneEntryId', label: 'Undone Entry Id', value: 'a1' },
      { key: 'batch', label: 'Batch', value: 'Size: 3; Ok: Yes' },
    ]);
  });
});

describe('describeActivity in Russian', () => {
  const ru = textsIn('ru');

  it('writes every event and detail in Russian', () => {
    expect(describeActivity(ru, entry('Application submitted', null, 'applicant'))).toMatchObject({
      sentence: 'Заявка отправлена',
      performer: 'Заявитель (форма заявки)',
    });
    const moved = describeActivity(ru, entry('Status changed to finalized', { from: 'matched', to: 'finalized' }));
    expect(moved.sentence).toBe('Статус изменён: «Агентство подобрано» → «Завершён»');
    const answered = describeActivity(
      ru,
      entry('Stage 2 submitted', {
        from: 'stage2_sent',
        to: 'stage2_submitted',
        images: 1200,
        revenueScreenshot: true,
      }),
    );
    expect(answered.sentence).toBe('Ответы этапа 2 отправлены');
    expect(answered.details).toEqual([
      { key: 'images', label: 'Изображения', value: '1\u00a0200' },
      { key: 'revenueScreenshot', label: 'Скриншот дохода', value: 'Да' },
    ]);
    expect(describeActivity(ru, entry('Note added', { text: 'Позвонила' })).sentence).toBe('Добавлена заметка');
    expect(describeActivity(ru, entry('Stage 2 link generated', {})).sentence).toBe('Ссылка на этап 2 отправлена');
  });

  it('tells an undo by where it put the creator back and names the change it took back', () => {
    const undone = entry('Change undone', {
      change: '9a0f7c7e-2b1d-4b8e-8f3a-5d6c7e8f9a0b',
      undid: 'Status changed to cancelled',
      from: 'cancelled',
      to: 'matched',
    });
    expect(describeActivity(ru, undone)).toMatchObject({
      sentence: 'Изменение отменено: статус «Отменён» → «Агентство подобрано»',
      details: [{ key: 'undid', label: 'Отменённое изменение', value: 'Статус изменён на «Отменён»' }],
    });
    const again = entry('Change undone', {
      change: 'x',
      undid: 'Stage 2 link regenerated',
      from: 'stage2_sent',
      to: 'stage2_sent',
    });
    expect(describeActivity(textsIn('en'), again)).toMatchObject({
      sentence: 'Change undone',
      details: [
        {
          key: 'undid',
          label: 'Change taken back',
          value: 'Stage 2 link sent again (the earlier link stopped working)',
        },
      ],
    });
  });
});

describe('activityTime', () => {
  const at = Date.parse('2026-11-20T14:05:00.000Z');

  it('is relative within a week and a full date after, the exact moment always in full', () => {
    expect(activityTime('2026-11-20T14:02:00.000Z', 'en', at).text).toBe('3 minutes ago');
    expect(activityTime('2026-11-20T11:05:00.000Z', 'ru', at).text).toBe('3 часа назад');
    expect(activityTime('2026-11-19T14:05:00.000Z', 'de', at).text).toBe('gestern');
    const old = activityTime('2026-10-01T09:30:00.000Z', 'de', at);
    expect(old.text).toMatch(/^01\.10\.2026|1\. Okt\. 2026/);
    expect(old.full).toMatch(/Donnerstag, 1\. Oktober 2026/);
  });
});

describe('a message in the log (decision 060)', () => {
  const info = {
    channel: 'whatsapp',
    purpose: 'first_contact',
    language: 'ru',
    eventId: '0b7e5c2a-1d4f-4e8a-9c3b-5f6a7d8e9f01',
  };

  it('names the channel, the template and her language, never the event id', () => {
    const line = describeActivity(textsIn('en'), entry('Message sent', info));
    expect(line.sentence).toBe('Message sent');
    expect(line.details.map(({ label, value }) => `${label}: ${value}`)).toEqual([
      'Sent through: WhatsApp',
      'Template: First contact',
      'Language: Russian',
    ]);
  });

  it('says a reminder was automatic, in the admin’s language', () => {
    const reminder = { channel: 'email', purpose: 'stage2_reminder', language: 'es', reminderDay: 2 };
    const line = describeActivity(textsIn('ru'), entry('Message sent', reminder, 'system'));
    expect(line.sentence).toBe('Отправлено сообщение');
    expect(line.performer).toBe('Автоматическое напоминание');
    expect(line.details.map(({ value }) => value)).toEqual([
      'Письмо с сервера',
      'Напоминание об этапе 2',
      'испанский',
      '2',
    ]);
  });

  it('tells a merge by the record it removed and the fields taken from it, and marks what came over', () => {
    const merged = { merged: 'RC-7KX3P9QD', fromMerged: ['name', 'selfie', 'stage2'] };
    const line = describeActivity(textsIn('ru'), entry('Creator merged', merged));
    expect(line.sentence).toBe('Запись RC-7KX3P9QD объединена с этой');
    expect(line.details.map(({ label, value }) => `${label}: ${value}`)).toEqual([
      'Взято из объединённой записи: Имя, Фото для проверки, Ответы этапа 2',
    ]);
    const moved = describeActivity(textsIn('de'), entry('Note added', { text: 'Hallo', mergedFrom: 'RC-7KX3P9QD' }));
    expect(moved.details.map(({ label, value }) => `${label}: ${value}`)).toEqual([
      'Aus zusammengeführtem Eintrag: RC-7KX3P9QD',
    ]);
  });
});

describe('an imported creator in the log (decision 061)', () => {
  it('says she came from a file, naming who imported it, the file and her row, in the admin’s language', () => {
    const imported = entry('Imported from a file', { file: 'team export.csv', row: 1204 }, 'olivia');
    expect(describeActivity(textsIn('en'), imported)).toMatchObject({
      sentence: 'Imported from a file',
      performer: 'olivia',
      details: [
        { label: 'File', value: 'team export.csv' },
        { label: 'Row in the file', value: '1,204' },
      ],
    });
    expect(describeActivity(textsIn('ru'), imported)).toMatchObject({
      sentence: 'Импортирована из файла',
      details: [
        { label: 'Файл', value: 'team export.csv' },
        { label: 'Строка в файле', value: new Intl.NumberFormat('ru').format(1204) },
      ],
    });
  });
});
