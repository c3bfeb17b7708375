import { Wallet } from 'lucide-react';
import { Link } from 'react-router';
import type { User } from '#shared/contracts/users.js';
import { formatMoney } from '#shared/domain/money.js';
import { isOwner } from '#shared/domain/policies.js';
import { Button } from '#client/components/ui/button.js';
import { useTotalSpending, useUserProjects } from '#client/features/projects/api.js';
import { jobsWithBids } from './dashboard-rules.js';
import { NewProjectForm } from './new-project-form.js';
import { ProjectListPanel } from './project-list-panel.js';
import { StatCard } from '#client/components/stat-card.js';

/** The owner view of the dashboard (the spec's creator, spec section 2). */
export function OwnerDashboard({ user }: { user: User }) {
  const projectsQuery = useUserProjects(user.id);
  const spendingQuery = useTotalSpending(user.id);
  const submitted = (projectsQuery.data ?? []).filter((project) => isOwner(user, project));

  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Total Spending" value={spendingQuery.isPending ? '…' : formatMoney(spendingQuery.data?.totalSpentCents ?? 0)} icon={Wallet} />
      </div>
      <Link to="/spending" className="w-fit text-sm font-medium text-primary underline-offset-4 hover:underline">
        Your spending by month, and statements
      </Link>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="grid content-start gap-6">
          <ProjectListPanel
            id="my-projects"
            title="My Projects"
            projects={submitted}
            emptyText="You haven't submitted any projects yet."
            isLoading={projectsQuery.isPending}
          />
          <ProjectListPanel
            id="jobs-with-bids"
            title="Jobs With Bids"
            description="Open projects with developer bids waiting for you."
            projects={jobsWithBids(submitted)}
            emptyText="None of your open projects has bids yet."
            isLoading={projectsQuery.isPending}
          />
          <Button asChild variant="outline" className="w-fit">
            <Link to="/submit">Submit a Project</Link>
          </Button>
        </div>
        <NewProjectForm ownerId={user.id} />
      </div>
    </div>
  );
}
