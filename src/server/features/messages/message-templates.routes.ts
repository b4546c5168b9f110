import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '#server/lib/app-error.ts';
import { bodyOrEmpty, errorReplies } from '#server/lib/route-schemas.ts';
import type { LanguageCode } from '#shared/languages.ts';
import type { MessagePurpose } from '#shared/message-templates.ts';
import { messageTemplateListSchema, messageTemplateSchema } from '#shared/replies/message-templates.ts';
import { templateParams, templateSaveSchema } from '#shared/schemas/message-templates.ts';
import { listTemplates, resetTemplate, saveTemplate } from './message-templates.service.ts';

/**
 * Message templates (decision 060), mounted at /api/admin/message-templates. Every admin reads them (they
 * contact creators with them); only owners change what the team sends.
 */
export const messageTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;
  const ownersOnly = { permission: 'manageTemplates' as const };

  app.get(
    '/',
    {
      schema: {
        summary: 'Every message template in every language, as it is sent now',
        response: { 200: messageTemplateListSchema },
      },
    },
    async () => ({ templates: await listTemplates(database.db), canEmail: config.alerts.smtp !== undefined }),
  );

  app.put(
    '/:purpose/:language',
    {
      config: ownersOnly,
      schema: {
        summary: "Set a template's wording in one language, or send English in its place (owners only)",
        params: templateParams,
        body: bodyOrEmpty(templateSaveSchema),
        response: { 200: messageTemplateSchema, ...errorReplies(409) },
      },
    },
    async (request) => {
      if (!request.admin) throw new AppError('UNAUTHENTICATED', 'auth.signInRequired');
      return saveTemplate(database.db, {
        purpose: request.params.purpose as MessagePurpose,
        language: request.params.language as LanguageCode,
        change: request.body,
        updatedBy: request.admin.username,
      });
    },
  );

  app.delete(
    '/:purpose/:language',
    {
      config: ownersOnly,
      schema: {
        summary: 'Put a template in one language back to the text shipped with the product (owners only)',
        params: templateParams,
        response: { 200: messageTemplateSchema },
      },
    },
    async (request) =>
      resetTemplate(database.db, {
        purpose: request.params.purpose as MessagePurpose,
        language: request.params.language as LanguageCode,
      }),
  );
};
