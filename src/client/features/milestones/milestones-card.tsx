import { Flag, Plus } from 'lucide-react';
import { useState } from 'react';
import type { Milestone } from '#shared/contracts/milestones.js';
import type { ProjectDetail } from '#shared/contracts/projects.js';
import { formatMoney } from '#shared/domain/money.js';
import { milestoneDealActions } from '#shared/domain/deal-machine.js';
import { type MilestoneAction, milestoneLifecycle } from '#shared/domain/milestone-lifecycle.js';
import { isAssignedFinisher, isOwner, type Person } from '#shared/domain/policies.js';
import { awaitingPaymentRefusal } from '#shared/domain/project-lifecycle.js';
import { Button } from '#client/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { Spinner } from '#client/components/ui/spinner.js';
import { errorMessage } from '#client/lib/api.js';
import { FinisherMilestoneActions, OwnerMilestoneActions } from './milestone-actions.js';
import { MilestoneFormDialog } from './lazy-milestone-form-dialog.js';
import { MilestoneItem } from './milestone-item.js';
import { acceptedBidCents, plannedCents } from './milestone-rules.js';
import { useMilestones } from './api.js';

interface MilestonesCardProps {
  project: Pick<ProjectDetail, 'id' | 'status' | 'bids' | 'submitterId' | 'finisherId' | 'deal'>;
  user: Person;
}

/** The project's milestones for its owner and assigned finisher; ?tab=milestones scrolls to #milestones. */
export function MilestonesCard({ project, user }: MilestonesCardProps) {
  const [adding, setAdding] = useState(false);
  const { data: milestones, isPending, error } = useMilestones(project.id, true);
  const isViewerOwner = isOwner(user, project);
  const isViewerFinisher = isAssignedFinisher(user, project);
  const budgetCents = acceptedBidCents(project.bids);
  // Accepted work releases what the milestones still held: none of them is pending or overdue any more.
  const isDealAccepted = project.status === 'accepted';
  // The deal machine (on the server) says which steps the viewer may take on the deal now; the milestone's own status says which of them it allows.
  const allowedActions = project.deal?.allowedActions ?? [];
  const stepsOn = (milestone: Milestone) => (action: MilestoneAction) =>
    allowedActions.includes(milestoneDealActions[action]) && milestoneLifecycle.allows(action, milestone.status);

  return (
    <Card id="milestones" role="region" aria-labelledby="milestones-title" className="scroll-mt-24 gap-4">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id="milestones-title">Milestones</CardTitle>
          {allowedActions.includes('add_milestone') ? (
            <Button size="sm" onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" /> Add Milestone
            </Button>
          ) : null}
        </div>
        {/* Milestones are planned before the payment, but completed and approved only once the money is held (issue 26). */}
        {project.deal?.stage === 'awaiting_payment' && milestones && milestones.length > 0 ? (
          <p className="text-sm text-amber-800" data-testid="milestones-awaiting-payment">
            {awaitingPaymentRefusal}
          </p>
        ) : null}
        {milestones && milestones.length > 0 && budgetCents !== undefined ? (
          <CardDescription>
            Planned {formatMoney(plannedCents(milestones), { showCents: true })} of {formatMoney(budgetCents, { showCents: true })}
          </CardDescription>
        ) : null}
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading milestones" />
          </div>
        ) : error ? (
          <p className="text-sm text-destructive">{errorMessage(error, 'Error loading milestones')}</p>
        ) : milestones.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-6 py-10 text-center">
            <Flag aria-hidden="true" className="size-7 text-muted-foreground" />
            <p className="font-medium">No milestones yet</p>
            {isViewerOwner ? <p className="text-sm text-muted-foreground">Split the work into milestones to pay as it is delivered.</p> : null}
          </div>
        ) : (
          <ul className="grid gap-3">
            {milestones.map((milestone) => (
              <MilestoneItem
                key={milestone.id}
                milestone={milestone}
                isDealAccepted={isDealAccepted}
                actions={
                  isViewerOwner ? (
                    <OwnerMilestoneActions milestone={milestone} canTake={stepsOn(milestone)} />
                  ) : isViewerFinisher ? (
                    <FinisherMilestoneActions milestone={milestone} canTake={stepsOn(milestone)} />
                  ) : null
                }
              />
            ))}
          </ul>
        )}
      </CardContent>
      {isViewerOwner ? <MilestoneFormDialog projectId={project.id} open={adding} onOpenChange={setAdding} /> : null}
    </Card>
  );
}
