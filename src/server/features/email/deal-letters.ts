import type { EmailCategory } from '#shared/domain/email-categories.js';
import type { DomainEvent } from '#server/events/domain-events.js';
import type { LetterContent } from '#server/mail/mail-composer.js';

/** One mail an event leads to: to a party of the deal (under a deal category they can turn off) or to the operator; the composer's Letter, narrowed. */
export interface Letter {
  to: { userId: number; category: EmailCategory } | 'operator';
  content: LetterContent;
}

export type EventOf<T extends DomainEvent['type']> = Extract<DomainEvent, { type: T }>;

/** Where the links of a mail point: the project page (and its tabs) on the public origin. */
export interface Links {
  project(id: number, tab?: 'bids' | 'milestones' | 'change-orders'): string;
  dispute(id: number): string;
  /** Where a finisher sets up payouts (issue 28, item 2). */
  payoutSetup(): string;
  /** The person's receipts and payout statements, newest first (issue 31, item 3). */
  documents(): string;
  /** One receipt or payout statement: its page downloads the PDF, after signing in. */
  document(id: number): string;
}

/** The letters of some event types: each event's mail, to whom (docs/decisions/028-deal-mail.md). */
export type LetterTable = { [T in DomainEvent['type']]?: (event: EventOf<T>, links: Links) => Letter[] };

/** A user-written message quoted in full, when there is one. */
export const quoted = (label: string, text: string) => (text.trim() ? { quote: { label, text } } : {});

export const owner = (e: { ownerId: number }, category: EmailCategory = 'dealUpdates') => ({ userId: e.ownerId, category });
export const finisher = (e: { finisherId: number }, category: EmailCategory = 'dealUpdates') => ({ userId: e.finisherId, category });
