import type { QueryKey } from '@tanstack/react-query';
import type { LiveChange, LiveResource } from '#shared/events.js';

/**
 * Live changes by resource (docs/decisions/043-live-changes.md). The server pushes
 * `{ type: 'changed', changes: [{ resource, id }] }` to the people who may read those resources;
 * each client feature declares, per resource, which of its own queries such a change makes stale.
 * Keys are in the one style every feature's api.ts uses, `[collectionPath, id, ...]`, and each
 * one refreshes every query under it (TanStack's prefix match).
 *
 * `viewerId` is the signed-in user: a change also refreshes their own lists (`/api/users/{id}/...`).
 */
export type LiveRefreshes = { readonly [R in LiveResource]?: (id: number, viewerId: number) => readonly QueryKey[] };

/** One feature's declaration; the identity function only checks its shape. */
export const defineLiveRefreshes = (refreshes: LiveRefreshes): LiveRefreshes => refreshes;

/** The query keys a batch of changes makes stale, across every feature's declaration, each once. */
export function liveChangeRefreshes(declarations: readonly LiveRefreshes[], changes: readonly LiveChange[], viewerId: number): QueryKey[] {
  const keys = new Map<string, QueryKey>();
  for (const { resource, id } of changes) {
    for (const declaration of declarations) {
      for (const key of declaration[resource]?.(id, viewerId) ?? []) keys.set(JSON.stringify(key), key);
    }
  }
  return [...keys.values()];
}

/** Whether `key` is `prefix` or under it: what invalidateQueries({ queryKey: prefix }) refreshes. */
export function isKeyUnder(key: QueryKey, prefix: QueryKey): boolean {
  return prefix.length <= key.length && prefix.every((part, index) => key[index] === part);
}
