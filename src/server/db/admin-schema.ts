import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ADMIN_ROLES } from '#shared/admin-roles.ts';

/**
 * The admin accounts, their recovery codes, security events and sessions (decision 021). Re-exported by schema.ts,
 * so the migrations and every import see one schema.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const admins = pgTable(
  'admins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** New admins are reviewers unless an owner says otherwise; the migration made existing ones owners. */
    role: text('role', { enum: ADMIN_ROLES }).notNull().default('reviewer'),
    /** Set while an owner has disabled the account: it cannot sign in and has no sessions. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The TOTP secret, AES-256-GCM encrypted (lib/secret-box.ts); null until enrolment is confirmed. */
    totpSecret: text('totp_secret'),
    /** A secret shown for enrolment but not yet confirmed by a first code. */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last time step whose code was accepted: a code is good once, even within its window. */
    totpLastStep: integer('totp_last_step'),
    /** The applicants' languages this admin works in (decision 063): round-robin hands them those applications. */
    languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
    /** When round-robin last handed this admin an application: the next goes to whoever waited longest. */
    lastAssignedAt: timestamp('last_assigned_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('admins_username_key').on(sql`lower(${t.username})`),
    check('admins_role_check', sql`${t.role} in ('owner', 'reviewer')`),
  ],
);

/** Ten per enrolment, each good once; only a keyed hash is stored (lib/secret-box.ts). */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('admin_recovery_codes_hash_key').on(t.adminId, t.codeHash)],
);

/**
 * What an admin sees in their security log: sign-ins, failures, and changes to the account. The address
 * group (IPv4 address or IPv6 /64) also tells the login throttle where this admin has signed in before.
 */
export const adminSecurityEvents = pgTable(
  'admin_security_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    address: text('address'),
    addressGroup: text('address_group'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_security_events_admin_idx').on(t.adminId, t.createdAt.desc()),
    index('admin_security_events_known_idx').on(t.adminId, t.kind, t.addressGroup),
  ],
);

/** architecture §5: only the SHA-256 of the session id is stored, so a database leak yields no usable cookie. */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    /** What the account screen names a session by: the cookie's hash never leaves the server. */
    id: uuid('id').notNull().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    address: text('address'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('admin_sessions_id_key').on(t.id),
    index('admin_sessions_admin_idx').on(t.adminId),
    index('admin_sessions_expires_idx').on(t.expiresAt),
  ],
);
