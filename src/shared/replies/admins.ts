import { z } from 'zod';
import { ADMIN_ROLES } from '../admin-roles.ts';

/** An admin as an owner sees them (GET /api/admin/admins and every change under it). */
export const adminAccountSchema = z
  .object({
    id: z.uuid(),
    username: z.string(),
    role: z.enum(ADMIN_ROLES),
    isDisabled: z.boolean(),
    twoFactorEnabled: z.boolean(),
    createdAt: z.iso.datetime(),
    lastSignInAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'AdminAccount' });
export type AdminAccount = z.output<typeof adminAccountSchema>;
