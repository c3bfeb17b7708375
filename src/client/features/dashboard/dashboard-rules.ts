import type { BidWithProject } from '#shared/contracts/bids.js';
import type { Project } from '#shared/contracts/projects.js';
import { acceptanceRateOf, countsInAcceptanceRate } from '#shared/domain/bid-lifecycle.js';
import { isWinningBid, mayBidOn } from '#shared/domain/policies.js';
import { isOpenForBids } from '#shared/domain/project-lifecycle.js';

/** Spec section 9: every dashboard list pages at 4; the recent projects panel shows 3. */
export const DASHBOARD_PAGE_SIZE = 4;
export const RECENT_PROJECTS_COUNT = 3;

/** Dashboard search: case-insensitive over name, description and techStack (spec section 5). */
export function matchesDashboardSearch(project: Pick<Project, 'name' | 'description' | 'techStack'>, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [project.name, project.description, ...project.techStack].some((text) => text.toLowerCase().includes(needle));
}

/**
 * Open jobs for the finisher whose dashboard this is: what canBid allows (spec section 6), a project
 * open for bids that is not their own, told from their own bids rather than each project's.
 */
export function openJobsFor(projects: readonly Project[], bids: readonly Pick<BidWithProject, 'projectId'>[], finisherId: number): Project[] {
  const finisher = { id: finisherId, role: 'finisher' };
  const bidOn = new Set(bids.map((bid) => bid.projectId));
  return projects.filter((project) => mayBidOn(finisher, project) && isOpenForBids(project.status) && !bidOn.has(project.id));
}

export function newestOpenProjects(projects: readonly Project[], count = RECENT_PROJECTS_COUNT): Project[] {
  return projects
    .filter((project) => isOpenForBids(project.status))
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
    .slice(0, count);
}

export interface FinisherStats {
  applications: number;
  projectsCompleted: number;
  /** Whole percent; 0 without bids. */
  acceptanceRate: number;
}

/**
 * Applications are the finisher's bids; projects completed counts completed bids or projects
 * the owner accepted (each project once); the acceptance rate is the server's rule (acceptanceRateOf):
 * winning bids over the bids that count, withdrawn ones left out.
 */
export function finisherStats(
  bids: readonly Pick<BidWithProject, 'projectId' | 'status'>[],
  assignedProjects: readonly Pick<Project, 'id' | 'status'>[],
): FinisherStats {
  const completed = new Set<number>();
  for (const bid of bids) if (bid.status === 'completed') completed.add(bid.projectId);
  for (const project of assignedProjects) if (project.status === 'accepted') completed.add(project.id);
  const winning = bids.filter(isWinningBid).length;
  return {
    applications: bids.length,
    projectsCompleted: completed.size,
    acceptanceRate: acceptanceRateOf({ won: winning, counted: bids.filter((bid) => countsInAcceptanceRate(bid.status)).length }),
  };
}

/** Jobs With Bids: the owner's projects that are open for bids and have at least one bid. */
export function jobsWithBids(projects: readonly Project[]): Project[] {
  return projects.filter((project) => isOpenForBids(project.status) && project.bidCount > 0);
}
