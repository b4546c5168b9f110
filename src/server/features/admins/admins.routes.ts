import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '#server/lib/app-error.ts';
import { bodyOrEmpty, errorReplies } from '#server/lib/route-schemas.ts';
import { adminAccountSchema } from '#shared/replies/admins.ts';
import { adminCreateSchema } from '#shared/schemas/auth.ts';
import { currentAdmin, requestOrigin } from '../../plugins/admin-session.ts';
import {
  ADMIN_NOT_FOUND,
  createAdminAccount,
  listAdmins,
  resetAdminTwoFactor,
  setAdminDisabled,
} from './admin-management.service.ts';

const adminIdSchema = z.uuid();

/** Checked by the handler: a malformed id is an admin that does not exist (404), not a bad request. */
const adminParams = z.object({ id: z.string().describe("The admin's id, from GET /api/admin/admins") });

function targetId(params: z.output<typeof adminParams>): string {
  const id = adminIdSchema.safeParse(params.id);
  if (!id.success) throw notFound(ADMIN_NOT_FOUND);
  return id.data;
}

/** A request without a body is read as an empty one, so it gets the field messages rather than one for the whole. */

/** Managing admins (decision 021), owners only, mounted at /api/admin/admins. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const ownersOnly = { permission: 'manageAdmins' as const };
  const updatedAdmin = { 200: adminAccountSchema, ...errorReplies(404, 409) };

  app.get(
    '/',
    {
      config: ownersOnly,
      schema: { summary: 'Every admin, oldest first', response: { 200: z.array(adminAccountSchema) } },
    },
    async () => listAdmins(db),
  );

  app.post(
    '/',
    {
      config: ownersOnly,
      schema: {
        summary: 'Create an admin with a first password and a role',
        body: bodyOrEmpty(adminCreateSchema),
        response: { 201: adminAccountSchema, ...errorReplies(409) },
      },
    },
    async (request, reply) => reply.status(201).send(await createAdminAccount(db, request.body)),
  );

  app.post(
    '/:id/disable',
    {
      config: ownersOnly,
      schema: {
        summary: "Disable an admin: their sessions end at once and they cannot sign in; never one's own account",
        params: adminParams,
        response: updatedAdmin,
      },
    },
    async (request) =>
      setAdminDisabled(
        db,
        { actorId: currentAdmin(request).id, adminId: targetId(request.params), isDisabled: true },
        requestOrigin(request),
      ),
  );

  app.post(
    '/:id/enable',
    {
      config: ownersOnly,
      schema: { summary: 'Let a disabled admin sign in again', params: adminParams, response: updatedAdmin },
    },
    async (request) =>
      setAdminDisabled(
        db,
        { actorId: currentAdmin(request).id, adminId: targetId(request.params), isDisabled: false },
        requestOrigin(request),
      ),
  );

  app.post(
    '/:id/reset-two-factor',
    {
      config: ownersOnly,
      schema: {
        summary: 'Turn off the two-factor sign-in of an admin who lost their authenticator, and end their sessions',
        params: adminParams,
        response: updatedAdmin,
      },
    },
    async (request) =>
      resetAdminTwoFactor(
        db,
        { actorId: currentAdmin(request).id, adminId: targetId(request.params) },
        requestOrigin(request),
      ),
  );
};
