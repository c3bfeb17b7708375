import { isAllowed, type Person, type PermissionName, type PermissionSubject, permissions } from '#shared/domain/policies.js';
import { AppError } from '#server/app-error.js';

/**
 * The one place the server asks "may this person do this" outside a status change: the shared
 * policy answers, and a no is a 403 with the policy's refusal.
 */
export function requireAccess<Name extends PermissionName>(person: Person, name: Name, subject: PermissionSubject<Name>): void {
  if (!isAllowed(name, person, subject)) throw new AppError('FORBIDDEN', permissions[name].refusal);
}
