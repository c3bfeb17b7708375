import { Check, CheckCircle2, Pencil, Trash2, Undo2 } from 'lucide-react';
import { useState } from 'react';
import type { Milestone } from '#shared/contracts/milestones.js';
import { Button } from '#client/components/ui/button.js';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.js';
import { MilestoneFormDialog } from './lazy-milestone-form-dialog.js';
import { MilestoneNoteDialog } from './milestone-note-dialog.js';
import { useApproveMilestone, useCompleteMilestone, useRemoveMilestone, useSendBackMilestone } from './api.js';

interface OwnerActionsProps {
  milestone: Milestone;
  canPlan: boolean;
  canReview: boolean;
}

/** The owner edits or removes a pending milestone, and approves or sends back a completed one. */
export function OwnerMilestoneActions({ milestone, canPlan, canReview }: OwnerActionsProps) {
  const [editing, setEditing] = useState(false);
  const [sendingBack, setSendingBack] = useState(false);
  const removeMilestone = useRemoveMilestone(milestone.projectId);
  const approveMilestone = useApproveMilestone(milestone.projectId);
  const sendBackMilestone = useSendBackMilestone(milestone.projectId);

  if (milestone.status === 'pending' && canPlan) {
    return (
      <>
        <Button size="sm" variant="outline" onClick={() => setEditing(true)} aria-label={`Edit ${milestone.title}`}>
          <Pencil aria-hidden="true" /> Edit
        </Button>
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
        <MilestoneFormDialog projectId={milestone.projectId} milestone={milestone} open={editing} onOpenChange={setEditing} />
      </>
    );
  }
  if (milestone.status === 'completed' && canReview) {
    return (
      <>
        <Button size="sm" disabled={approveMilestone.isPending} onClick={() => approveMilestone.mutate(milestone.id)}>
          <Check aria-hidden="true" /> Approve
        </Button>
        <Button size="sm" variant="outline" onClick={() => setSendingBack(true)}>
          <Undo2 aria-hidden="true" /> Send Back
        </Button>
        <MilestoneNoteDialog
          open={sendingBack}
          onOpenChange={setSendingBack}
          title="Send milestone back"
          description={`Tell the developer what still needs work on "${milestone.title}".`}
          label="Feedback"
          tooShort="Please say what still needs work (at least 5 characters)"
          submitLabel="Send Back"
          isPending={sendBackMilestone.isPending}
          onSubmit={(feedback, done) => sendBackMilestone.mutate({ id: milestone.id, feedback }, { onSuccess: done })}
        />
      </>
    );
  }
  return null;
}

/** The assigned finisher marks a pending milestone complete with a short note. */
export function FinisherMilestoneActions({ milestone, canWork }: { milestone: Milestone; canWork: boolean }) {
  const [open, setOpen] = useState(false);
  const completeMilestone = useCompleteMilestone(milestone.projectId);
  if (milestone.status !== 'pending' || !canWork) return null;
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        <CheckCircle2 aria-hidden="true" /> Mark Complete
      </Button>
      <MilestoneNoteDialog
        open={open}
        onOpenChange={setOpen}
        title="Mark milestone complete"
        description={`Tell the client what you delivered for "${milestone.title}".`}
        label="Completion Note"
        tooShort="Please add a short note (at least 5 characters)"
        submitLabel="Mark Complete"
        isPending={completeMilestone.isPending}
        onSubmit={(note, done) => completeMilestone.mutate({ id: milestone.id, note }, { onSuccess: done })}
      />
    </>
  );
}
