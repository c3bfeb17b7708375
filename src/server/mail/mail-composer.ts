import { inArray } from 'drizzle-orm';
import type { EmailCategoryDefinition } from '#shared/domain/email-categories.js';
import type { AppContext } from '#server/context.js';
import { users } from '#server/db/schema/users.js';
import type { DomainEvent, DomainEventType, DomainEvents } from '#server/events/domain-events.js';
import type { MailMessage } from '#server/integrations/email/mailer.js';
import { MailCategories } from './mail-categories.js';
import { type MailContent, type MailFooter, renderHtml, renderText } from './mail-layout.js';
import { readMailChoices, wantsMail } from './mail-preferences.js';
import { signUnsubscribeToken } from './unsubscribe-token.js';

/** What a letter says: one template gives the subject, the text part and the HTML part (mail-layout.ts). */
export type LetterContent = Omit<MailContent, 'greeting'>;

/** One mail to write: to a person, under a registered category, or to the operator (OPERATOR_EMAIL). */
export interface Letter {
  to: { userId: number; category: string } | 'operator';
  content: LetterContent;
}

/** A letter of one category, written once from its data (decision 044). */
export interface MailTemplate<Data> {
  category: EmailCategoryDefinition;
  /** The letter to one person. */
  to(userId: number, data: Data): Letter;
}

export function defineMail<Data>(template: { category: EmailCategoryDefinition; content: (data: Data) => LetterContent }): MailTemplate<Data> {
  return { category: template.category, to: (userId, data) => ({ to: { userId, category: template.category.id }, content: template.content(data) }) };
}

/** The letters some domain events lead to. */
export type EventLetters = { [T in DomainEventType]?: (event: Extract<DomainEvent, { type: T }>) => Letter[] };

export type MailComposerContext = Pick<AppContext, 'db' | 'config' | 'log' | 'mailer'>;

/** The client's page for a signed unsubscribe token, and the one-click address mail clients POST to. */
const unsubscribePageUrl = (origin: string, token: string) => `${origin}/email/unsubscribe?token=${encodeURIComponent(token)}`;
const oneClickUrl = (origin: string, token: string) => `${origin}/api/email/unsubscribe?token=${encodeURIComponent(token)}`;

/** A subject is one header line, whatever a project name holds. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The one way the app mails people (decision 044): letters of registered categories become
 * messages with a subject, a text and an HTML part, only for people whose preferences want them,
 * each with a signed one-click unsubscribe (RFC 8058) when its category can be turned off.
 */
export class MailComposer {
  readonly categories = new MailCategories();
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly ctx: MailComposerContext) {}

  /** The messages the letters become, for the recipients who want them. */
  async compose(letters: Letter[]): Promise<MailMessage[]> {
    const { config } = this.ctx;
    const origin = config.linkOrigin;
    const userIds = [...new Set(letters.flatMap((letter) => (letter.to === 'operator' ? [] : [letter.to.userId])))];
    const people = userIds.length
      ? await this.ctx.db
          .select({ id: users.id, email: users.email, username: users.username, timeZone: users.timeZone })
          .from(users)
          .where(inArray(users.id, userIds))
      : [];
    const choices = await readMailChoices(this.ctx.db, userIds);
    const mail: MailMessage[] = [];
    for (const letter of letters) {
      if (letter.to === 'operator') {
        if (!config.operatorEmail) continue;
        const footer: MailFooter = { reason: 'You get this email as the operator of this Finishline (OPERATOR_EMAIL).' };
        mail.push(this.message(config.operatorEmail, { ...letter.content, greeting: 'Hello,' }, footer));
        continue;
      }
      const { userId } = letter.to;
      const category = this.categories.get(letter.to.category);
      // A letter of an unregistered category is a bug in the feature that wrote it, not a mail to guess about.
      if (!category) throw new Error(`Mail of unregistered category "${letter.to.category}"`);
      const person = people.find((p) => p.id === userId);
      if (!person || !wantsMail(category, choices.get(userId))) continue;
      const content = { ...letter.content, greeting: `Hi ${person.username},` };
      if (!category.canTurnOff) {
        mail.push(this.message(person.email, content, { reason: `You get this email because it is about your Finishline account.` }, person.timeZone));
        continue;
      }
      const token = signUnsubscribeToken(config.emailLinks.secret, userId, category.id);
      const label = category.label.toLowerCase();
      const footer: MailFooter = {
        reason: `You get this email because ${label} are turned on for your Finishline account.`,
        unsubscribe: { label: `Turn off ${label} emails`, url: unsubscribePageUrl(origin, token) },
        preferencesUrl: `${origin}/profile?tab=security#email-preferences`,
      };
      mail.push({
        ...this.message(person.email, content, footer, person.timeZone),
        // RFC 2369 and RFC 8058: mail clients show an unsubscribe button that POSTs here, without opening a page.
        headers: { 'List-Unsubscribe': `<${oneClickUrl(origin, token)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
    }
    return mail;
  }

  /** `timeZone`: the recipient's, in which the mail writes its dates (decision 048); the operator's mail reads UTC. */
  private message(to: string, content: MailContent, footer: MailFooter, timeZone?: string): MailMessage {
    return { to, subject: oneLine(content.subject), text: renderText(content, footer, timeZone), html: renderHtml(content, footer, timeZone) };
  }

  /**
   * Composes and sends letters; `kind` names them in the log ('deal mail'), with `about`. A failure
   * is logged, never thrown: mail follows a change that has already happened.
   */
  async send(letters: Letter[] | (() => Letter[]), kind = 'mail', about: Record<string, unknown> = {}): Promise<void> {
    const work = this.deliver(letters, kind, about).catch((error: unknown) => this.ctx.log.error({ err: error, ...about }, `${kind} failed`));
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
    return work;
  }

  private async deliver(letters: Letter[] | (() => Letter[]), kind: string, about: Record<string, unknown>): Promise<void> {
    for (const message of await this.compose(typeof letters === 'function' ? letters() : letters)) {
      try {
        await this.ctx.mailer.send(message);
      } catch (error) {
        this.ctx.log.error({ err: error, ...about }, `${kind} could not be sent`);
      }
    }
  }

  /**
   * Sends the letters of each event once its change has committed. Sending runs after the request
   * has been answered (an SMTP round trip is no reason to hold a request or a timer sweep).
   */
  sendOnCommit(events: DomainEvents, table: EventLetters, kind = 'mail'): void {
    for (const type of Object.keys(table) as DomainEventType[]) {
      const build = table[type] as (event: DomainEvent) => Letter[];
      events.onCommit(type, (event) => {
        const about = { event: type, ...('projectId' in event ? { projectId: event.projectId } : {}) };
        // Not awaited: idle() is what waits for it.
        void this.send(() => build(event), kind, about);
      });
    }
  }

  /** Resolves once every mail started so far has been sent or has failed (the app waits on close). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}

export function createMailComposer(ctx: MailComposerContext): MailComposer {
  return new MailComposer(ctx);
}
