import type { Lifecycle } from '#shared/domain/lifecycle.js';
import { AppError } from '#server/app-error.js';

/**
 * Every status change in the server goes through here: the lifecycle's edge decides the next
 * status, or refuses with its own words (403 when the actor may not take it, 409 when the status
 * does not allow it).
 */
export function applyTransition<Status extends string, Action extends string, Actor extends string, Context>(
  lifecycle: Lifecycle<Status, Action, Actor, Context>,
  action: Action,
  step: { from: Status; actor: Actor; facts?: Context },
): Status {
  const result = lifecycle.transition(action, step.actor, step.from, step.facts);
  if (result.ok) return result.to;
  throw new AppError(result.reason === 'forbidden' ? 'FORBIDDEN' : 'INVALID_TRANSITION', result.message);
}

/**
 * For the system's steps that may simply not apply any more (a payment arriving after the work was
 * delivered): the next status, or null when the status does not allow the action. An actor that
 * may not take the edge is still an error.
 */
export function applyTransitionIfAllowed<Status extends string, Action extends string, Actor extends string, Context>(
  lifecycle: Lifecycle<Status, Action, Actor, Context>,
  action: Action,
  step: { from: Status; actor: Actor; facts?: Context },
): Status | null {
  return lifecycle.allows(action, step.from) ? applyTransition(lifecycle, action, step) : null;
}
