import { type AddressInfo, createServer } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '#server/config.js';
import { startFakeSmtpServer } from '#test/fakes/smtp-server.js';
import { createMailer, mailDestination } from './mailer.js';

const message = { to: 'ada@example.test', subject: 'Reset your Finishline password', text: 'Open https://finishline.test/reset-password?token=abc' };

function recordingLog() {
  const info = vi.fn();
  return { log: { info } as unknown as FastifyBaseLogger, info };
}

describe('createMailer', () => {
  it('writes the whole message, link included, to the log at info level without SMTP in production', async () => {
    const { log, info } = recordingLog();
    await createMailer(loadConfig({ NODE_ENV: 'production', MAIL_FROM: 'Finishline <hello@finishline.test>' }), log).send(message);
    expect(info).toHaveBeenCalledTimes(1);
    const [fields, line] = info.mock.calls[0]!;
    expect(fields).toEqual({ mail: { from: 'Finishline <hello@finishline.test>', ...message } });
    expect(line).toContain('ada@example.test');
  });

  it('reads SMTP_HOST and its companions, or SMTP_URL as given', () => {
    const fromParts = loadConfig({ SMTP_HOST: 'smtp.example.test', SMTP_PORT: '465', SMTP_SECURE: 'true', SMTP_USER: 'ada', SMTP_PASS: 'secret' });
    expect(fromParts.email.smtp).toEqual({ host: 'smtp.example.test', port: 465, secure: true, auth: { user: 'ada', pass: 'secret' } });
    expect(loadConfig({ SMTP_URL: 'smtps://ada:secret@smtp.example.test' }).email.smtp).toBe('smtps://ada:secret@smtp.example.test');
    expect(loadConfig({}).email.smtp).toBeUndefined();
  });

  it('delivers over SMTP when configured, not to the log', async () => {
    // A server that greets every connection with an SMTP refusal: the mailer reporting that code shows it spoke SMTP to it.
    const server = createServer((socket) => socket.end('554 5.3.2 not accepting mail\r\n'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const { log, info } = recordingLog();
      const mailer = createMailer(loadConfig({ SMTP_URL: `smtp://127.0.0.1:${port}` }), log);
      await expect(mailer.send(message)).rejects.toThrow(/554/);
      expect(info).not.toHaveBeenCalled();
    } finally {
      server.close();
    }
  });

  it('sends the text and HTML parts and the extra headers over SMTP', async () => {
    const smtp = await startFakeSmtpServer();
    try {
      const { log } = recordingLog();
      const mailer = createMailer(loadConfig({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Finishline <hello@finishline.test>' }), log);
      await mailer.send({
        ...message,
        html: '<p>Open <a href="https://finishline.test/reset">the link</a></p>',
        headers: { 'List-Unsubscribe': '<https://finishline.test/api/email/unsubscribe?token=t>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail!.from).toBe('hello@finishline.test');
      expect(mail!.to).toEqual(['ada@example.test']);
      expect(mail!.data).toMatch(/^Content-Type: multipart\/alternative/im);
      expect(mail!.data).toMatch(/^Content-Type: text\/plain/im);
      expect(mail!.data).toMatch(/^Content-Type: text\/html/im);
      expect(mail!.data).toContain('https://finishline.test/reset-password?token=abc');
      expect(mail!.data).toContain('the link</a>');
      expect(mail!.data).toMatch(/^List-Unsubscribe: <https:\/\/finishline\.test\/api\/email\/unsubscribe\?token=t>$/im);
      expect(mail!.data).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
    } finally {
      await smtp.close();
    }
  });

  it('keeps a plain-text message plain over SMTP', async () => {
    const smtp = await startFakeSmtpServer();
    try {
      const { log } = recordingLog();
      await createMailer(loadConfig({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }), log).send(message);
      expect(smtp.received[0]!.data).toMatch(/^Content-Type: text\/plain/im);
      expect(smtp.received[0]!.data).not.toMatch(/multipart|text\/html/i);
    } finally {
      await smtp.close();
    }
  });

  it('writes to the log on a production PostgreSQL deployment without SMTP, and to the outbox otherwise', () => {
    const postgres = { DATABASE_URL: 'postgres://finishline@db.example.test/finishline' };
    expect(mailDestination(loadConfig({ NODE_ENV: 'production', ...postgres }))).toBe('log');
    expect(mailDestination(loadConfig({ NODE_ENV: 'development', ...postgres }))).toBe('outbox');
    // npm start's demo (production mode on the embedded database) keeps mail where a person trying it can read it.
    expect(mailDestination(loadConfig({ NODE_ENV: 'production' }))).toBe('outbox');
    expect(mailDestination(loadConfig({ NODE_ENV: 'production', MAIL_OUTBOX: 'false' }))).toBe('log');
    expect(mailDestination(loadConfig({ NODE_ENV: 'production', SMTP_HOST: 'smtp.example.test' }))).toBe('smtp');
  });
});
