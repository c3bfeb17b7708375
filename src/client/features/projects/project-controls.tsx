import { Ban, type LucideIcon, Pause, Play } from 'lucide-react';
import type { ProjectStatus } from '#shared/domain/project-status.js';
import { type ProjectAction, type ProjectActor, projectLifecycle } from '#shared/domain/project-lifecycle.js';
import { Button } from '#client/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.js';
import { useUpdateProjectStatus } from '#client/features/projects/api.js';

interface Control {
  action: ProjectAction;
  status: 'paused' | 'active' | 'cancelled';
  label: string;
  icon: LucideIcon;
  title: string;
  description: string;
  isDestructive?: boolean;
}

/** The owner's controls, each shown only where the project lifecycle lets the owner take its step (spec section 4). */
const controls: Control[] = [
  {
    action: 'pause',
    status: 'paused',
    label: 'Pause Project',
    icon: Pause,
    title: 'Pause this project?',
    description: 'This will temporarily pause your project and hide it from new bids. You can reactivate it at any time.',
  },
  {
    action: 'reactivate',
    status: 'active',
    label: 'Reactivate Project',
    icon: Play,
    title: 'Reactivate this project?',
    description: 'This will reactivate your project and make it visible to developers again.',
  },
  {
    action: 'cancel',
    status: 'cancelled',
    label: 'Cancel Project',
    icon: Ban,
    title: 'Cancel this project?',
    description: 'Cancelling is permanent and cannot be undone. The project will no longer accept bids or work.',
    isDestructive: true,
  },
];

/**
 * The owner's Pause / Reactivate / Cancel buttons (spec sections 2 and 4), for what the viewer is
 * to the project; no card when the lifecycle gives them none (anyone but the owner, a cancelled project).
 */
export function ProjectControls({
  projectId,
  status,
  actor,
  cancelNotice = null,
}: {
  projectId: number;
  status: ProjectStatus;
  actor: ProjectActor;
  /** The deal answer's words for what cancelling does to the held money (issue 28, item 5); null when nothing is held. */
  cancelNotice?: string | null;
}) {
  const available = controls
    .filter((control) => projectLifecycle.canTake(control.action, actor, status))
    .map((control) => (control.action === 'cancel' && cancelNotice ? { ...control, description: `${control.description} ${cancelNotice}` } : control));
  return available.length > 0 ? <ProjectControlsCard projectId={projectId} shown={available} /> : null;
}

function ProjectControlsCard({ projectId, shown }: { projectId: number; shown: Control[] }) {
  const updateStatus = useUpdateProjectStatus(projectId);
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Project Controls</CardTitle>
        <CardDescription>Pause, reactivate or cancel your project.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {shown.map(({ action, status: target, label, icon: Icon, title, description, isDestructive }) => (
          <ConfirmDialog
            key={action}
            trigger={
              <Button variant={isDestructive ? 'destructive' : 'outline'} disabled={updateStatus.isPending}>
                <Icon aria-hidden="true" /> {label}
              </Button>
            }
            title={title}
            description={description}
            onConfirm={() => updateStatus.mutate(target)}
            destructive={isDestructive}
          />
        ))}
      </CardContent>
    </Card>
  );
}
