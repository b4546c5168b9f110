import { z } from 'zod';
import { ADMIN_ROLES } from '../admin-roles.ts';

/**
 * The replies of signing in and out and of the auth status (product §7). The server declares and writes them
 * by these schemas; the client imports only their types (docs/decisions/029).
 */

/** A change that has nothing to report: logout, ending a session, turning two-factor sign-in off. */
export const successSchema = z.object({ success: z.literal(true) });

/** Who is signed in; GET /api/admin/account starts with the same fields. */
export const sessionUserSchema = z.object({
  username: z.string(),
  role: z.enum(ADMIN_ROLES),
  twoFactorEnabled: z.boolean(),
  mustEnrolTwoFactor: z
    .boolean()
    .describe('REQUIRE_2FA is set and this admin has not enrolled: nothing but enrolment is open to them'),
});

const canEmailApplicants = z
  .boolean()
  .describe('SMTP is configured, so a stage-2 link can be e-mailed to an applicant');

/** GET /api/admin/auth-status (the spec leaves the user's shape open: decision 007). */
export const authStatusSchema = z
  .object({
    isAuthenticated: z.boolean(),
    user: sessionUserSchema
      .extend({ canEmailApplicants })
      .meta({ id: 'SessionUser' })
      .nullable()
      .describe('Null when signed out'),
  })
  .meta({ id: 'AuthStatus' });
export type AuthStatus = z.output<typeof authStatusSchema>;

/** The user of both replies; only the auth status says whether applicants can be e-mailed. */
export type SessionUser = z.output<typeof sessionUserSchema> & { canEmailApplicants?: boolean };

/** POST /api/admin/login: the session itself travels in the cookie, never in the body. */
export const signedInSchema = z
  .object({ success: z.literal(true), user: z.object({ username: z.string() }) })
  .meta({ id: 'SignedIn' });
export type SignedIn = z.output<typeof signedInSchema>;
