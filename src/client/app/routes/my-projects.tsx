import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Project } from '#shared/contracts/projects.js';
import { formatMoney } from '#shared/domain/money.js';
import { isAssignedFinisher, isOwner } from '#shared/domain/policies.js';
import { isFinisher } from '#shared/domain/roles.js';
import { Button } from '#client/components/ui/button.js';
import { PageSpinner } from '#client/components/ui/spinner.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.js';
import { useUser } from '#client/lib/auth.js';
import { BidStatusBadge, ProjectStatusBadge } from '#client/components/badges.js';
import { useUserBids } from '#client/features/bids/api.js';
import { EmptyList, MyProjectCard } from '#client/features/projects/my-project-card.js';
import { useUserProjects } from '#client/features/projects/api.js';
import { formatDays } from '#client/lib/format.js';

const browse = { to: '/projects', label: 'Browse Projects' } as const;
const submit = { to: '/submit', label: 'Submit a Project' } as const;

function Grid({ children }: { children: ReactNode }) {
  return <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">{children}</div>;
}

function ProjectGrid({ projects }: { projects: Project[] }) {
  return (
    <Grid>
      {projects.map((project) => (
        <MyProjectCard
          key={project.id}
          projectId={project.id}
          name={project.name}
          description={project.description}
          badge={<ProjectStatusBadge status={project.status} dealStage={project.dealStage} />}
          linkLabel="View Details"
        />
      ))}
    </Grid>
  );
}

export default function MyProjectsPage() {
  const { user } = useUser();
  const finisher = isFinisher(user?.role);
  const projectsQuery = useUserProjects(user?.id);
  const bidsQuery = useUserBids(user?.id, finisher);

  if (!user || projectsQuery.isPending || (finisher && bidsQuery.isPending)) return <PageSpinner label="Loading your projects" />;

  const projects = projectsQuery.data ?? [];
  const submitted = projects.filter((project) => isOwner(user, project));
  const assigned = projects.filter((project) => isAssignedFinisher(user, project));

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <div className="flex flex-col items-start justify-between gap-4 sm:flex-row sm:items-end">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">My Projects</h1>
          <p className="mt-2 text-muted-foreground">Manage your projects and bids</p>
        </div>
        {finisher ? null : (
          <Button asChild>
            <Link to="/submit">
              <Plus aria-hidden="true" /> Submit New Project
            </Link>
          </Button>
        )}
      </div>

      {finisher ? (
        <Tabs defaultValue="bids" className="mt-8">
          <TabsList>
            <TabsTrigger value="bids">My Bids</TabsTrigger>
            <TabsTrigger value="accepted">Accepted Projects</TabsTrigger>
            <TabsTrigger value="completed">Completed Projects</TabsTrigger>
          </TabsList>
          <TabsContent value="bids">
            {(bidsQuery.data ?? []).length === 0 ? (
              <EmptyList title="No bids yet" text="Find a project that matches your skills and place your first bid." action={browse} />
            ) : (
              <Grid>
                {(bidsQuery.data ?? []).map((bid) => (
                  <MyProjectCard
                    key={bid.id}
                    projectId={bid.projectId}
                    name={bid.project.name}
                    description={bid.project.description}
                    badge={<BidStatusBadge status={bid.status} dealStage={bid.project.dealStage} />}
                    linkLabel="View Project"
                  >
                    {bid.detailsHidden ? null : (
                      <p className="text-sm">
                        <span className="font-semibold">{formatMoney(bid.amountCents ?? 0)}</span> · {formatDays(bid.timeline)}
                      </p>
                    )}
                  </MyProjectCard>
                ))}
              </Grid>
            )}
          </TabsContent>
          <TabsContent value="accepted">
            {withStatus(assigned, false).length === 0 ? (
              <EmptyList title="No accepted projects" text="Projects whose owners accept your bid show up here." action={browse} />
            ) : (
              <ProjectGrid projects={withStatus(assigned, false)} />
            )}
          </TabsContent>
          <TabsContent value="completed">
            {withStatus(assigned, true).length === 0 ? (
              <EmptyList title="No completed projects" text="Projects you finish and the client accepts show up here." action={browse} />
            ) : (
              <ProjectGrid projects={withStatus(assigned, true)} />
            )}
          </TabsContent>
        </Tabs>
      ) : (
        <Tabs defaultValue="submitted" className="mt-8">
          <TabsList>
            <TabsTrigger value="submitted">Projects I've Submitted</TabsTrigger>
            <TabsTrigger value="completed">Completed Projects</TabsTrigger>
          </TabsList>
          <TabsContent value="submitted">
            {submitted.length === 0 ? (
              <EmptyList title="No projects yet" text="Post your half-finished project and let developers bid to finish it." action={submit} />
            ) : (
              <ProjectGrid projects={submitted} />
            )}
          </TabsContent>
          <TabsContent value="completed">
            {withStatus(submitted, true).length === 0 ? (
              <EmptyList title="No completed projects" text="Projects whose delivered work you accept show up here." action={submit} />
            ) : (
              <ProjectGrid projects={withStatus(submitted, true)} />
            )}
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}

/**
 * Completed is the deal machine's completed stage (the work was accepted), as the server names each
 * project of this list; a finisher's accepted list leaves out completed and cancelled deals.
 */
function withStatus(projects: Project[], completed: boolean): Project[] {
  return completed ? projects.filter((p) => p.dealStage === 'completed') : projects.filter((p) => p.dealStage !== 'completed' && p.dealStage !== 'cancelled');
}
