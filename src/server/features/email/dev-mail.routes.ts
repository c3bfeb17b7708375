import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '#server/db/client.js';
import { mailOutbox } from '#server/db/schema/email.js';
import { escapeHtml } from '#server/mail/mail-layout.js';

/** The newest this many mails are listed. */
const listMax = 200;

/**
 * Its own policy, stricter than the app's: no script at all, and the mail's HTML only inside a
 * sandboxed srcdoc frame (an opaque origin that can run nothing and reach nothing of ours).
 */
const devMailCsp =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data: https:; frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const pageStyle =
  'body{font-family:system-ui,sans-serif;margin:0;padding:16px;color:#18181b;line-height:1.5}main{max-width:960px;margin:0 auto}' +
  'table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #e4e4e7;vertical-align:top;overflow-wrap:anywhere}' +
  'pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f4f4f5;padding:12px;border-radius:6px}iframe{width:100%;height:70vh;border:1px solid #d4d4d8;border-radius:6px}' +
  'dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}a{color:#2563eb}';

function page(reply: FastifyReply, title: string, body: string, status = 200) {
  return reply
    .status(status)
    .header('content-security-policy', devMailCsp)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${pageStyle}</style></head><body><main>${body}</main></body></html>`,
    );
}

const when = (date: Date) => `<time datetime="${date.toISOString()}">${escapeHtml(date.toISOString().replace('T', ' ').slice(0, 19))} UTC</time>`;

/** Escaped text whose http(s) addresses become links, so a reset or unsubscribe link is one click away. */
function linkify(text: string): string {
  let html = '';
  let last = 0;
  // Found in the raw text, so a URL ends where its text does (not inside an escaped '>').
  for (const match of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    const url = escapeHtml(match[0]);
    html += `${escapeHtml(text.slice(last, match.index))}<a href="${url}" target="_blank" rel="noreferrer">${url}</a>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

const isLoopback = (address: string | undefined) => address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

/** Headers a proxy adds when it relays a request: a relayed request is never the server's own machine. */
const relayHeaders = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host'] as const;

/**
 * The outbox holds everyone's mail (reset links included): only the server's own machine reads
 * it, never a request relayed by a proxy, whatever the deployment. A guard on each route, so it
 * holds under every spelling of the path the router matches (/%64ev/mail is /dev/mail; decision 039).
 */
async function onlyFromThisMachine(request: FastifyRequest, reply: FastifyReply) {
  if (isLoopback(request.socket.remoteAddress) && relayHeaders.every((name) => request.headers[name] === undefined)) return;
  return page(reply, 'Not found', '<h1>Not found</h1>', 404);
}

/**
 * The development mail catcher (docs/decisions/028-deal-mail.md): without SMTP, outside
 * production, mail is kept in mail_outbox and read here. These pages do not exist in production.
 */
export function devMailRoutes(app: FastifyInstance, db: Db) {
  // Not part of the API: kept out of the OpenAPI document.
  const options = { schema: { hide: true }, onRequest: onlyFromThisMachine };

  app.get('/dev/mail', options, async (_request, reply) => {
    const mails = await db
      .select({ id: mailOutbox.id, to: mailOutbox.to, subject: mailOutbox.subject, createdAt: mailOutbox.createdAt })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(listMax);
    const rows = mails
      .map(
        (m) =>
          `<tr><td>${when(m.createdAt)}</td><td>${escapeHtml(m.to)}</td><td><a href="/dev/mail/${m.id}">${escapeHtml(m.subject) || '(no subject)'}</a></td></tr>`,
      )
      .join('');
    const body = mails.length
      ? `<table><thead><tr><th scope="col">Sent</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>${rows}</tbody></table>`
      : '<p>No mail yet. Mail the app sends (password resets, deal updates) appears here.</p>';
    return page(
      reply,
      'Outbox',
      `<h1>Outbox</h1><p>Mail this development server would have sent, newest first (the newest ${listMax}). Without SMTP_URL or SMTP_HOST, outside production, mail is kept here instead.</p>${body}`,
    );
  });

  app.get<{ Params: { id: string } }>('/dev/mail/:id', options, async (request, reply) => {
    const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : null;
    const [mail] = id === null ? [] : await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!mail) return page(reply, 'Mail not found', '<h1>Mail not found</h1><p><a href="/dev/mail">Back to the outbox</a></p>', 404);
    const headers = Object.entries({ To: mail.to, Subject: mail.subject, ...mail.headers })
      .map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${linkify(value)}</dd>`)
      .join('');
    // The HTML part runs in a sandbox with no permissions (no scripts, no forms, no same origin);
    // links open in a new tab through the base target.
    const html = mail.html
      ? `<h2>HTML part</h2><iframe title="The HTML part of the mail" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(`<base target="_blank">${mail.html}`)}"></iframe>`
      : '';
    return page(
      reply,
      mail.subject || 'Mail',
      `<p><a href="/dev/mail">Back to the outbox</a></p><h1>${escapeHtml(mail.subject) || '(no subject)'}</h1><dl><dt>Sent</dt><dd>${when(mail.createdAt)}</dd>${headers}</dl><h2>Text part</h2><pre>${linkify(mail.text)}</pre>${html}`,
    );
  });
}
