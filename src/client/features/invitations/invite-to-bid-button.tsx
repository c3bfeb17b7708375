import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { isOwner } from '#shared/domain/policies.js';
import { isOpenForBids } from '#shared/domain/project-lifecycle.js';
import { isSubmitter } from '#shared/domain/roles.js';
import { Button } from '#client/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '#client/components/ui/dialog.js';
import { Label } from '#client/components/ui/label.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#client/components/ui/select.js';
import { errorMessage } from '#client/lib/api.js';
import { useUser } from '#client/lib/auth.js';
import { useUserProjects } from '#client/features/projects/api.js';
import { useInviteToBid } from './api.js';

/**
 * "Invite to bid" on a developer's profile, for a signed-in owner with a project open for bids:
 * pick the project, send. The server decides (the owner, the open project, the limit); a refusal
 * reads beside the button.
 */
export function InviteToBidButton({ developerId, developerUsername }: { developerId: number; developerUsername: string }) {
  const { user } = useUser();
  const canInvite = user !== null && user !== undefined && isSubmitter(user.role);
  const { data: projects } = useUserProjects(canInvite ? user.id : undefined);
  const open = (projects ?? []).filter((project) => isOwner(user ?? null, project) && isOpenForBids(project.status));
  const [isOpen, setOpen] = useState(false);
  const [projectId, setProjectId] = useState<string>('');
  const invite = useInviteToBid();
  const selectId = useId();
  const errorId = useId();
  if (!canInvite || open.length === 0) return null;
  const chosen = projectId || String(open[0]!.id);

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) invite.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Send aria-hidden="true" /> Invite to bid
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite {developerUsername} to bid</DialogTitle>
          <DialogDescription>They get a notification and an email with the project, and can bid on it like anyone else.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={selectId}>Project</Label>
          <Select value={chosen} onValueChange={setProjectId}>
            <SelectTrigger id={selectId} aria-describedby={invite.isError ? errorId : undefined} className="min-w-0 [&>span]:truncate">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {open.map((project) => (
                <SelectItem key={project.id} value={String(project.id)} className="whitespace-normal [overflow-wrap:anywhere]">
                  {project.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {invite.isError ? (
            <p id={errorId} role="alert" className="text-sm text-destructive">
              {errorMessage(invite.error, 'The invitation could not be sent. Please try again.')}
            </p>
          ) : null}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button disabled={invite.isPending} onClick={() => invite.mutate({ projectId: Number(chosen), developerId }, { onSuccess: () => setOpen(false) })}>
            Send invitation
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
