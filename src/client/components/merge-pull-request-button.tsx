import { GitMerge, LoaderCircle } from 'lucide-react';
import { Button } from '#client/components/ui/button.js';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.js';

interface MergePullRequestButtonProps {
  /** The project's choice: merging the delivered pull request accepts the delivery. */
  mergeAcceptsDelivery: boolean;
  isPending: boolean;
  onMerge: () => void;
}

/**
 * The owner merges the delivered pull request on the sandbox host (issue 29). When merging accepts
 * the delivery, it releases the payment, so the owner confirms first, as Accept Work asks.
 */
export function MergePullRequestButton({ mergeAcceptsDelivery, isPending, onMerge }: MergePullRequestButtonProps) {
  const button = (
    <Button type="button" disabled={isPending} onClick={mergeAcceptsDelivery ? undefined : onMerge}>
      {isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <GitMerge aria-hidden="true" />}
      Merge pull request
    </Button>
  );
  if (!mergeAcceptsDelivery) return button;
  return (
    <ConfirmDialog
      trigger={button}
      title="Merge the pull request?"
      description="Merging accepts the delivery: the project is marked as completed and the payment is released to the developer. This cannot be undone."
      confirmLabel="Merge and accept"
      onConfirm={onMerge}
    />
  );
}
