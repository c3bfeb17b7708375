// The browser tests' inbox: test/e2e/server.ts starts the server with a mailer that appends every
// message to a file, and the tests read the file. Test-only; the product never exposes mail.
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MailMessage, Mailer } from '#server/integrations/email/mailer.js';

/** One file per server port, so runs on different ports do not read each other's mail. */
export const e2eMailFile = (port: string | number = process.env.E2E_PORT ?? 5179) => path.join(tmpdir(), `finishline-e2e-mail-${port}.jsonl`);

/** A mailer that writes each message as a JSON line; starts from an empty file. */
export function createFileMailer(file: string): Mailer {
  writeFileSync(file, '');
  return {
    async send(message) {
      appendFileSync(file, `${JSON.stringify(message)}\n`);
    },
  };
}

/** The messages sent to an address so far, oldest first. */
export function readMailTo(address: string, file = e2eMailFile()): MailMessage[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as MailMessage)
    .filter((message) => message.to.toLowerCase() === address.toLowerCase());
}

/** The confirmation links (/verify-email?token=...) mailed to an address so far, oldest first. */
export function verificationLinksTo(address: string, file = e2eMailFile()): string[] {
  return readMailTo(address, file).flatMap((message) => /https?:\/\/\S+\/verify-email\?token=\S+/.exec(message.text)?.[0] ?? []);
}
