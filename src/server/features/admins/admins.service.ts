import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { adminSessions, admins } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import type { AdminRole } from '#shared/admin-roles.ts';
import { ADMIN_PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from '#shared/limits.ts';
import { recordSecurityEvent } from './security-log.service.ts';

export type Admin = typeof admins.$inferSelect;

export interface AdminCredentials {
  username: string;
  password: string;
}

export interface NewAdmin extends AdminCredentials {
  /** Owners when made from the environment or the recovery CLI; the admin screen always says which. */
  role?: AdminRole;
}

export interface StartupLog {
  info(msg: string): void;
  warn(msg: string): void;
}

export interface FirstAdminResult {
  created: 'bootstrap' | 'generated' | null;
  username?: string;
}

const GENERATED_USERNAME = 'admin';

function normaliseUsername(username: string): string {
  const trimmed = username.trim();
  if (trimmed === '') {
    throw new AppError('VALIDATION_FAILED', 'auth.username', { username: 'auth.username' });
  }
  // Login refuses longer names, so an admin created with one could never sign in.
  if (trimmed.length > USERNAME_MAX_LENGTH) {
    throw new AppError('VALIDATION_FAILED', 'account.usernameTooLong', { username: 'account.usernameTooLong' });
  }
  return trimmed;
}

function checkPassword(password: string): void {
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH) {
    throw new AppError('VALIDATION_FAILED', 'account.passwordTooShort', { password: 'account.passwordTooShort' });
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw new AppError('VALIDATION_FAILED', 'account.passwordTooLong', { password: 'account.passwordTooLong' });
  }
}

/** Drivers differ in how they wrap a unique violation (drizzle nests the driver's error as `cause`). */
function isUniqueViolation(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Object; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const sameUsername = (username: string) => sql`lower(${admins.username}) = lower(${username})`;

/** Usernames are unique regardless of case, matching the index on lower(username). */
export async function findAdminByUsername(db: DbOrTx, username: string): Promise<Admin | null> {
  const [admin] = await db.select().from(admins).where(sameUsername(username.trim())).limit(1);
  return admin ?? null;
}

export async function countAdmins(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ value: count() }).from(admins);
  return row?.value ?? 0;
}

export async function createAdmin(
  db: DbOrTx,
  input: NewAdmin,
): Promise<{ id: string; username: string; role: AdminRole }> {
  const username = normaliseUsername(input.username);
  checkPassword(input.password);
  if (await findAdminByUsername(db, username)) throw new AppError('CONFLICT', 'admins.duplicate');
  const passwordHash = await hashPassword(input.password);
  try {
    const [admin] = await db
      .insert(admins)
      .values({ username, passwordHash, role: input.role ?? 'owner' })
      .returning({ id: admins.id, username: admins.username, role: admins.role });
    if (!admin) throw new Error('Insert into admins returned no row');
    return admin;
  } catch (error) {
    // Another process may have created the same name between the check and the insert.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'admins.duplicate');
    throw error;
  }
}

/** Sets a new password and ends every session of that admin, so whoever held the old one is signed out. */
export async function resetAdminPassword(db: DbOrTx, input: AdminCredentials): Promise<void> {
  const username = normaliseUsername(input.username);
  checkPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const [admin] = await tx
      .update(admins)
      .set({ passwordHash, updatedAt: new Date() })
      .where(sameUsername(username))
      .returning({ id: admins.id });
    if (!admin) throw new AppError('NOT_FOUND', 'admins.unknownUsername');
    await tx.delete(adminSessions).where(eq(adminSessions.adminId, admin.id));
    await recordSecurityEvent(tx, admin.id, 'password_changed');
  });
}

/**
 * architecture §2: a fresh install must be reachable. With no admin at all, create the bootstrap admin from
 * the environment, or else `admin` with a random password shown once. An existing admin is never touched.
 */
export async function ensureFirstAdmin(
  db: DbOrTx,
  config: Pick<Config, 'adminBootstrap'>,
  log: StartupLog,
  /** Hands a generated password to the operator (first-password.ts); says where it went, never what it is. */
  revealPassword: (credentials: AdminCredentials) => Promise<string>,
): Promise<FirstAdminResult> {
  if ((await countAdmins(db)) > 0) return { created: null };

  const bootstrap = config.adminBootstrap;
  const credentials = bootstrap ?? {
    username: GENERATED_USERNAME,
    password: randomBytes(18).toString('base64url'),
  };
  let username: string;
  try {
    ({ username } = await createAdmin(db, credentials));
  } catch (error) {
    // Another instance starting at the same moment won; its admin stands and its password was the one shown.
    if (error instanceof AppError && error.code === 'CONFLICT') return { created: null };
    throw error;
  }

  if (bootstrap) {
    log.info(`Created admin "${username}" from ADMIN_USERNAME and ADMIN_PASSWORD`);
    return { created: 'bootstrap', username };
  }
  // Log shippers keep what is logged: the password goes to the terminal or a private file, never the log.
  const where = await revealPassword({ username, password: credentials.password });
  log.warn(
    `No admin existed, so the owner "${username}" was created with a random password, ${where}. ` +
      `Change it once signed in, or with: npm run admin -- reset-password ${username}`,
  );
  return { created: 'generated', username };
}

export async function findAdminById(db: DbOrTx, id: string): Promise<Admin | null> {
  const [admin] = await db.select().from(admins).where(eq(admins.id, id)).limit(1);
  return admin ?? null;
}
