import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { ProposeChangeOrderBody, ProposeChangeOrderInput } from '#shared/contracts/change-orders.js';
import { proposeChangeOrderSchema } from '#shared/contracts/change-orders.schemas.js';
import { Button } from '#client/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.js';
import { FormField } from '#client/components/ui/form-field.js';
import { Input } from '#client/components/ui/input.js';
import { SubmitButton } from '#client/components/ui/submit-button.js';
import { Textarea } from '#client/components/ui/textarea.js';
import { showServerError } from '#client/lib/form-rules.js';
import { useProposeChangeOrder } from './api.js';

interface ProposeChangeOrderDialogProps {
  projectId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Who reads the proposal: 'the client' or 'the developer'. */
  otherParty: string;
}

/** 'Propose a Change Order' (issue 18, item 6): what changes, its price in dollars ($0 allowed) and the extra days. */
export function ProposeChangeOrderDialog({ projectId, open, onOpenChange, otherParty }: ProposeChangeOrderDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Propose a Change Order</DialogTitle>
          <DialogDescription>
            Work beyond the statement of work, with its price and the days it adds. {otherParty} accepts or declines it; an accepted price is paid and held like
            the deal's payment.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts empty. */}
        {open ? <ProposeForm projectId={projectId} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

// The server answers a refused field as { code, message } with no path; each of the contract's messages names its field.
function fieldOf(message: string): keyof ProposeChangeOrderBody | null {
  if (/^Amount/i.test(message)) return 'amount';
  if (/extra days/i.test(message)) return 'extraDays';
  if (/describe|description/i.test(message)) return 'description';
  return null;
}

function ProposeForm({ projectId, onDone }: { projectId: number; onDone: () => void }) {
  const propose = useProposeChangeOrder(projectId);
  const form = useForm<ProposeChangeOrderBody, unknown, ProposeChangeOrderInput>({
    resolver: zodResolver(proposeChangeOrderSchema),
    defaultValues: { description: '', amount: '', extraDays: '0' },
  });
  const { errors } = form.formState;
  const serverError = errors.root?.server?.message;
  const invalid = (error: unknown) => (error ? true : undefined);

  const onSubmit = form.handleSubmit((values) => {
    if (propose.isPending) return;
    propose.mutate(values, {
      onSuccess: onDone,
      onError: (error) => showServerError(form.setError, error, fieldOf),
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Propose a Change Order">
      <FormField id="change-order-description" label="What changes" error={errors.description?.message}>
        {(describedBy) => (
          <Textarea
            id="change-order-description"
            rows={4}
            placeholder="Add a CSV export of the invoices"
            aria-describedby={describedBy}
            aria-invalid={invalid(errors.description)}
            {...form.register('description')}
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="change-order-amount" label="Amount ($)" hint="0 for a change of days only." error={errors.amount?.message}>
          {(describedBy) => (
            <Input
              id="change-order-amount"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              aria-describedby={describedBy}
              aria-invalid={invalid(errors.amount)}
              {...form.register('amount')}
            />
          )}
        </FormField>
        <FormField id="change-order-days" label="Extra days" hint="Added to the delivery deadline once accepted." error={errors.extraDays?.message}>
          {(describedBy) => (
            <Input
              id="change-order-days"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              aria-describedby={describedBy}
              aria-invalid={invalid(errors.extraDays)}
              {...form.register('extraDays')}
            />
          )}
        </FormField>
      </div>
      {serverError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {serverError}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton isPending={propose.isPending} pendingText="Sending...">
          Propose Change Order
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
