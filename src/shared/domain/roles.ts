/**
 * Roles are stored canonically as submitter or finisher. The spec also calls a submitter a
 * creator or client and a finisher a developer; every one of those names is accepted on input.
 */
export const canonicalRoles = ['submitter', 'finisher'] as const;

/**
 * Every role an account can have: the two anyone registers as, and the operator (issue 15), whom
 * no one can register as: `npm run operator:create` makes one, and OPERATOR_EMAILS names more.
 */
export const userRoles = [...canonicalRoles, 'operator'] as const;
export type Role = (typeof userRoles)[number];

export const isOperator = (role: string | null | undefined): boolean => role === 'operator';

export const roleAliases = ['submitter', 'creator', 'client', 'finisher', 'developer'] as const;

export function toCanonicalRole(role: string | null | undefined): (typeof canonicalRoles)[number] {
  return role === 'finisher' || role === 'developer' ? 'finisher' : 'submitter';
}

export function isFinisher(role: string | null | undefined): boolean {
  return toCanonicalRole(role) === 'finisher';
}

export function isSubmitter(role: string | null | undefined): boolean {
  return !isOperator(role) && toCanonicalRole(role) === 'submitter';
}

/** The badge the profile page shows for a role. */
export function roleLabel(role: string | null | undefined): string {
  if (isOperator(role)) return 'Operator';
  return isFinisher(role) ? 'Developer' : 'Project Submitter';
}
