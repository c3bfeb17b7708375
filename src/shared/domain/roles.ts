/**
 * Roles are stored canonically as submitter or finisher. The spec also calls a submitter a
 * creator or client and a finisher a developer; every one of those names is accepted on input.
 */
export const canonicalRoles = ['submitter', 'finisher'] as const;
export type Role = (typeof canonicalRoles)[number];

export const roleAliases = ['submitter', 'creator', 'client', 'finisher', 'developer'] as const;

export function toCanonicalRole(role: string | null | undefined): Role {
  return role === 'finisher' || role === 'developer' ? 'finisher' : 'submitter';
}

export function isFinisher(role: string | null | undefined): boolean {
  return toCanonicalRole(role) === 'finisher';
}

export function isSubmitter(role: string | null | undefined): boolean {
  return toCanonicalRole(role) === 'submitter';
}

/** The badge the profile page shows for a role. */
export function roleLabel(role: string | null | undefined): string {
  return isFinisher(role) ? 'Developer' : 'Project Submitter';
}
