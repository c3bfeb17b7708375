import { type AddressInfo, createServer } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '#server/config.js';
import { createMailer } from './mailer.js';

const message = { to: 'ada@example.test', subject: 'Reset your Finishline password', text: 'Open https://finishline.test/reset-password?token=abc' };

function recordingLog() {
  const info = vi.fn();
  return { log: { info } as unknown as FastifyBaseLogger, info };
}

describe('createMailer', () => {
  it('writes the whole message, link included, to the log at info level without SMTP', async () => {
    const { log, info } = recordingLog();
    await createMailer(loadConfig({ MAIL_FROM: 'Finishline <hello@finishline.test>' }), log).send(message);
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
});
