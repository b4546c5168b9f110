import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { activityLog, creators } from '#server/db/schema.ts';
import { stage2Reminders } from '#server/db/staff-work-schema.ts';
import type { LanguageCode } from '#shared/languages.ts';
import { CONTACT_ACTION, REMINDER_SENDER, renderMessage, resolveTemplate } from '#shared/message-templates.ts';
import { creatorLanguage } from '#shared/stage2-channels.ts';
import { EVENT_CREATOR_COLUMNS, recordEvent } from '../alerts/outbox.ts';
import { valuesOf } from './creator-contact.service.ts';
import type { MessageInfo } from './creator-messages.service.ts';
import { templateOverrides } from './message-templates.service.ts';

export { REMINDER_SENDER } from '#shared/message-templates.ts';

/** Creators looked at in one pass; the next pass takes the rest. */
const BATCH = 100;

/**
 * STAGE2_REMINDER_DAYS (decision 060): creators still in stage2_sent who chose e-mail, whose current link still
 * works and was made at least a mark ago, get the reminder template through the outbox. A row per mark and
 * link (`stage2_reminders`) is written in the same transaction as the event and the activity entry, so a
 * reminder exists exactly once or not at all, whatever restarts or other instances do. When a pass comes
 * after several marks have gone by (the server was down), only the latest is sent. A submission or any other
 * status change ends them (the creator leaves stage2_sent); a new link starts its own marks.
 */
export async function sendDueReminders(
  db: Db,
  input: { marks: readonly number[]; now: Date; brand: string },
): Promise<number> {
  if (input.marks.length === 0) return 0;
  const marks = sql`array[${sql.join(
    input.marks.map((mark) => sql`${mark}::int`),
    sql`, `,
  )}]`;
  const now = input.now.toISOString();
  const due = (await db.execute(sql`
    select c.id, c.stage2_link_sent_at::text as link_sent_at, max(m.mark) as mark
    from ${creators} c cross join unnest(${marks}) as m(mark)
    where c.status = 'stage2_sent' and c.contact_method = 'Email'
      and c.stage2_link_sent_at is not null
      and c.stage2_token_expires_at > ${now}::timestamptz
      and c.stage2_link_sent_at + make_interval(days => m.mark) <= ${now}::timestamptz
      and not exists (
        select 1 from ${stage2Reminders} r
        where r.creator_id = c.id and r.link_sent_at = c.stage2_link_sent_at and r.mark_days >= m.mark
      )
    group by c.id, c.stage2_link_sent_at
    limit ${BATCH}`)) as unknown as { rows: { id: string; link_sent_at: string; mark: number }[] };
  let sent = 0;
  for (const row of due.rows) {
    if (await sendReminder(db, { creatorId: row.id, linkSentAt: row.link_sent_at, mark: Number(row.mark) }, input)) {
      sent += 1;
    }
  }
  return sent;
}

async function sendReminder(
  db: Db,
  due: { creatorId: string; linkSentAt: string; mark: number },
  input: { brand: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The creator as she is now, held until the reminder commits: a submission or a new link in between waits.
    const [creator] = await tx
      .select({ ...EVENT_CREATOR_COLUMNS, stage2LinkSentAt: creators.stage2LinkSentAt })
      .from(creators)
      .where(
        and(
          eq(creators.id, due.creatorId),
          eq(creators.status, 'stage2_sent'),
          sql`${creators.stage2LinkSentAt} = ${due.linkSentAt}::timestamptz`,
        ),
      )
      .for('update');
    if (!creator) return false;
    const claimed = await tx
      .insert(stage2Reminders)
      .values({ creatorId: due.creatorId, linkSentAt: sql`${due.linkSentAt}::timestamptz`, markDays: due.mark })
      .onConflictDoNothing()
      .returning({ mark: stage2Reminders.markDays });
    if (claimed.length === 0) return false;
    const language: LanguageCode = creatorLanguage(creator);
    const template = resolveTemplate('stage2_reminder', language, await templateOverrides(tx));
    const { subject, body } = renderMessage(template, valuesOf(creator, input.brand));
    const eventId = await recordEvent(tx, 'creator.message', creator, {
      message: { subject, text: body, purpose: 'stage2_reminder', language: template.language },
    });
    const info: MessageInfo = { channel: 'email', purpose: 'stage2_reminder', language: template.language, eventId };
    await tx.insert(activityLog).values({
      creatorId: due.creatorId,
      action: CONTACT_ACTION,
      performedBy: REMINDER_SENDER,
      additionalInfo: { ...info, reminderDay: due.mark },
    });
    return true;
  });
}
