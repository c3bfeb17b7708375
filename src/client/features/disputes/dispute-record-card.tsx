import type { Dispute } from '#shared/contracts/disputes.js';
import { formatMoney } from '#shared/domain/money.js';
import { AttachmentList } from '#client/components/attachment-list.js';
import { DealHistoryList } from '#client/components/deal-history-list.js';
import { PullRequestCard } from '#client/components/pull-request-card.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { LocalTime } from '#client/components/local-time.js';
import { formatDays } from '#client/lib/format.js';

const milestoneStatusLabels = { pending: 'Pending', completed: 'Completed', approved: 'Approved' } as const;

/** The deal as it happened, which both sides and the operator read without re-posting it: bid, history, milestones, chat. */
export function DisputeRecordCard({ dispute }: { dispute: Dispute }) {
  const { bid, history, milestones, messages, pullRequest } = dispute.record;
  const names = { owner: dispute.owner.username, finisher: dispute.finisher.username };
  return (
    <Card role="region" aria-labelledby="dispute-record-title" className="gap-4">
      <CardHeader>
        <CardTitle id="dispute-record-title">The deal record</CardTitle>
        <CardDescription>The accepted bid, every step of the deal, the milestones and the chat, as they happened.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 text-sm">
        <section aria-labelledby="record-bid-title" className="grid gap-2">
          <h4 id="record-bid-title" className="font-semibold">
            The bid
          </h4>
          <p>
            {formatMoney(bid.amountCents, { showCents: true })} · {formatDays(bid.timelineDays)} · placed <LocalTime value={bid.createdAt} />
          </p>
          <p className="rounded-md bg-muted/60 p-3 break-words whitespace-pre-line">{bid.proposal}</p>
        </section>
        <section aria-labelledby="record-history-title" className="grid gap-2">
          <h4 id="record-history-title" className="font-semibold">
            Deal history
          </h4>
          {history.length === 0 ? <p className="text-muted-foreground">No steps recorded.</p> : <DealHistoryList history={history} names={names} />}
        </section>
        {pullRequest ? (
          <section aria-labelledby="record-pull-request-title" className="grid gap-2">
            <h4 id="record-pull-request-title" className="font-semibold">
              The delivered pull request
            </h4>
            <PullRequestCard pullRequest={pullRequest} showFiles idPrefix="record-pull-request-card" />
          </section>
        ) : null}
        {milestones.length > 0 ? (
          <section aria-labelledby="record-milestones-title" className="grid gap-2">
            <h4 id="record-milestones-title" className="font-semibold">
              Milestones
            </h4>
            <ul className="grid gap-2" aria-label="Milestones">
              {milestones.map((milestone) => (
                <li key={milestone.id} className="grid min-w-0 gap-1 rounded-lg border p-3">
                  <span className="font-medium break-words">
                    {milestone.title} · {formatMoney(milestone.amountCents, { showCents: true })} · {milestoneStatusLabels[milestone.status]}
                  </span>
                  {milestone.completionNote ? <Note label="Completion note" text={milestone.completionNote} /> : null}
                  {milestone.feedback ? <Note label="Feedback" text={milestone.feedback} /> : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="record-chat-title" className="grid gap-2">
          <h4 id="record-chat-title" className="font-semibold">
            Chat
          </h4>
          {messages.length === 0 ? (
            <p className="text-muted-foreground">No messages.</p>
          ) : (
            <ol className="grid max-h-96 gap-2 overflow-y-auto rounded-lg border p-3" aria-label="Chat transcript" tabIndex={0}>
              {messages.map((message) => (
                <li key={message.id} className="grid min-w-0 gap-0.5">
                  <span className="text-xs text-muted-foreground">
                    {names[message.side]} · <LocalTime value={message.createdAt} />
                    {message.deletedAt ? ' · deleted by its sender' : message.editedAt ? ' · edited' : null}
                  </span>
                  {message.content ? <p className="break-words whitespace-pre-line">{message.content}</p> : null}
                  {message.earlierTexts.map((text, index) => (
                    <p key={index} className="break-words whitespace-pre-line text-muted-foreground">
                      <span className="font-medium">Before an edit:</span> {text}
                    </p>
                  ))}
                  {message.attachments.length > 0 ? <AttachmentList attachments={message.attachments} /> : null}
                </li>
              ))}
            </ol>
          )}
        </section>
      </CardContent>
    </Card>
  );
}

function Note({ label, text }: { label: string; text: string }) {
  return (
    <p className="break-words whitespace-pre-line text-muted-foreground">
      <span className="font-medium text-foreground">{label}:</span> {text}
    </p>
  );
}
