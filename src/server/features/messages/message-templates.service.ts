import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { messageTemplates } from '#server/db/staff-work-schema.ts';
import { AppError, validationFailed } from '#server/lib/app-error.ts';
import { FALLBACK_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '#shared/languages.ts';
import {
  DEFAULT_TEMPLATES,
  MESSAGE_PURPOSES,
  type MessagePurpose,
  type TemplateOverride,
  unknownVariables,
  variablesOf,
} from '#shared/message-templates.ts';
import type { MessageTemplate } from '#shared/replies/message-templates.ts';
import type { TemplateSaveInput } from '#shared/schemas/message-templates.ts';

/** The owners' wording of message templates over the shipped defaults (decision 060). */

type OverrideRow = typeof messageTemplates.$inferSelect;

const toOverride = (row: OverrideRow): TemplateOverride => ({
  purpose: row.purpose,
  language: row.language as LanguageCode,
  subject: row.subject,
  body: row.body,
});

/** Every wording owners changed; a few dozen rows at most, read whole. */
export async function templateOverrides(db: DbOrTx): Promise<TemplateOverride[]> {
  return (await db.select().from(messageTemplates)).map(toOverride);
}

function toItem(purpose: MessagePurpose, language: LanguageCode, row: OverrideRow | undefined): MessageTemplate {
  if (!row) {
    const text = DEFAULT_TEMPLATES[purpose][language];
    return { purpose, language, source: 'default', ...text, updatedBy: null, updatedAt: null };
  }
  return {
    purpose,
    language,
    source: row.subject === null ? 'english' : 'custom',
    subject: row.subject,
    body: row.body,
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET …/message-templates: every purpose in every language, as it is sent now. */
export async function listTemplates(db: DbOrTx): Promise<MessageTemplate[]> {
  const rows = await db.select().from(messageTemplates);
  return MESSAGE_PURPOSES.flatMap((purpose) =>
    LANGUAGE_CODES.map((language) =>
      toItem(
        purpose,
        language,
        rows.find((row) => row.purpose === purpose && row.language === language),
      ),
    ),
  );
}

/** The `{…}` a purpose cannot fill are refused as the field's error, naming what it may use. */
function checkVariables(purpose: MessagePurpose, fields: { subject: string; body: string }): void {
  const problems: Record<string, { key: 'templates.unknownVariable'; params: Record<string, string> }> = {};
  for (const field of ['subject', 'body'] as const) {
    const unknown = unknownVariables(purpose, fields[field]);
    if (unknown.length === 0) continue;
    problems[field] = {
      key: 'templates.unknownVariable',
      params: {
        names: unknown.map((name) => `{${name}}`).join(', '),
        allowed: variablesOf(purpose)
          .map((name) => `{${name}}`)
          .join(', '),
      },
    };
  }
  if (Object.keys(problems).length > 0) throw validationFailed(problems, ['subject', 'body']);
}

/** PUT …/message-templates/{purpose}/{language}: the owners' wording, or English in place of a translation. */
export async function saveTemplate(
  db: DbOrTx,
  input: { purpose: MessagePurpose; language: LanguageCode; change: TemplateSaveInput; updatedBy: string },
): Promise<MessageTemplate> {
  const { purpose, language, change, updatedBy } = input;
  let texts: { subject: string | null; body: string | null };
  if ('useEnglish' in change) {
    if (language === FALLBACK_LANGUAGE) throw new AppError('CONFLICT', 'templates.englishRequired');
    texts = { subject: null, body: null };
  } else {
    checkVariables(purpose, change);
    texts = { subject: change.subject, body: change.body };
  }
  const [row] = await db
    .insert(messageTemplates)
    .values({ purpose, language, ...texts, updatedBy })
    .onConflictDoUpdate({
      target: [messageTemplates.purpose, messageTemplates.language],
      set: { ...texts, updatedBy, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('the template was not saved');
  return toItem(purpose, language, row);
}

/** DELETE …/message-templates/{purpose}/{language}: back to the text shipped with the product. */
export async function resetTemplate(
  db: DbOrTx,
  input: { purpose: MessagePurpose; language: LanguageCode },
): Promise<MessageTemplate> {
  await db
    .delete(messageTemplates)
    .where(and(eq(messageTemplates.purpose, input.purpose), eq(messageTemplates.language, input.language)));
  return toItem(input.purpose, input.language, undefined);
}
