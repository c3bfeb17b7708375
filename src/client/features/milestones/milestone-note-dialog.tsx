import { type FormEvent, useState } from 'react';
import { Button } from '#client/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.js';
import { FieldError } from '#client/components/ui/field-error.js';
import { Label } from '#client/components/ui/label.js';
import { Textarea } from '#client/components/ui/textarea.js';

const MIN = 5;

interface MilestoneNoteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  label: string;
  /** The contract's message for a note shorter than five characters. */
  tooShort: string;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (text: string, done: () => void) => void;
}

/** A dialog asking for a short text: the finisher's completion note, or the owner's feedback when sending back. */
export function MilestoneNoteDialog({ open, onOpenChange, title, description, label, tooShort, submitLabel, isPending, onSubmit }: MilestoneNoteDialogProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const id = `milestone-note-${label.toLowerCase().replace(/\W+/g, '-')}`;

  const changeOpen = (next: boolean) => {
    if (!next) {
      setText('');
      setError(undefined);
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (value.length < MIN) {
      setError(tooShort);
      return;
    }
    onSubmit(value, () => changeOpen(false));
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4" aria-label={title}>
          <div className="grid gap-2">
            <Label htmlFor={id}>{label}</Label>
            <Textarea
              id={id}
              rows={4}
              value={text}
              onChange={(event) => setText(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            <FieldError id={`${id}-error`} message={error} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => changeOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isPending}>
              {isPending ? 'Submitting...' : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
