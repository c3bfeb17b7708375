import { CalendarDays, CircleDollarSign } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Milestone } from '#shared/contracts/milestones.js';
import { formatMoney } from '#shared/domain/money.js';
import { Badge } from '#client/components/ui/badge.js';
import { formatDueDay } from '#client/lib/format.js';
import { MilestoneStatusBadge } from './milestone-status-badge.js';

/** One milestone: title, status, amount, due date, the finisher's note, the owner's feedback and its actions. */
export function MilestoneItem({ milestone, actions, isDealAccepted = false }: { milestone: Milestone; actions: ReactNode; isDealAccepted?: boolean }) {
  // Once the work is accepted the deal has paid out: an unapproved milestone was paid with it.
  const paidWithDeal = isDealAccepted && milestone.status !== 'approved';
  return (
    <li className="grid gap-3 rounded-lg border p-4" aria-label={milestone.title}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-medium">{milestone.title}</h3>
            {paidWithDeal ? <Badge variant="success">Paid with the accepted work</Badge> : <MilestoneStatusBadge status={milestone.status} />}
            {milestone.isOverdue && !paidWithDeal ? <Badge variant="destructive">Overdue</Badge> : null}
            {milestone.releasedAt ? (
              <Badge variant="success">
                <CircleDollarSign aria-hidden="true" /> Paid out
              </Badge>
            ) : null}
          </div>
          {milestone.description ? <p className="text-sm whitespace-pre-line text-muted-foreground">{milestone.description}</p> : null}
        </div>
        {milestone.amountCents !== undefined ? <p className="font-semibold tabular-nums">{formatMoney(milestone.amountCents, { showCents: true })}</p> : null}
      </div>
      {milestone.dueDate ? (
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <CalendarDays aria-hidden="true" className="size-4" /> Due {formatDueDay(milestone.dueDate)}
        </p>
      ) : null}
      {milestone.completionNote ? <Note label="Completion note">{milestone.completionNote}</Note> : null}
      {milestone.feedback ? <Note label="Feedback">{milestone.feedback}</Note> : null}
      <div className="flex flex-wrap gap-2 empty:hidden">{actions}</div>
    </li>
  );
}

function Note({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-md bg-muted/50 px-3 py-2 text-sm">
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
      <p className="whitespace-pre-line">{children}</p>
    </div>
  );
}
