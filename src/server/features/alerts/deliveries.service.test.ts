import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deliveries, outboxEvents } from '#server/db/schema.ts';
import { insertCreator } from '#tests/factories.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { alertSettings } from './alerts.test-support.ts';
import { backoffMs, channelsFor, DELIVERY_KEEP_MS, deleteFinishedEvents } from './deliveries.service.ts';
import { type EventPayload, recordEvent } from './outbox.ts';

const payload = (contactMethod: string): EventPayload => ({
  creatorId: 'RC-23456789',
  status: 'pending',
  name: 'Jamie',
  recruiter: 'Dana',
  contactMethod,
  language: 'English',
  locale: 'en',
});

describe('backoffMs', () => {
  const settings = { retryBaseMs: 30_000, retryMaxMs: 3_600_000 };

  it('doubles from the base, keeps the upper half random, and stops growing at the cap', () => {
    expect(backoffMs(1, settings, () => 0)).toBe(15_000);
    expect(backoffMs(1, settings, () => 1)).toBe(30_000);
    expect(backoffMs(4, settings, () => 1)).toBe(240_000);
    expect(backoffMs(4, settings, () => 0)).toBe(120_000);
    expect(backoffMs(40, settings, () => 1)).toBe(3_600_000);
  });

  it('keeps retrying for the whole window: about 30 attempts in the first day', () => {
    let elapsed = 0;
    let attempts = 0;
    while (elapsed < 24 * 3_600_000) elapsed += backoffMs(++attempts, settings, () => 1);
    expect(attempts).toBeGreaterThan(25);
    expect(attempts).toBeLessThan(40);
  });
});

describe('channelsFor', () => {
  const all = alertSettings({ url: 'smtp://127.0.0.1:1' } as never, { url: 'http://127.0.0.1:1/hooks' } as never);

  it('alerts staff of applications and stage-2 submissions, hooks every change, and mails applicants who chose Email', () => {
    expect(channelsFor('creator.submitted', payload('Email'), all)).toEqual([
      'email-staff',
      'webhook',
      'email-applicant',
    ]);
    expect(channelsFor('creator.submitted', payload('Telegram'), all)).toEqual(['email-staff', 'webhook']);
    expect(channelsFor('creator.stage2_submitted', payload('Email'), all)).toEqual(['email-staff', 'webhook']);
    expect(channelsFor('creator.status_changed', payload('Email'), all)).toEqual(['webhook']);
    // The stage-2 link opens the applicant's form: it never goes to a webhook.
    expect(channelsFor('creator.stage2_link', payload('Email'), all)).toEqual(['email-applicant']);
    // Her withdrawal from her own page (decision 047) is news for staff, not a mail to her.
    expect(channelsFor('creator.withdrawn', payload('Email'), all)).toEqual(['email-staff', 'webhook']);
  });

  it('sends nothing on a channel that is not configured', () => {
    const none = alertSettings(null, null);
    for (const type of [
      'creator.submitted',
      'creator.stage2_submitted',
      'creator.status_changed',
      'creator.stage2_link',
      'creator.withdrawn',
    ] as const) {
      expect(channelsFor(type, payload('Email'), none)).toEqual([]);
    }
    expect(channelsFor('creator.submitted', payload('Email'), { ...all, applicantEmails: false })).toEqual([
      'email-staff',
      'webhook',
    ]);
  });
});

describe('deleteFinishedEvents', () => {
  const t = setUpTestApp({ shouldDeliverAlerts: false, signedIn: false });

  it('removes events finished over a month ago, and keeps pending and recent ones', async () => {
    const { db } = t.database;
    const creator = await insertCreator(db);
    const eventFor = async (status: 'sent' | 'failed' | 'pending', daysAgo: number) => {
      const at = new Date(Date.now() - daysAgo * 86_400_000);
      const id = await recordEvent(db, 'creator.submitted', { ...creator, status: 'pending' });
      await db.update(outboxEvents).set({ createdAt: at, fannedOutAt: at }).where(eq(outboxEvents.id, id));
      await db
        .insert(deliveries)
        .values({ eventId: id, channel: 'webhook', status, giveUpAt: at, createdAt: at, updatedAt: at });
      return id;
    };
    const oldSent = await eventFor('sent', 40);
    const oldFailed = await eventFor('failed', 31);
    const oldPending = await eventFor('pending', 40);
    const recent = await eventFor('sent', 2);

    expect(await deleteFinishedEvents(db)).toBe(2);
    const left = (await db.select({ id: outboxEvents.id }).from(outboxEvents)).map((row) => row.id);
    expect(left.sort()).toEqual([oldPending, recent].sort());
    expect(left).not.toContain(oldSent);
    expect(left).not.toContain(oldFailed);
    expect((await db.select().from(deliveries)).length).toBe(2);
    expect(DELIVERY_KEEP_MS).toBe(30 * 86_400_000);
  });
});
