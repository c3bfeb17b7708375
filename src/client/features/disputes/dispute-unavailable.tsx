import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.js';
import { errorMessage, isApiError } from '#client/lib/api.js';

interface DisputeUnavailableProps {
  error: unknown;
  /** What is missing: 'dispute' on a dispute page, 'queue' on the operator's queue. */
  what: 'dispute' | 'queue';
}

const texts = {
  dispute: {
    notFound: ['Dispute not found', 'This dispute does not exist, or its link is wrong.'],
    forbidden: ['You cannot see this dispute', 'Only the client, the developer and Finishline operators can read a dispute.'],
    failed: 'Error loading the dispute',
  },
  queue: {
    notFound: ['Page not found', 'This page does not exist.'],
    forbidden: ['Operators only', 'Only Finishline operators can see the dispute queue.'],
    failed: 'Error loading the dispute queue',
  },
} as const;

/** The friendly page for a dispute or queue that cannot be shown: missing, not the viewer's to read, or failed to load. */
export function DisputeUnavailable({ error, what }: DisputeUnavailableProps) {
  const words = texts[what];
  const [title, text] = isApiError(error, 'FORBIDDEN')
    ? words.forbidden
    : isApiError(error, 'NOT_FOUND')
      ? words.notFound
      : [words.failed, errorMessage(error, 'Please try again later')];
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
      <Button asChild variant="outline">
        <Link to="/dashboard">Go to the dashboard</Link>
      </Button>
    </div>
  );
}
