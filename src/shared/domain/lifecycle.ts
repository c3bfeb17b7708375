/**
 * A state machine as data (docs/decisions/023-lifecycles-and-policies.md): the statuses, and for
 * each action the statuses it starts from, the status it leads to, who may take it, and what a
 * person is told when it is refused. The server moves every status through one of these edges
 * (src/server/domain/apply-transition.ts); the client reads the same edges to show or hide controls.
 */

export interface EdgeDefinition<Status extends string, Actor extends string, Context> {
  from: readonly Status[];
  /** The status the action leads to, or a choice made from what the server knows (whether it is paid). */
  to: Status | ((context: Context) => Status);
  /** Who may take the action. */
  actors: readonly Actor[];
  /** Why the action is refused from any other status. */
  refusal: string;
  /** Why the action is refused to anyone else (absent for system-only edges). */
  forbidden?: string;
  /**
   * A fact beyond the status the action needs (the money is held before work is delivered, issue 26),
   * and what a person is told while it does not hold (409, after the actor and the status).
   */
  needs?: { holds: (context: Context) => boolean; refusal: string };
}

export interface LifecycleDefinition<Status extends string, Action extends string, Actor extends string, Context> {
  name: string;
  statuses: readonly Status[];
  actors: readonly Actor[];
  edges: Record<Action, EdgeDefinition<Status, Actor, Context>>;
}

export type TransitionResult<Status extends string> = { ok: true; to: Status } | { ok: false; reason: 'forbidden' | 'refused'; message: string };

export interface Lifecycle<Status extends string, Action extends string, Actor extends string, Context = void> extends LifecycleDefinition<
  Status,
  Action,
  Actor,
  Context
> {
  /** The status allows the action (whoever asks). */
  allows(action: Action, from: Status): boolean;
  /** The actor may take the action (whatever the status). */
  isTakenBy(action: Action, actor: Actor): boolean;
  /** Both: what the client asks before it shows a control. */
  canTake(action: Action, actor: Actor, from: Status): boolean;
  /** Why the facts refuse the action (the edge's `needs`), or null when they allow it. */
  factsRefusal(action: Action, context: Context): string | null;
  /**
   * The edge's verdict: the next status, or why not (the actor is checked first, as the server
   * answers). `context` is needed only by an edge whose target or `needs` depends on it.
   */
  transition(action: Action, actor: Actor, from: Status, context?: Context): TransitionResult<Status>;
}

export function defineLifecycle<const Status extends string, const Action extends string, const Actor extends string, Context = void>(
  definition: LifecycleDefinition<Status, Action, Actor, Context>,
): Lifecycle<Status, Action, Actor, Context> {
  const { edges } = definition;
  const allows = (action: Action, from: Status) => edges[action].from.includes(from);
  const isTakenBy = (action: Action, actor: Actor) => edges[action].actors.includes(actor);
  const factsRefusal = (action: Action, context: Context) => {
    const { needs } = edges[action];
    return needs && !needs.holds(context) ? needs.refusal : null;
  };
  return {
    ...definition,
    allows,
    isTakenBy,
    canTake: (action, actor, from) => isTakenBy(action, actor) && allows(action, from),
    factsRefusal,
    transition(action, actor, from, context) {
      const edge = edges[action];
      if (!isTakenBy(action, actor)) return { ok: false, reason: 'forbidden', message: edge.forbidden ?? `${definition.name}: ${action} is not yours to take` };
      if (!allows(action, from)) return { ok: false, reason: 'refused', message: edge.refusal };
      if (typeof edge.to !== 'function' && !edge.needs) return { ok: true, to: edge.to };
      if (context === undefined) throw new TypeError(`${definition.name}: ${action} needs facts the caller did not give`);
      const refusal = factsRefusal(action, context);
      if (refusal !== null) return { ok: false, reason: 'refused', message: refusal };
      return { ok: true, to: typeof edge.to === 'function' ? edge.to(context) : edge.to };
    },
  };
}
