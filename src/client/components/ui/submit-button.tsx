import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button.js';
import { Spinner } from './spinner.js';

type SubmitButtonProps = Omit<ButtonProps, 'type' | 'children'> & {
  isPending: boolean;
  /** What the button says while pending, e.g. the spec's 'Logging in...'. */
  pendingText: string;
  /** What a screen reader hears for the spinner; defaults to the pending text without its dots. */
  spinnerLabel?: string;
  children: ReactNode;
};

/** A form's submit button: disabled, with a spinner and its pending text, while the request runs. */
export function SubmitButton({ isPending, pendingText, spinnerLabel, children, disabled, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={isPending || disabled} {...props}>
      {isPending ? (
        <>
          <Spinner className="size-4 text-primary-foreground" label={spinnerLabel ?? pendingText.replace(/\.+$/, '')} /> {pendingText}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
