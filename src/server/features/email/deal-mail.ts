import { dealEmailCategories } from '#shared/domain/email-categories.js';
import { documentPagePath, documentsPagePath } from '#shared/domain/documents.js';
import { payoutSetupPath } from '#shared/domain/money-moves.js';
import type { AppContext } from '#server/context.js';
import type { DomainEvent, DomainEvents } from '#server/events/domain-events.js';
import { createMailComposer, type EventLetters, type MailComposerContext } from '#server/mail/mail-composer.js';
import { clockLetters } from './deal-clock.letters.js';
import { disputeLetters } from './dispute.letters.js';
import type { Letter, Links } from './deal-letters.js';
import { progressLetters } from './deal-progress.letters.js';

/** Every deal event that sends mail, and what it sends to whom. */
const dealLetters = { ...progressLetters, ...clockLetters, ...disputeLetters };
type DealMailEventType = keyof typeof dealLetters;

/** The app's composer (`mail`); a setup of its own (a test's) gets a composer of its own. */
export type DealMailContext = MailComposerContext & Partial<Pick<AppContext, 'mail'>>;

export interface DealMail {
  /** Resolves once every mail started so far has been sent or has failed (the app waits on close). */
  idle: () => Promise<void>;
}

/**
 * Deal mail is one user of the mail composer (decision 044): it registers the deal's categories
 * and the letters of each deal event, and the composer sends them once each change has committed.
 * A failure is logged, never thrown into the change that caused it.
 */
export function registerDealMail(events: DomainEvents, ctx: DealMailContext): DealMail {
  const mail = ctx.mail ?? createMailComposer(ctx);
  mail.categories.register(...dealEmailCategories);
  const origin = ctx.config.linkOrigin;
  const links: Links = {
    project: (id, tab) => `${origin}/projects/${id}${tab ? `?tab=${tab}` : ''}`,
    dispute: (id) => `${origin}/disputes/${id}`,
    payoutSetup: () => `${origin}${payoutSetupPath}`,
    documents: () => `${origin}${documentsPagePath}`,
    document: (id) => `${origin}${documentPagePath(id)}`,
  };
  const table: EventLetters = {};
  for (const [type, build] of Object.entries(dealLetters) as [DealMailEventType, (e: DomainEvent, links: Links) => Letter[]][]) {
    (table as Record<string, (e: DomainEvent) => Letter[]>)[type] = (event) => build(event, links);
  }
  events.onCommit('cancellation.objected', (event) => {
    ctx.log.warn(
      { projectId: event.projectId, finisherId: event.finisherId, heldCents: event.heldCents },
      'a finisher objected to a cancellation: the payment stays held in a dispute',
    );
  });
  mail.sendOnCommit(events, table, 'deal mail');
  return { idle: () => mail.idle() };
}
