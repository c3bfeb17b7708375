import { inArray } from 'drizzle-orm';
import { emailCategoryText } from '#shared/domain/email-categories.js';
import type { AppContext } from '#server/context.js';
import { users } from '#server/db/schema/users.js';
import type { DomainEvent, DomainEvents } from '#server/events/domain-events.js';
import type { MailMessage } from '#server/integrations/email/mailer.js';
import { preferencesOf } from './email.service.js';
import { clockLetters } from './deal-clock.letters.js';
import { disputeLetters } from './dispute.letters.js';
import type { Letter, Links } from './deal-letters.js';
import { progressLetters } from './deal-progress.letters.js';
import { type MailFooter, renderHtml, renderText } from './mail-layout.js';
import { signUnsubscribeToken } from './unsubscribe-token.js';

/** Every deal event that sends mail, and what it sends to whom. */
const dealLetters = { ...progressLetters, ...clockLetters, ...disputeLetters };
type DealMailEventType = keyof typeof dealLetters;

export type DealMailContext = Pick<AppContext, 'db' | 'config' | 'log' | 'mailer'>;

/** The client's page for a signed unsubscribe token, and the one-click address mail clients POST to. */
export const unsubscribePageUrl = (origin: string, token: string) => `${origin}/email/unsubscribe?token=${encodeURIComponent(token)}`;
const oneClickUrl = (origin: string, token: string) => `${origin}/api/email/unsubscribe?token=${encodeURIComponent(token)}`;

/** The mail every letter of one event becomes, for the recipients who want it. */
async function composeMail(ctx: DealMailContext, letters: Letter[]): Promise<MailMessage[]> {
  const origin = ctx.config.linkOrigin;
  const userIds = [...new Set(letters.flatMap((letter) => (letter.to === 'operator' ? [] : [letter.to.userId])))];
  const people = userIds.length
    ? await ctx.db.select({ id: users.id, email: users.email, username: users.username }).from(users).where(inArray(users.id, userIds))
    : [];
  const preferences = await preferencesOf(ctx.db, userIds);
  const mail: MailMessage[] = [];
  for (const letter of letters) {
    if (letter.to === 'operator') {
      if (!ctx.config.operatorEmail) continue;
      const footer: MailFooter = { reason: 'You get this email as the operator of this Finishline (OPERATOR_EMAIL).' };
      const content = { ...letter.content, greeting: 'Hello,' };
      mail.push({ to: ctx.config.operatorEmail, subject: oneLine(content.subject), text: renderText(content, footer), html: renderHtml(content, footer) });
      continue;
    }
    const { userId, category } = letter.to;
    const person = people.find((p) => p.id === userId);
    if (!person || !preferences.get(userId)?.[category]) continue;
    const token = signUnsubscribeToken(ctx.config.emailLinks.secret, userId, category);
    const label = emailCategoryText[category].label;
    const footer: MailFooter = {
      reason: `You get this email because ${label.toLowerCase()} are turned on for your Finishline account.`,
      unsubscribe: { label: `Turn off ${label.toLowerCase()} emails`, url: unsubscribePageUrl(origin, token) },
      preferencesUrl: `${origin}/profile?tab=security#email-preferences`,
    };
    const content = { ...letter.content, greeting: `Hi ${person.username},` };
    mail.push({
      to: person.email,
      subject: oneLine(content.subject),
      text: renderText(content, footer),
      html: renderHtml(content, footer),
      // RFC 2369 and RFC 8058: mail clients show an unsubscribe button that POSTs here, without opening a page.
      headers: { 'List-Unsubscribe': `<${oneClickUrl(origin, token)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
  }
  return mail;
}

/** A subject is one header line, whatever a project name holds. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export interface DealMail {
  /** Resolves once every mail started so far has been sent or has failed (the app waits on close). */
  idle: () => Promise<void>;
}

/**
 * Sends the deal's emails once each change has committed. Sending runs after the request has
 * been answered (an SMTP round trip is no reason to hold a request or a timer sweep); a failure
 * is logged, never thrown into the change that caused it.
 */
export function registerDealMail(events: DomainEvents, ctx: DealMailContext): DealMail {
  const inFlight = new Set<Promise<void>>();
  const sendFor = async (event: DomainEvent & { type: DealMailEventType }) => {
    if (event.type === 'cancellation.objected') {
      ctx.log.warn(
        { projectId: event.projectId, finisherId: event.finisherId, heldCents: event.heldCents },
        'a finisher objected to a cancellation: the payment stays held until an operator resolves it',
      );
    }
    const build = dealLetters[event.type] as (e: typeof event, links: Links) => Letter[];
    const origin = ctx.config.linkOrigin;
    const links: Links = { project: (id, tab) => `${origin}/projects/${id}${tab ? `?tab=${tab}` : ''}`, dispute: (id) => `${origin}/disputes/${id}` };
    for (const message of await composeMail(ctx, build(event, links))) {
      try {
        await ctx.mailer.send(message);
      } catch (error) {
        ctx.log.error({ err: error, event: event.type, projectId: event.projectId }, 'deal mail could not be sent');
      }
    }
  };
  for (const type of Object.keys(dealLetters) as DealMailEventType[]) {
    events.onCommit(type, (event) => {
      const work = sendFor(event).catch((error: unknown) => ctx.log.error({ err: error, event: type }, 'deal mail failed'));
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
    });
  }
  return {
    idle: async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
