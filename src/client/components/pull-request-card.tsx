import { CheckCircle2, CircleDashed, GitMerge, GitPullRequest, GitPullRequestClosed, MinusCircle, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import type { DealPullRequest } from '#shared/contracts/repositories.js';
import type { CheckState, PullRequestState } from '#shared/domain/repository-access.js';
import { LocalTime } from '#client/components/local-time.js';
import { Badge } from '#client/components/ui/badge.js';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { checkStateLabels, diffStat, diffWords, pullRequestStateLabels, reportCounts, shortSha } from '#client/lib/repository-rules.js';

const stateBadges: Record<PullRequestState, { variant: 'info' | 'success' | 'muted'; Icon: typeof GitPullRequest }> = {
  open: { variant: 'info', Icon: GitPullRequest },
  merged: { variant: 'success', Icon: GitMerge },
  closed: { variant: 'muted', Icon: GitPullRequestClosed },
};

// Each check's state has an icon and a word: colour alone would say nothing to some readers.
const checkIcons: Record<CheckState, { Icon: typeof CheckCircle2; className: string }> = {
  success: { Icon: CheckCircle2, className: 'text-emerald-700' },
  failure: { Icon: XCircle, className: 'text-red-700' },
  pending: { Icon: CircleDashed, className: 'text-amber-700' },
  neutral: { Icon: MinusCircle, className: 'text-muted-foreground' },
};

interface PullRequestCardProps {
  pullRequest: DealPullRequest;
  /** The files changed, listed (the dispute record's diff summary); the deal screens leave them out. */
  showFiles?: boolean;
  /** Unique on the page: the card is labelled by its title. */
  idPrefix?: string;
  /** A control under the figures: the owner's "Merge pull request" on the sandbox host. */
  action?: ReactNode;
}

/** The pull request the developer delivered with (issue 29), as last read from its host, for both parties. */
export function PullRequestCard({ pullRequest, showFiles = false, idPrefix = 'pull-request', action }: PullRequestCardProps) {
  const { Icon, variant } = stateBadges[pullRequest.state];
  const titleId = `${idPrefix}-title`;
  return (
    <Card role="region" aria-labelledby={titleId} className="gap-4">
      <CardHeader className="gap-2">
        <CardTitle id={titleId} className="min-w-0 [overflow-wrap:anywhere]">
          <a href={pullRequest.url} target="_blank" rel="noreferrer" className="underline-offset-4 hover:underline">
            {pullRequest.title} <span className="font-normal text-muted-foreground">#{pullRequest.number}</span>
          </a>
        </CardTitle>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Badge variant={variant}>
            <Icon aria-hidden="true" /> {pullRequestStateLabels[pullRequest.state]}
          </Badge>
          {pullRequest.mergedAt ? (
            <span>
              merged <LocalTime value={pullRequest.mergedAt} />
            </span>
          ) : null}
        </div>
        {pullRequest.acceptedByMerge ? (
          <p className="flex items-center gap-1.5 text-sm font-medium text-emerald-800">
            <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" /> Accepted by merging the pull request
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <p className="[overflow-wrap:anywhere]">
          Head commit <code className="font-mono">{shortSha(pullRequest.headSha)}</code> · {reportCounts.commits(pullRequest.commits)} ·{' '}
          <span aria-hidden="true">{diffStat(pullRequest)}</span>
          <span className="sr-only">{diffWords(pullRequest)}</span> · {reportCounts.files(pullRequest.changedFiles)} changed
        </p>
        {pullRequest.checks.length > 0 ? (
          <ul className="grid gap-1" aria-label="Checks">
            {pullRequest.checks.map((check) => {
              const { Icon: CheckIcon, className } = checkIcons[check.state];
              return (
                <li key={check.name} className="flex min-w-0 items-start gap-2">
                  <CheckIcon aria-hidden="true" className={`mt-0.5 size-4 shrink-0 ${className}`} />
                  <span className="min-w-0 [overflow-wrap:anywhere]">
                    {check.name}: <span className="font-medium">{checkStateLabels[check.state]}</span>
                  </span>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-muted-foreground">No checks reported.</p>
        )}
        {showFiles && pullRequest.files.length > 0 ? (
          <details className="rounded-md border p-3">
            <summary className="cursor-pointer font-medium">Files changed ({pullRequest.files.length})</summary>
            <ul className="mt-2 grid max-h-80 gap-1 overflow-y-auto" aria-label="Files changed">
              {pullRequest.files.map((file) => (
                <li key={file.path} className="min-w-0 [overflow-wrap:anywhere]">
                  <code className="font-mono">{file.path}</code>{' '}
                  <span className="text-muted-foreground">
                    ({file.status}, {diffStat(file)})
                  </span>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
        {action ? <div className="flex flex-wrap gap-2">{action}</div> : null}
      </CardContent>
    </Card>
  );
}
