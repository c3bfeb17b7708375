import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type CreateMilestoneBody, type Milestone } from '#shared/contracts/milestones.js';
import { createMilestoneSchema } from '#shared/contracts/milestones.schemas.js';
import { isPastDueDate, pastDueDateMessage } from '#shared/domain/milestone-lifecycle.js';
import { centsToDollars, PLATFORM_FEE_PERCENT } from '#shared/domain/money.js';
import { Button } from '#client/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.js';
import { FormField } from '#client/components/ui/form-field.js';
import { Input } from '#client/components/ui/input.js';
import { Textarea } from '#client/components/ui/textarea.js';
import { useAddMilestone, useUpdateMilestone } from './api.js';

const fields = createMilestoneSchema.shape;

/** The form keeps what the inputs hold (strings); the output is the API body. */
const milestoneFormSchema = z.object({
  title: fields.title,
  description: z
    .string()
    .trim()
    .max(2_000, 'Description must be at most 2000 characters')
    .transform((value) => value || null),
  // An empty field reads 0, which the contract's amount rule refuses with its own message.
  amount: z.string().trim().transform(Number).pipe(fields.amount),
  dueDate: z
    .string()
    .trim()
    .transform((value): string | null | undefined => value || null)
    .pipe(fields.dueDate),
});

/** The person's own today, YYYY-MM-DD in their time zone. */
function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** A new or changed due date may not be in the past (the server checks it too). */
const formSchemaFor = (milestone: Milestone | undefined) =>
  milestoneFormSchema.superRefine((values, context) => {
    const { dueDate } = values;
    if (dueDate && dueDate !== milestone?.dueDate && isPastDueDate(dueDate, new Date(), localToday())) {
      context.addIssue({ code: 'custom', path: ['dueDate'], message: pastDueDateMessage });
    }
  });
type FormInput = z.input<typeof milestoneFormSchema>;
type FormOutput = z.output<typeof milestoneFormSchema>;

interface MilestoneFormDialogProps {
  projectId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The milestone being edited; absent to add one. */
  milestone?: Milestone;
}

/** 'Add Milestone' and 'Edit Milestone': title, description, amount in dollars and an optional due date. */
export function MilestoneFormDialog({ projectId, open, onOpenChange, milestone }: MilestoneFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{milestone ? 'Edit Milestone' : 'Add Milestone'}</DialogTitle>
          <DialogDescription>Milestones are paid out (less the {PLATFORM_FEE_PERCENT}% platform fee) as you approve them.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from the milestone's current values. */}
        {open ? <MilestoneForm projectId={projectId} milestone={milestone} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function MilestoneForm({ projectId, milestone, onDone }: { projectId: number; milestone?: Milestone; onDone: () => void }) {
  const addMilestone = useAddMilestone(projectId);
  const updateMilestone = useUpdateMilestone(projectId);
  const isSaving = addMilestone.isPending || updateMilestone.isPending;
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchemaFor(milestone)),
    defaultValues: {
      title: milestone?.title ?? '',
      description: milestone?.description ?? '',
      // The form speaks dollars, as the request does ('350.5').
      amount: milestone?.amountCents === undefined ? '' : String(centsToDollars(milestone.amountCents)),
      dueDate: milestone?.dueDate ?? '',
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    const body: CreateMilestoneBody = values;
    if (milestone) updateMilestone.mutate({ id: milestone.id, body }, { onSuccess: onDone });
    else addMilestone.mutate(body, { onSuccess: onDone });
  });

  const invalid = (error: unknown) => (error ? true : undefined);
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={milestone ? 'Edit Milestone' : 'Add Milestone'}>
      <FormField id="milestone-title" label="Title" error={errors.title?.message}>
        {(describedBy) => <Input id="milestone-title" aria-describedby={describedBy} aria-invalid={invalid(errors.title)} {...form.register('title')} />}
      </FormField>
      <FormField id="milestone-description" label="Description" error={errors.description?.message}>
        {(describedBy) => (
          <Textarea
            id="milestone-description"
            rows={3}
            aria-describedby={describedBy}
            aria-invalid={invalid(errors.description)}
            {...form.register('description')}
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="milestone-amount" label="Amount ($)" error={errors.amount?.message}>
          {(describedBy) => (
            <Input
              id="milestone-amount"
              type="number"
              inputMode="decimal"
              min={0.01}
              step={0.01}
              aria-describedby={describedBy}
              aria-invalid={invalid(errors.amount)}
              {...form.register('amount')}
            />
          )}
        </FormField>
        <FormField id="milestone-due-date" label="Due Date" error={errors.dueDate?.message}>
          {(describedBy) => (
            <Input
              id="milestone-due-date"
              type="date"
              min={milestone?.dueDate && milestone.dueDate < localToday() ? undefined : localToday()}
              aria-describedby={describedBy}
              aria-invalid={invalid(errors.dueDate)}
              {...form.register('dueDate')}
            />
          )}
        </FormField>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSaving}>
          {isSaving ? 'Saving...' : milestone ? 'Save Changes' : 'Add Milestone'}
        </Button>
      </DialogFooter>
    </form>
  );
}
