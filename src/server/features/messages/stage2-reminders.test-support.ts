import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AlertSettings } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { activityLog, outboxEvents } from '#server/db/schema.ts';
import { stage2Reminders } from '#server/db/staff-work-schema.ts';
import { CONTACT_ACTION } from '#shared/message-templates.ts';
import { insertCreator } from '#tests/factories.ts';
import type { AdminHeaders, TestApp } from '#tests/setup/test-app.ts';
import { tokenOf } from '../stage2/stage2.test-support.ts';
import { REMINDER_SENDER } from './stage2-reminders.ts';

/** Shared by the stage-2 reminder tests (decision 060). */

export const DAY = 86_400_000;
export const HOUR = 3_600_000;

/**
 * STAGE2_REMINDER_DAYS=2,5. The database stamps links and events with its own (real) clock while the worker's
 * runs ahead, so the retry window must outlast the days the tests move: otherwise a reminder made "five days
 * later" would be an event too old to deliver.
 */
export const REMINDERS: Partial<AlertSettings> = {
  stage2ReminderDays: [2, 5],
  staffEmails: [],
  retryWindowMs: 60 * DAY,
};

/** The worker's clock: real time plus however far a test has moved it. */
export function testClock() {
  let aheadMs = 0;
  return {
    now: () => new Date(Date.now() + aheadMs),
    /** Moves the worker's clock to this long after the real now (links made now are that old to it). */
    set: (days: number, hours = 0) => {
      aheadMs = days * DAY + hours * HOUR;
    },
  };
}

export const SPOKEN = { es: 'Spanish', pt: 'Portuguese', de: 'German', ru: 'Russian', fr: 'French' } as const;

/** An applicant as the form leaves her: she speaks the language she applied in. */
export const applicant = (
  db: Db,
  [name, locale, contactMethod, contactInfo]: readonly [string, keyof typeof SPOKEN, string, string],
  recruiterName = 'Marta Ruiz',
) => insertCreator(db, { name, locale, language: SPOKEN[locale], contactMethod, contactInfo, recruiterName });

export const SOFIA = ['Sofía Martínez', 'es', 'Email', 'sofia.martinez@correo.example'] as const;

/**
 * The admin's real Send Stage 2, e-mailed unless `email: false`; settles once the worker (if any) is done with it.
 * The reply's link is the only place the token exists.
 */
export async function sendLink(t: TestApp, headers: AdminHeaders, creatorId: string, email = true) {
  const url = `/api/admin/creators/${creatorId}/send-stage2`;
  const res = await t.app.inject({ method: 'POST', url, headers, ...(email ? { payload: { email } } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.deliveries.idle();
  return tokenOf(res.json().link);
}

/** The reminders a creator got: activity entries by the system, and the rows that keep each mark once. */
export async function remindersOf(db: Db, id: string) {
  const entries = await db
    .select()
    .from(activityLog)
    .where(
      and(
        eq(activityLog.creatorId, id),
        eq(activityLog.action, CONTACT_ACTION),
        eq(activityLog.performedBy, REMINDER_SENDER),
      ),
    )
    .orderBy(activityLog.timestamp);
  const rows = await db.select().from(stage2Reminders).where(eq(stage2Reminders.creatorId, id));
  const events = await db
    .select()
    .from(outboxEvents)
    .where(and(eq(outboxEvents.creatorId, id), eq(outboxEvents.type, 'creator.message')));
  return { entries, rows, events };
}
