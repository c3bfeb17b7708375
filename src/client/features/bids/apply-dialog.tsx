import { Pencil, Send } from 'lucide-react';
import { Suspense, useState } from 'react';
import { toast } from 'sonner';
import type { Bid } from '#shared/contracts/bids.js';
import type { AcceptanceCriterion, ProjectDetail } from '#shared/contracts/projects.js';
import { canBid, type Person } from '#shared/domain/policies.js';
import { isOpenForBids } from '#shared/domain/project-lifecycle.js';
import { Button } from '#client/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '#client/components/ui/dialog.js';
import { Spinner } from '#client/components/ui/spinner.js';
import { lazyComponent } from '#client/lib/lazy-component.js';
import { ProjectTerms } from '#client/components/project-terms.js';

// The form (react-hook-form and the bid schema) is needed only once the dialog opens: the project
// page loads and hydrates without it (docs/decisions/018-performance-budgets.md).
const loadApplyForm = () => import('./apply-form.js');
const ApplyForm = lazyComponent(loadApplyForm, 'ApplyForm');

const formFallback = (
  <div className="flex justify-center py-8">
    <Spinner className="size-6" label="Loading the form" />
  </div>
);

type ApplyVisibility = 'apply' | 'login-required' | 'hidden';
type BiddableProject = Pick<
  ProjectDetail,
  'id' | 'name' | 'status' | 'submitterId' | 'finisherId' | 'bids' | 'acceptanceCriteria' | 'budgetCents' | 'timeframe'
>;

/**
 * Spec section 6 (canBid): a signed-in finisher who is not the owner, on a project open for bids,
 * who has not bid yet. A visitor sees the button on an open project and is told to log in.
 */
function applyVisibility(project: BiddableProject, user: Person): ApplyVisibility {
  if (!isOpenForBids(project.status)) return 'hidden';
  if (!user) return 'login-required';
  return canBid(user, project, project.bids) ? 'apply' : 'hidden';
}

/** 'Apply for this Project' and its 'Apply for Project' dialog (spec sections 2 and 5). */
export function ApplyButton({ project, user }: { project: BiddableProject; user: Person }) {
  const [open, setOpen] = useState(false);
  const visibility = applyVisibility(project, user);
  if (visibility === 'hidden') return null;
  const { id: projectId, name: projectName } = project;
  const userId = user?.id ?? null;

  const onClick = () => {
    if (visibility === 'login-required' || !userId) {
      toast.error('You must be logged in to submit a bid');
      return;
    }
    void loadApplyForm();
    setOpen(true);
  };

  return (
    <>
      <Button size="lg" className="w-full" onClick={onClick}>
        <Send aria-hidden="true" /> Apply for this Project
      </Button>
      {userId ? (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
            <DialogHeader>
              <DialogTitle>Apply for Project</DialogTitle>
              <DialogDescription>Send {projectName}'s owner your rate, timeline and proposal.</DialogDescription>
            </DialogHeader>
            <ProjectTerms project={project} className="rounded-md bg-muted/60 p-3" />
            <Suspense fallback={formFallback}>
              <ApplyForm projectId={projectId} finisherId={userId} criteria={project.acceptanceCriteria} onDone={() => setOpen(false)} />
            </Suspense>
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
}

/** 'Edit Bid' on the finisher's own pending bid (issue 18, item 7): the apply form, filled in with the bid. */
export function EditBidDialog({ bid, criteria }: { bid: Bid; criteria: readonly AcceptanceCriterion[] }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" onClick={() => void loadApplyForm()}>
          <Pencil aria-hidden="true" /> Edit Bid
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Edit Bid</DialogTitle>
          <DialogDescription>Change your rate, timeline, proposal or answers; the project owner is told what changed.</DialogDescription>
        </DialogHeader>
        <Suspense fallback={formFallback}>
          <ApplyForm projectId={bid.projectId} finisherId={bid.finisherId} criteria={criteria} bid={bid} onDone={() => setOpen(false)} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
