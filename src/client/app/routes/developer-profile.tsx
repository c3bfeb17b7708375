import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '#client/components/ui/button.js';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { PageSpinner, Spinner } from '#client/components/ui/spinner.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.js';
import { FinisherProfileHeader } from '#client/features/finishers/finisher-profile-header.js';
import { FinisherSkills } from '#client/features/finishers/finisher-skills.js';
import { FinisherStatCards } from '#client/features/finishers/finisher-stats.js';
import { PortfolioList } from '#client/features/finishers/portfolio-list.js';
import { useFinisher, useFinisherStats } from '#client/features/finishers/api.js';
import { ReviewList } from '#client/features/reviews/review-list.js';
import { useFinisherReviews } from '#client/features/reviews/api.js';
import { errorMessage, isApiError } from '#client/lib/api.js';
import { InviteToBidButton } from '#client/features/invitations/invite-to-bid-button.js';
import { PersonTrustBadges } from '#client/features/trust/person-trust-badges.js';

function BackToDirectory() {
  return (
    <Button asChild variant="outline">
      <Link to="/developers">
        <ArrowLeft aria-hidden="true" /> Back to developers
      </Link>
    </Button>
  );
}

/** A finisher's public profile (the spec's developer profile, section 2): tabs Overview and Portfolio. */
export default function DeveloperProfilePage() {
  const username = useParams().username ?? '';
  const finisher = useFinisher(username);
  const isKnown = finisher.isSuccess;
  const stats = useFinisherStats(username, isKnown);
  const reviews = useFinisherReviews(username, isKnown);

  if (finisher.isPending) return <PageSpinner label="Loading developer profile" />;
  if (finisher.error) {
    const notFound = isApiError(finisher.error, 'NOT_FOUND');
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
        <h1 className="text-2xl font-bold tracking-tight">{notFound ? 'Developer not found' : 'Error loading developer'}</h1>
        <p className="text-muted-foreground">
          {notFound ? `There is no developer named "${username}".` : errorMessage(finisher.error, 'Please try again later')}
        </p>
        <BackToDirectory />
      </div>
    );
  }

  const profile = finisher.data;
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
      <nav aria-label="Breadcrumb">
        <Link to="/developers" className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" /> Hire Developers
        </Link>
      </nav>
      <FinisherProfileHeader finisher={profile} badges={<PersonTrustBadges userId={profile.id} side="finisher" label={`${profile.username}'s badges`} />} />
      <div className="flex justify-end empty:hidden">
        <InviteToBidButton developerId={profile.id} developerUsername={profile.username} />
      </div>
      <Tabs defaultValue="overview">
        <TabsList>
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="portfolio">Portfolio</TabsTrigger>
        </TabsList>
        <TabsContent value="overview" className="grid gap-6">
          {stats.isPending ? (
            <Spinner label="Loading stats" />
          ) : stats.error ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(stats.error, 'Could not load the stats')}
            </p>
          ) : (
            <FinisherStatCards stats={stats.data} />
          )}
          <Card className="gap-4">
            <CardHeader>
              <CardTitle>Skills</CardTitle>
            </CardHeader>
            <CardContent>
              <FinisherSkills skills={stats.data?.skills ?? profile.skills} />
            </CardContent>
          </Card>
          <Card className="gap-4">
            <CardHeader>
              <CardTitle>Reviews</CardTitle>
            </CardHeader>
            <CardContent>
              {reviews.isPending ? (
                <Spinner label="Loading reviews" />
              ) : reviews.data && reviews.data.length > 0 ? (
                <ReviewList reviews={reviews.data} />
              ) : (
                <p className="text-sm text-muted-foreground">No reviews yet</p>
              )}
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="portfolio">
          {stats.isPending ? <Spinner label="Loading projects" /> : <PortfolioList projects={stats.data?.projects ?? []} />}
        </TabsContent>
      </Tabs>
    </div>
  );
}
