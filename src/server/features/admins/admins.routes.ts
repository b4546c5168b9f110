import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '#server/lib/app-error.ts';
import { adminCreateSchema } from '#shared/schemas/auth.ts';
import { currentAdmin, requestOrigin } from '../../plugins/admin-session.ts';
import {
  ADMIN_NOT_FOUND,
  createAdminAccount,
  listAdmins,
  resetAdminTwoFactor,
  setAdminDisabled,
} from './admin-management.service.ts';

type AdminParams = { Params: { id: string } };

const adminIdSchema = z.uuid();

function targetId(request: FastifyRequest<AdminParams>): string {
  const id = adminIdSchema.safeParse(request.params.id);
  if (!id.success) throw notFound(ADMIN_NOT_FOUND);
  return id.data;
}

/** Managing admins (issue 12), owners only, mounted at /api/admin/admins. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const ownersOnly = { config: { permission: 'manageAdmins' as const } };

  app.get('/', ownersOnly, async () => listAdmins(db));

  app.post('/', ownersOnly, async (request, reply) => {
    const input = adminCreateSchema.parse(request.body ?? {});
    return reply.status(201).send(await createAdminAccount(db, input));
  });

  app.post<AdminParams>('/:id/disable', ownersOnly, async (request) =>
    setAdminDisabled(
      db,
      { actorId: currentAdmin(request).id, adminId: targetId(request), isDisabled: true },
      requestOrigin(request),
    ),
  );

  app.post<AdminParams>('/:id/enable', ownersOnly, async (request) =>
    setAdminDisabled(
      db,
      { actorId: currentAdmin(request).id, adminId: targetId(request), isDisabled: false },
      requestOrigin(request),
    ),
  );

  app.post<AdminParams>('/:id/reset-two-factor', ownersOnly, async (request) =>
    resetAdminTwoFactor(db, { actorId: currentAdmin(request).id, adminId: targetId(request) }, requestOrigin(request)),
  );
}
