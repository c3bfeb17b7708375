import { Check, CheckCircle2, Pencil, Trash2, Undo2 } from 'lucide-react';
import { useState } from 'react';
import type { Milestone } from '#shared/contracts/milestones.js';
import type { MilestoneAction } from '#shared/domain/milestone-lifecycle.js';
import { formatMoney } from '#shared/domain/money.js';
import { Button } from '#client/components/ui/button.js';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.js';
import { TextPromptDialog } from '#client/components/text-prompt-dialog.js';
import { MilestoneFormDialog } from './lazy-milestone-form-dialog.js';
import { useApproveMilestone, useCompleteMilestone, useRemoveMilestone, useSendBackMilestone } from './api.js';

const NOTE_MIN = 5;

/** A completion note or feedback of at least five trimmed characters; `tooShort` is the contract's message. */
const noteProblem = (tooShort: string) => (text: string) => (text.trim().length < NOTE_MIN ? tooShort : undefined);

interface MilestoneActionsProps {
  milestone: Milestone;
  /** Whether the viewer may take the step on this milestone now (the deal machine's allowed actions and the milestone's status). */
  canTake: (action: MilestoneAction) => boolean;
}

/** What approving releases, from the server's amounts: the milestone's share less the platform fee, at once and for good. */
function approvalWords(milestone: Milestone): string {
  if (milestone.amountCents === undefined || milestone.payoutCents === undefined)
    return 'Approving it releases its share to the developer. This cannot be undone.';
  const payout = formatMoney(milestone.payoutCents, { showCents: true });
  const amount = formatMoney(milestone.amountCents, { showCents: true });
  return `${payout} (its ${amount} less the platform fee) is released to the developer at once. This cannot be undone.`;
}

/** The owner edits or removes a pending milestone, and approves or sends back a completed one. */
export function OwnerMilestoneActions({ milestone, canTake }: MilestoneActionsProps) {
  const [editing, setEditing] = useState(false);
  const [sendingBack, setSendingBack] = useState(false);
  const removeMilestone = useRemoveMilestone(milestone.projectId);
  const approveMilestone = useApproveMilestone(milestone.projectId);
  const sendBackMilestone = useSendBackMilestone(milestone.projectId);

  const canEdit = canTake('edit');
  const canRemove = canTake('remove');
  const canApprove = canTake('approve');
  const canSendBack = canTake('sendBack');

  if (canEdit || canRemove) {
    return (
      <>
        {canEdit ? (
          <Button size="sm" variant="outline" onClick={() => setEditing(true)} aria-label={`Edit ${milestone.title}`}>
            <Pencil aria-hidden="true" /> Edit
          </Button>
        ) : null}
        {canRemove ? (
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="outline" disabled={removeMilestone.isPending} aria-label={`Delete ${milestone.title}`}>
                <Trash2 aria-hidden="true" /> Delete
              </Button>
            }
            title="Delete this milestone?"
            description={`"${milestone.title}" will be removed from the plan.`}
            confirmLabel="Delete"
            destructive
            onConfirm={() => removeMilestone.mutate(milestone.id)}
          />
        ) : null}
        {canEdit ? <MilestoneFormDialog projectId={milestone.projectId} milestone={milestone} open={editing} onOpenChange={setEditing} /> : null}
      </>
    );
  }
  if (canApprove || canSendBack) {
    return (
      <>
        {canApprove ? (
          <ConfirmDialog
            trigger={
              <Button size="sm" disabled={approveMilestone.isPending}>
                <Check aria-hidden="true" /> Approve
              </Button>
            }
            title={`Approve "${milestone.title}"?`}
            description={approvalWords(milestone)}
            confirmLabel="Approve and release"
            onConfirm={() => approveMilestone.mutate(milestone.id)}
          />
        ) : null}
        {canSendBack ? (
          <Button size="sm" variant="outline" onClick={() => setSendingBack(true)}>
            <Undo2 aria-hidden="true" /> Send Back
          </Button>
        ) : null}
        <TextPromptDialog
          open={sendingBack}
          onOpenChange={setSendingBack}
          title="Send milestone back"
          description={`Tell the developer what still needs work on "${milestone.title}".`}
          label="Feedback"
          problemOf={noteProblem('Please say what still needs work (at least 5 characters)')}
          submitLabel="Send Back"
          isPending={sendBackMilestone.isPending}
          onSubmit={(feedback, { done }) => sendBackMilestone.mutate({ id: milestone.id, feedback }, { onSuccess: done })}
        />
      </>
    );
  }
  return null;
}

/** The assigned finisher marks a pending milestone complete with a short note. */
export function FinisherMilestoneActions({ milestone, canTake }: MilestoneActionsProps) {
  const [open, setOpen] = useState(false);
  const completeMilestone = useCompleteMilestone(milestone.projectId);
  if (!canTake('complete')) return null;
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        <CheckCircle2 aria-hidden="true" /> Mark Complete
      </Button>
      <TextPromptDialog
        open={open}
        onOpenChange={setOpen}
        title="Mark milestone complete"
        description={`Tell the client what you delivered for "${milestone.title}".`}
        label="Completion Note"
        problemOf={noteProblem('Please add a short note (at least 5 characters)')}
        submitLabel="Mark Complete"
        isPending={completeMilestone.isPending}
        onSubmit={(note, { done }) => completeMilestone.mutate({ id: milestone.id, note }, { onSuccess: done })}
      />
    </>
  );
}
