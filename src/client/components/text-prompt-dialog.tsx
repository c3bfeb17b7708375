import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '#client/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.js';
import { FieldError } from '#client/components/ui/field-error.js';
import { Label } from '#client/components/ui/label.js';
import { Textarea } from '#client/components/ui/textarea.js';

export interface TextPromptDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  label: string;
  submitLabel: string;
  isPending: boolean;
  /** What is wrong with the text as typed, in the words the field shows; undefined when it may be sent. */
  problemOf: (text: string) => string | undefined;
  /** A line under the field that follows the text (a character counter). */
  hint?: (text: string) => ReactNode;
  rows?: number;
  /** Fields shown above the text (a revision request's unmet criteria). */
  children?: ReactNode;
  /** Sends the trimmed text; `fail` shows the server's message under the field, `done` closes the dialog. */
  onSubmit: (text: string, callbacks: { done: () => void; fail: (message: string) => void }) => void;
}

/**
 * A dialog that asks for one required text, checked before anything is sent: a milestone's completion
 * note or feedback, a revision's reason, an objection to a cancellation.
 */
export function TextPromptDialog({
  open,
  onOpenChange,
  title,
  description,
  label,
  submitLabel,
  isPending,
  problemOf,
  hint,
  rows = 4,
  children,
  onSubmit,
}: TextPromptDialogProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  const describedBy = [hintId, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;

  const changeOpen = (next: boolean) => {
    if (!next) {
      setText('');
      setError(undefined);
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = problemOf(text);
    setError(problem);
    if (problem) return;
    onSubmit(text.trim(), { done: () => changeOpen(false), fail: setError });
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid min-w-0 gap-4" aria-label={title}>
          {children}
          <div className="grid gap-2">
            <Label htmlFor={id}>{label}</Label>
            <Textarea
              id={id}
              rows={rows}
              value={text}
              required
              onChange={(event) => setText(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
            />
            {hint ? (
              <p id={hintId} className="text-xs text-muted-foreground">
                {hint(text)}
              </p>
            ) : null}
            <FieldError id={errorId} message={error} />
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
