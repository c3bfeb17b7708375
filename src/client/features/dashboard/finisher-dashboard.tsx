import type { ReactNode } from 'react';
import { CheckCircle2, FileText, Percent } from 'lucide-react';
import { Link } from 'react-router';
import type { User } from '#shared/contracts/users.js';
import { isAssignedFinisher } from '#shared/domain/policies.js';
import { useUserBids } from '#client/features/bids/api.js';
import { useUserProjects } from '#client/features/projects/api.js';
import { useProjects } from '#client/features/projects/api.js';
import { AppliedList } from './applied-list.js';
import { finisherStats, openJobsFor } from './dashboard-rules.js';
import { OpenProjectsPanel } from './open-projects-panel.js';
import { ProfileBanner } from './profile-banner.js';
import { RecentProjects } from './recent-projects.js';
import { StatCard } from '#client/components/stat-card.js';

/** The finisher view of the dashboard (the spec's developer, spec section 2). */
export function FinisherDashboard({
  user,
  invitations,
  savedSearches,
}: {
  user: User;
  /** The invitations to bid (its own feature), beside the recent projects. */ invitations?: ReactNode;
  /** The developer's saved searches (their own feature, issue 30). */
  savedSearches?: ReactNode;
}) {
  const projectsQuery = useProjects();
  const bidsQuery = useUserBids(user.id, true);
  const myProjectsQuery = useUserProjects(user.id);
  const projects = projectsQuery.data ?? [];
  const bids = bidsQuery.data ?? [];
  const assigned = (myProjectsQuery.data ?? []).filter((project) => isAssignedFinisher(user, project));
  const stats = finisherStats(bids, assigned);

  return (
    <div className="grid gap-6">
      {user.onboardingComplete ? null : <ProfileBanner />}
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Applications" value={String(stats.applications)} icon={FileText} />
        <StatCard label="Projects Completed" value={String(stats.projectsCompleted)} icon={CheckCircle2} />
        <StatCard label="Acceptance Rate" value={stats.applications === 0 ? 'No bids yet' : `${stats.acceptanceRate}%`} icon={Percent} />
      </div>
      <Link to="/earnings" className="w-fit text-sm font-medium text-primary underline-offset-4 hover:underline">
        Your earnings: held, released and pending payout
      </Link>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <OpenProjectsPanel projects={openJobsFor(projects, bids, user.id)} finisherId={user.id} isLoading={projectsQuery.isPending || bidsQuery.isPending} />
        </div>
        <div className="grid content-start gap-6">
          {invitations}
          {savedSearches}
          <RecentProjects projects={projects} />
          <AppliedList bids={bids} />
        </div>
      </div>
    </div>
  );
}
