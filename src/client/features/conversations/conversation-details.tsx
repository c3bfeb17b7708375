import { ExternalLink, FolderOpen, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { formatMoney } from '#shared/domain/money.js';
import { avatarInitial } from './conversation-format.js';
import type { ConversationParties } from './conversation-parties.js';

/** The Messages page's right panel: 'Developer Info' for the project's owner, 'Client Info' for the bid's finisher. */
export function ConversationDetails({ parties }: { parties: ConversationParties }) {
  const heading = parties.isViewerOwner ? 'Developer Info' : 'Client Info';
  return (
    <section aria-label={heading} className="grid content-start gap-5 p-4">
      <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">{heading}</h2>
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="flex size-11 items-center justify-center rounded-full bg-muted text-base font-semibold">
          {avatarInitial(parties.otherUsername)}
        </span>
        <div className="grid min-w-0">
          <span className="truncate font-semibold">{parties.otherUsername}</span>
          <span className="text-xs text-muted-foreground">{parties.isViewerOwner ? 'Developer' : 'Client'}</span>
        </div>
      </div>
      {parties.isViewerOwner && parties.otherUsername ? (
        <Link
          to={`/developers/${encodeURIComponent(parties.otherUsername)}`}
          className="flex items-center gap-2 text-sm text-primary underline-offset-4 hover:underline"
        >
          <UserRound aria-hidden="true" className="size-4" /> View developer profile
        </Link>
      ) : null}
      {parties.project ? (
        <div className="grid gap-1">
          <span className="text-xs text-muted-foreground">Project</span>
          <Link to={`/projects/${parties.project.id}`} className="flex items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline">
            <FolderOpen aria-hidden="true" className="size-4 shrink-0" />
            <span className="truncate">{parties.project.name}</span>
            <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
          </Link>
        </div>
      ) : null}
      {parties.amountCents !== null ? (
        <div className="grid gap-1">
          <span className="text-xs text-muted-foreground">Bid Amount</span>
          <span className="text-lg font-semibold">{formatMoney(parties.amountCents)}</span>
        </div>
      ) : null}
    </section>
  );
}
