import type { Db } from '#server/db/client.js';
import { mailOutbox } from '#server/db/schema/email.js';
import type { Mailer } from './mailer.js';

/**
 * The development mail catcher: every message is kept in mail_outbox (readable at /dev/mail) and
 * still written to the log, so nothing a developer used to find there goes missing.
 */
export function createOutboxMailer(db: Db, log: Mailer): Mailer {
  return {
    async send(message) {
      await log.send(message);
      await db
        .insert(mailOutbox)
        .values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null, headers: message.headers ?? {} });
    },
  };
}
