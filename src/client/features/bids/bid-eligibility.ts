import type { ProjectDetail } from '#shared/contracts/projects.js';
import type { User } from '#shared/contracts/users.js';
import { isOpenForBids } from '#shared/domain/project-lifecycle.js';
import { isFinisher } from '#shared/domain/roles.js';

export type ApplyVisibility = 'apply' | 'login-required' | 'hidden';

/**
 * Spec section 6: a bid needs a signed-in finisher who is not the submitter, on an open project,
 * who has not bid yet. A visitor sees the button on an open project and is told to log in.
 */
export function applyVisibility(project: Pick<ProjectDetail, 'status' | 'submitterId' | 'bids'>, user: Pick<User, 'id' | 'role'> | null): ApplyVisibility {
  if (!isOpenForBids(project.status)) return 'hidden';
  if (!user) return 'login-required';
  if (!isFinisher(user.role) || user.id === project.submitterId) return 'hidden';
  return project.bids.some((bid) => bid.finisherId === user.id) ? 'hidden' : 'apply';
}
