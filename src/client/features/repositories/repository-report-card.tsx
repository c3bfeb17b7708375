import { RefreshCw } from 'lucide-react';
import { Button } from '#client/components/ui/button.js';
import { useRefreshRepositoryReport, useRepositoryReport } from './api.js';
import { RepositoryReportView } from './repository-report-view.js';

interface RepositoryReportCardProps {
  projectId: number;
  /** Whether the project has a connected repository: without one there is no report to ask for. */
  hasRepository: boolean;
  /** The owner may ask for a fresh read (the server limits how often). */
  canRefresh: boolean;
}

/** The intake report of the project's connected repository, for everyone who may read the project. */
export function RepositoryReportCard({ projectId, hasRepository, canRefresh }: RepositoryReportCardProps) {
  const { data: report } = useRepositoryReport(projectId, hasRepository);
  const refresh = useRefreshRepositoryReport(projectId);
  // Nothing while it loads or when it cannot be read: the rest of the page does not depend on it.
  if (!hasRepository || !report) return null;
  const action = canRefresh ? (
    <Button variant="outline" size="sm" onClick={() => refresh.mutate()} disabled={refresh.isPending || report.status === 'pending'}>
      <RefreshCw aria-hidden="true" className={refresh.isPending ? 'animate-spin' : undefined} /> Refresh report
    </Button>
  ) : null;
  return <RepositoryReportView report={report} action={action} />;
}
