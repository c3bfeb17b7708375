import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.js';
import { Card, CardContent, CardHeader } from '#client/components/ui/card.js';
import { Skeleton } from '#client/components/ui/skeleton.js';
import { FeaturedProjectCard } from './featured-project-card.js';
import { sampleProjects } from './sample-projects.js';
import { useProjects } from '#client/features/projects/api.js';

/** Spec section 9: at most 3 featured projects, 3 sample fallbacks. */
const FEATURED_COUNT = 3;

function FeaturedSkeleton() {
  return (
    <Card className="gap-4" aria-hidden="true">
      <CardHeader className="gap-3">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
      </CardHeader>
      <CardContent className="space-y-2">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="mt-4 h-9 w-full" />
      </CardContent>
    </Card>
  );
}

export function FeaturedProjectsSection() {
  const { data, isPending } = useProjects();
  // An empty list, or one that failed to load, shows the samples instead of an empty section.
  const projects = data && data.length > 0 ? data.slice(0, FEATURED_COUNT) : sampleProjects();

  return (
    <section aria-labelledby="featured-heading" className="border-y bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <div className="flex flex-col items-start justify-between gap-4 sm:flex-row sm:items-end">
          <div>
            <h2 id="featured-heading" className="text-3xl font-bold tracking-tight">
              Featured Projects
            </h2>
            <p className="mt-3 text-muted-foreground">Half-finished projects waiting for the right developer.</p>
          </div>
          <Button asChild variant="outline">
            <Link to="/projects">
              View All Projects <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
        <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-busy={isPending}>
          {isPending
            ? Array.from({ length: FEATURED_COUNT }, (_, index) => <FeaturedSkeleton key={index} />)
            : projects.map((project) => <FeaturedProjectCard key={project.id} project={project} />)}
        </div>
      </div>
    </section>
  );
}
