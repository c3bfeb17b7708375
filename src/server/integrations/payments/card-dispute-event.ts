import type Stripe from 'stripe';
import type { CardDisputeEvent, ProviderEvent } from './payment-provider.js';

/** An id field of a Stripe object: a string, or an expanded object carrying one. */
function idOf(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') return (value as { id: string }).id;
  return null;
}

/**
 * Reads the chargeback out of Stripe's charge.dispute.created and charge.dispute.closed events,
 * for both adapters (the sandbox signs the same events). At closing only 'lost' leaves the money
 * with the bank; 'won' and an inquiry that closed without a chargeback ('warning_closed') give the
 * platform its money back, so both resume the payouts.
 */
function readCardDispute(event: Omit<ProviderEvent, 'cardDispute'>): CardDisputeEvent | null {
  if (event.type !== 'charge.dispute.created' && event.type !== 'charge.dispute.closed') return null;
  const dispute = event.data.object;
  const disputeId = idOf(dispute.id);
  const chargeId = idOf(dispute.charge);
  const paymentIntentId = idOf(dispute.payment_intent);
  if (!disputeId || (!chargeId && !paymentIntentId)) return null;
  const ids = { disputeId, chargeId, paymentIntentId };
  if (event.type === 'charge.dispute.created') return { kind: 'opened', ...ids };
  return { kind: 'closed', outcome: dispute.status === 'lost' ? 'lost' : 'won', ...ids };
}

/** A verified Stripe event as the webhook handler reads it. */
export function toProviderEvent(event: Stripe.Event): ProviderEvent {
  const read = { id: event.id, type: event.type, data: { object: event.data.object as unknown as Record<string, unknown> } };
  return { ...read, cardDispute: readCardDispute(read) };
}
