import { deadlineDay } from '#shared/domain/deal.js';
import { formatMoney } from '#shared/domain/money.js';
import { DEFAULT_TIME_ZONE } from '#shared/domain/time-zone.js';

/** Makes text safe inside HTML text and double-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * How a paragraph writes its values: the text part takes them as they are, the HTML part escapes
 * every user-written value and wraps dates in <time>. A paragraph is written once, for both.
 */
export interface MailFormat {
  /** A user-written value: a project name, a username, a milestone title. */
  value(text: string): string;
  /** A date as '30 Nov' in the recipient's zone (with the ISO in <time datetime> in HTML). */
  date(iso: string): string;
  money(cents: number): string;
  /** The recipient's zone, for a sentence written elsewhere that carries a date (decision 048). */
  timeZone: string;
}

const textFormat = (timeZone: string): MailFormat => ({
  value: (text) => text,
  date: (iso) => deadlineDay(iso, timeZone),
  money: (cents) => formatMoney(cents, { showCents: true }),
  timeZone,
});
const htmlFormat = (timeZone: string): MailFormat => ({
  value: (text) => `<strong>${escapeHtml(text)}</strong>`,
  date: (iso) => `<time datetime="${escapeHtml(iso)}">${deadlineDay(iso, timeZone)}</time>`,
  money: (cents) => escapeHtml(formatMoney(cents, { showCents: true })),
  timeZone,
});

export type Paragraph = (format: MailFormat) => string;

/** What a deal mail says, before it is written out as text and HTML. */
export interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: Paragraph[];
  /** A user-written message quoted in full (a delivery note, a revision reason, an objection). */
  quote?: { label: string; text: string };
  action: { label: string; url: string };
  /** A second link under the action: where the receipt or payout statement of the money is (issue 31). */
  secondaryAction?: { label: string; url: string };
}

export interface MailFooter {
  /** Why the person gets it and how to stop: the signed one-click link and the preferences page. */
  reason: string;
  unsubscribe?: { label: string; url: string };
  preferencesUrl?: string;
}

/** `timeZone`: the recipient's (decision 048), the zone every date of the mail is written in. */
export function renderText(content: MailContent, footer: MailFooter, timeZone: string = DEFAULT_TIME_ZONE): string {
  const format = textFormat(timeZone);
  const lines = [content.greeting, '', ...content.paragraphs.flatMap((p) => [p(format), ''])];
  if (content.quote) lines.push(`${content.quote.label}:`, ...content.quote.text.split(/\r?\n/).map((line) => `> ${line}`), '');
  lines.push(`${content.action.label}: ${content.action.url}`, '');
  if (content.secondaryAction) lines.push(`${content.secondaryAction.label}: ${content.secondaryAction.url}`, '');
  lines.push('--', footer.reason);
  if (footer.unsubscribe) lines.push(`${footer.unsubscribe.label}: ${footer.unsubscribe.url}`);
  if (footer.preferencesUrl) lines.push(`Email preferences: ${footer.preferencesUrl}`);
  return `${lines.join('\n')}\n`;
}

const link = (url: string, label: string) => `<a href="${escapeHtml(url)}" style="color:#2563eb">${escapeHtml(label)}</a>`;

export function renderHtml(content: MailContent, footer: MailFooter, timeZone: string = DEFAULT_TIME_ZONE): string {
  const format = htmlFormat(timeZone);
  const quote = content.quote
    ? `<p style="margin:16px 0 4px">${escapeHtml(content.quote.label)}:</p><blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #d4d4d8;white-space:pre-wrap">${escapeHtml(content.quote.text)}</blockquote>`
    : '';
  const footerLinks = [
    footer.unsubscribe ? link(footer.unsubscribe.url, footer.unsubscribe.label) : '',
    footer.preferencesUrl ? link(footer.preferencesUrl, 'Email preferences') : '',
  ].filter(Boolean);
  return [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f4f5;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#18181b;line-height:1.5">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    `<p>${escapeHtml(content.greeting)}</p>`,
    ...content.paragraphs.map((p) => `<p>${p(format)}</p>`),
    quote,
    `<p style="margin:24px 0">${link(content.action.url, content.action.label)}</p>`,
    content.secondaryAction ? `<p>${link(content.secondaryAction.url, content.secondaryAction.label)}</p>` : '',
    `<p style="margin-top:32px;font-size:12px;color:#71717a">${escapeHtml(footer.reason)}${footerLinks.length ? `<br>${footerLinks.join(' &middot; ')}` : ''}</p>`,
    '</div></body></html>',
  ].join('\n');
}
