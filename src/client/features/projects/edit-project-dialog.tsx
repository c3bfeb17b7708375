import { Pencil } from 'lucide-react';
import { Suspense, useState } from 'react';
import type { ProjectDetail } from '#shared/contracts/projects.js';
import { isAllowed, type Person } from '#shared/domain/policies.js';
import { isOpenForBids } from '#shared/domain/project-lifecycle.js';
import { Button } from '#client/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '#client/components/ui/dialog.js';
import { Spinner } from '#client/components/ui/spinner.js';
import { lazyComponent } from '#client/lib/lazy-component.js';

// The form (react-hook-form, the project schema, the tech stack picker) loads only when the dialog
// opens, as the apply form does: the project page loads and hydrates without it (decision 018).
const loadEditForm = () => import('./edit-project-form.js');
const EditProjectForm = lazyComponent(loadEditForm, 'EditProjectForm');

/** Whether the viewer may edit the project now: its owner, while it is open for bids (the server's rule). */
export const canEditProject = (user: Person, project: Pick<ProjectDetail, 'submitterId' | 'status'>): boolean =>
  isAllowed('editProject', user, project) && isOpenForBids(project.status);

/** 'Edit Project' for the owner of an open project (issue 18, item 1): its fields and acceptance criteria. */
export function EditProjectButton({ project, user }: { project: ProjectDetail; user: Person }) {
  const [open, setOpen] = useState(false);
  if (!canEditProject(user, project)) return null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="lg" className="w-full" onClick={() => void loadEditForm()}>
          <Pencil aria-hidden="true" /> Edit Project
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit Project</DialogTitle>
          <DialogDescription>
            Change what developers read while the project is open for bids. A criterion you leave unchanged keeps the answers bids gave it.
          </DialogDescription>
        </DialogHeader>
        <Suspense
          fallback={
            <div className="flex justify-center py-8">
              <Spinner className="size-6" label="Loading the form" />
            </div>
          }
        >
          <EditProjectForm project={project} onDone={() => setOpen(false)} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
