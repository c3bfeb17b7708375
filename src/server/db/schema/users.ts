import { sql } from 'drizzle-orm';
import { userRoles } from '#shared/domain/roles.js';
import { boolean, check, index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const userRole = pgEnum('user_role', userRoles);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: userRole('role').notNull().default('submitter'),
    /** When the owner of `email` opened a confirmation link sent to it; null while nobody has proved it (decision 036). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** A new address asked for on the profile: it replaces `email` only when its confirmation link is opened. */
    pendingEmail: text('pending_email'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeConnectAccountId: text('stripe_connect_account_id'),
    onboardingComplete: boolean('onboarding_complete').notNull().default(false),
    avatarUrl: text('avatar_url'),
    bio: text('bio'),
    location: text('location'),
    website: text('website'),
    githubUrl: text('github_url'),
    linkedinUrl: text('linkedin_url'),
    twitterUrl: text('twitter_url'),
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    hourlyRate: integer('hourly_rate'),
    yearsOfExperience: integer('years_of_experience'),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    frameworks: text('frameworks')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The IANA zone (e.g. 'Europe/Berlin') mail and the server's sentences write dates in: the browser's at registration, editable in the account settings. */
    timeZone: text('time_zone').notNull().default('UTC'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Case-insensitive uniqueness: 'Ada' and 'ada' are the same account.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_stripe_connect_account_key').on(t.stripeConnectAccountId),
    // The developer directory lists finishers.
    index('users_role_idx').on(t.role, t.id),
    // The directory's text search reads developer_search (developer-search.ts), kept by a trigger.
    check('users_hourly_rate_check', sql`${t.hourlyRate} IS NULL OR ${t.hourlyRate} >= 0`),
    check('users_years_check', sql`${t.yearsOfExperience} IS NULL OR ${t.yearsOfExperience} >= 0`),
    // Privilege never comes from an address nobody proved (issue 26): an operator's email is verified.
    // Compared as text: a fresh PostgreSQL migrates in one transaction, where the enum's newer
    // 'operator' value cannot be used as an enum literal yet.
    check('users_operator_verified_check', sql`${t.role}::text <> 'operator' OR ${t.emailVerifiedAt} IS NOT NULL`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token, hex. The token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    /** What the session list shows and sign-out-one-session names: random, so it says nothing about the token. */
    id: uuid('id').notNull().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt), uniqueIndex('sessions_id_key').on(t.id)],
);

/**
 * At most one outstanding password reset per user: a new request replaces the row, so only the
 * latest emailed link works. Confirming deletes the row, which makes the token single-use.
 */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** SHA-256 of the emailed token, hex; the token itself is never stored. */
  tokenHash: text('token_hash').notNull().unique('password_reset_tokens_token_hash_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * The outstanding email confirmation link of a user, at most one: a new link (resend, or another
 * email change) replaces the row and so voids the previous one. Opening it deletes the row, which
 * makes the link single-use. `email` is the address it was sent to: the account's own address, or
 * the pending new one.
 */
export const emailVerificationTokens = pgTable('email_verification_tokens', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** SHA-256 of the emailed token, hex; the token itself is never stored. */
  tokenHash: text('token_hash').notNull().unique('email_verification_tokens_token_hash_key'),
  email: text('email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type SessionRow = typeof sessions.$inferSelect;
export type PasswordResetTokenRow = typeof passwordResetTokens.$inferSelect;
