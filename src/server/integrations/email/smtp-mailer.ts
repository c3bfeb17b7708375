import { createRequire } from 'node:module';
import type Nodemailer from 'nodemailer';
import type { Config } from '#server/config.js';
import type { Mailer } from './mailer.js';

const require = createRequire(import.meta.url);

type SmtpSettings = NonNullable<Config['email']['smtp']>;

/** Delivers through an SMTP server with nodemailer; SMTP_URL or the SMTP_HOST family configures it. */
export function createSmtpMailer(smtp: SmtpSettings, from: string): Mailer {
  // Loaded only when SMTP is configured, not with every start (docs/decisions/032-initial-load-and-cold-start.md).
  const nodemailer = require('nodemailer') as typeof Nodemailer;
  const transport = nodemailer.createTransport(smtp, { from });
  return {
    async send({ to, subject, text, html, headers }) {
      // Both parts go out as multipart/alternative when there is an HTML part; the headers as given.
      await transport.sendMail({ to, subject, text, ...(html === undefined ? {} : { html }), ...(headers ? { headers } : {}) });
    },
  };
}
