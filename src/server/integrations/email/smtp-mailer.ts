import nodemailer from 'nodemailer';
import type { Config } from '#server/config.js';
import type { Mailer } from './mailer.js';

type SmtpSettings = NonNullable<Config['email']['smtp']>;

/** Delivers through an SMTP server with nodemailer; SMTP_URL or the SMTP_HOST family configures it. */
export function createSmtpMailer(smtp: SmtpSettings, from: string): Mailer {
  const transport = nodemailer.createTransport(smtp, { from });
  return {
    async send(message) {
      await transport.sendMail(message);
    },
  };
}
