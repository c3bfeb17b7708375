import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.js';
import type { Db } from '#server/db/client.js';
import { createOutboxMailer } from './outbox-mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

/**
 * One email: always a plain-text part; deal mail adds an HTML part and headers
 * (List-Unsubscribe). Password reset mail is text only.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

/** Sends email. The app gets one from createMailer; tests pass their own to capture what is sent. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Without SMTP there is nowhere to deliver to, so the message (link included) goes to the
 * server log: a developer or a self-hosting operator can still reset a password.
 */
export function createLogMailer(log: FastifyBaseLogger, from: string): Mailer {
  return {
    async send(message) {
      log.info({ mail: { from, ...message } }, `email to ${message.to} (no SMTP configured, written to the log): ${message.subject}`);
    },
  };
}

/** Where mail goes: 'smtp', the development outbox at /dev/mail, or the log. */
export type MailDestination = 'smtp' | 'outbox' | 'log';

/** SMTP when configured; without it the outbox when MAIL_OUTBOX says so (the default outside a production PostgreSQL deployment), else the log. */
export function mailDestination(config: Pick<Config, 'email'>): MailDestination {
  if (config.email.smtp) return 'smtp';
  return config.email.outbox ? 'outbox' : 'log';
}

/** SMTP when configured (SMTP_URL or SMTP_HOST); else the outbox (development, with a database) or the log. */
export function createMailer(config: Pick<Config, 'email' | 'isProduction'>, log: FastifyBaseLogger, db?: Db): Mailer {
  const { smtp, from } = config.email;
  if (smtp) return createSmtpMailer(smtp, from);
  const logMailer = createLogMailer(log, from);
  return mailDestination(config) === 'outbox' && db ? createOutboxMailer(db, logMailer) : logMailer;
}
