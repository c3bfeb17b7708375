import { Ban, Pause, Play } from 'lucide-react';
import type { ProjectStatus } from '../../../shared/domain/project-status.js';
import { canTakeAction } from '../../../shared/domain/project-lifecycle.js';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useUpdateProjectStatus } from './use-project-mutations';

/** The owner's Pause / Reactivate / Cancel buttons (spec sections 2 and 4); the page hides the card when cancelled. */
export function ProjectControls({ projectId, status }: { projectId: number; status: ProjectStatus }) {
  const updateStatus = useUpdateProjectStatus(projectId);
  const busy = updateStatus.isPending;
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Project Controls</CardTitle>
        <CardDescription>Pause, reactivate or cancel your project.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {canTakeAction('pause', status) ? (
          <ConfirmDialog
            trigger={
              <Button variant="outline" disabled={busy}>
                <Pause aria-hidden="true" /> Pause Project
              </Button>
            }
            title="Pause this project?"
            description="This will temporarily pause your project and hide it from new bids. You can reactivate it at any time."
            onConfirm={() => updateStatus.mutate('paused')}
          />
        ) : null}
        {canTakeAction('reactivate', status) ? (
          <ConfirmDialog
            trigger={
              <Button variant="outline" disabled={busy}>
                <Play aria-hidden="true" /> Reactivate Project
              </Button>
            }
            title="Reactivate this project?"
            description="This will reactivate your project and make it visible to developers again."
            onConfirm={() => updateStatus.mutate('active')}
          />
        ) : null}
        {canTakeAction('cancel', status) ? (
          <ConfirmDialog
            trigger={
              <Button variant="destructive" disabled={busy}>
                <Ban aria-hidden="true" /> Cancel Project
              </Button>
            }
            title="Cancel this project?"
            description="Cancelling is permanent and cannot be undone. The project will no longer accept bids or work."
            onConfirm={() => updateStatus.mutate('cancelled')}
            destructive
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
