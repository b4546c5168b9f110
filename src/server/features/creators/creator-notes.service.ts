import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { activityLog, creators } from '#server/db/schema.ts';
import type { ActivityEntry } from '#shared/replies/creators.ts';
import { NOTE_ACTION, type NoteInput } from '#shared/schemas/note.ts';
import { toActivityEntry } from './creator-dto.ts';
import { staffActionAt } from './creator-status.service.ts';
import { findCreatorRow } from './creators.service.ts';

/**
 * POST …/notes: a note is an activity entry (who wrote it and when come with it), and a first staff action
 * that stops the 24–48 hour clock; both in one transaction (architecture §4, docs/decisions/025).
 */
export async function addCreatorNote(
  db: Db,
  input: { publicId: string; performedBy: string; note: NoteInput },
): Promise<ActivityEntry> {
  return db.transaction(async (tx) => {
    const creator = await findCreatorRow(tx, input.publicId);
    await tx.update(creators).set({ firstStaffActionAt: staffActionAt }).where(eq(creators.id, creator.id));
    const [entry] = await tx
      .insert(activityLog)
      .values({
        creatorId: creator.id,
        action: NOTE_ACTION,
        performedBy: input.performedBy,
        additionalInfo: { text: input.note.text },
      })
      .returning();
    if (!entry) throw new Error('The note was not written');
    return toActivityEntry(entry);
  });
}
