import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.js';
import { createSmtpMailer } from './smtp-mailer.js';

/** One plain-text email. Every message Finishline sends is short and carries at most a link. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
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

/** SMTP when configured (SMTP_URL or SMTP_HOST), the log otherwise. */
export function createMailer(config: Pick<Config, 'email'>, log: FastifyBaseLogger): Mailer {
  const { smtp, from } = config.email;
  return smtp ? createSmtpMailer(smtp, from) : createLogMailer(log, from);
}
