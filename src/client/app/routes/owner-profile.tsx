import { CalendarDays, FolderKanban } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { memberSinceLabel } from '#shared/domain/badges.js';
import { Avatar, AvatarFallback } from '#client/components/ui/avatar.js';
import { Badge } from '#client/components/ui/badge.js';
import { Button } from '#client/components/ui/button.js';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { PageSpinner } from '#client/components/ui/spinner.js';
import { useTrustRecord } from '#client/features/trust/api.js';
import { TrustBadges } from '#client/features/trust/trust-badges.js';
import { errorMessage, isApiError } from '#client/lib/api.js';
import { initialsOf } from '#client/lib/utils.js';

/** The id of /owners/{id}, or 0 when it is none (the record query then never runs). */
function ownerIdOf(param: string | undefined): number {
  return param && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : 0;
}

/**
 * A client's public profile (issue 30, item 7): who they are, since when, how many projects they
 * posted, and the badges and facts of their record as a client, all from what Finishline records.
 */
export default function OwnerProfilePage() {
  const id = ownerIdOf(useParams().id);
  const record = useTrustRecord(id);

  if (id === 0 || record.error) {
    const notFound = id === 0 || isApiError(record.error, 'NOT_FOUND');
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
        <h1 className="text-2xl font-bold tracking-tight">{notFound ? 'Client not found' : 'Error loading client'}</h1>
        <p className="text-muted-foreground">{notFound ? 'There is no client with this address.' : errorMessage(record.error, 'Please try again later')}</p>
        <Button asChild variant="outline">
          <Link to="/">Go back home</Link>
        </Button>
      </div>
    );
  }
  if (record.isPending) return <PageSpinner label="Loading client profile" />;

  const { data } = record;
  const posted = data.asOwner.projectsPosted;
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
      <Card>
        <CardContent className="flex flex-col gap-6 sm:flex-row">
          <Avatar className="size-24">
            <AvatarFallback className="text-3xl">{initialsOf(data.username)}</AvatarFallback>
          </Avatar>
          <div className="grid min-w-0 flex-1 content-start gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">{data.username}</h1>
              <Badge variant="secondary">Client</Badge>
            </div>
            <ul className="flex flex-wrap gap-x-5 gap-y-1.5 text-sm text-muted-foreground">
              <li className="flex items-center gap-1.5">
                <CalendarDays aria-hidden="true" className="size-4" /> {memberSinceLabel(data)}
              </li>
              <li className="flex items-center gap-1.5">
                <FolderKanban aria-hidden="true" className="size-4" /> {`${posted} ${posted === 1 ? 'project' : 'projects'} posted`}
              </li>
            </ul>
          </div>
        </CardContent>
      </Card>
      <Card className="gap-4">
        <CardHeader>
          <CardTitle as="h2">Badges and record</CardTitle>
        </CardHeader>
        <CardContent>
          <TrustBadges record={data} side="owner" />
        </CardContent>
      </Card>
    </div>
  );
}
