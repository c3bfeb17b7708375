import type { MailMessage, Mailer } from '#server/integrations/email/mailer.js';

/** A Mailer that keeps what it is given, for tests to read instead of an inbox. */
export class CapturingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  private waiters: (() => void)[] = [];

  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** The messages sent to an address so far, oldest first. */
  to(address: string): MailMessage[] {
    return this.sent.filter((m) => m.to.toLowerCase() === address.toLowerCase());
  }

  /**
   * Waits for the n-th message to an address (1 = the first). Mail goes out after the response,
   * so a test that just made a request may have to wait a moment for it.
   */
  async waitFor(address: string, n = 1, timeoutMs = 5_000): Promise<MailMessage> {
    const deadline = Date.now() + timeoutMs;
    while (this.to(address).length < n) {
      if (Date.now() > deadline) throw new Error(`no mail #${n} to ${address} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return this.to(address)[n - 1]!;
  }
}

/** The reset link in a password reset email, and its token. */
export function resetLinkIn(message: MailMessage): { link: URL; token: string } {
  const match = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(message.text);
  if (!match) throw new Error(`no reset link in: ${message.text}`);
  const link = new URL(match[0]);
  return { link, token: link.searchParams.get('token')! };
}

/** The confirmation link in an email verification mail, and its token. */
export function verificationLinkIn(message: MailMessage): { link: URL; token: string } {
  const match = /https?:\/\/\S+\/verify-email\?token=\S+/.exec(message.text);
  if (!match) throw new Error(`no confirmation link in: ${message.text}`);
  const link = new URL(match[0]);
  return { link, token: link.searchParams.get('token')! };
}
