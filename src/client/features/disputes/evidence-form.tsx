import { type FormEvent, useRef, useState } from 'react';
import { disputeFileAccept, disputeStatementLimits } from '#shared/domain/dispute.js';
import { evidenceImageFormats, uploadProblem } from '#shared/domain/uploads.js';
import { FormField } from '#client/components/ui/form-field.js';
import { Input } from '#client/components/ui/input.js';
import { SubmitButton } from '#client/components/ui/submit-button.js';
import { Textarea } from '#client/components/ui/textarea.js';
import { errorMessage, isApiError } from '#client/lib/api.js';
import { characterCount, lengthProblem } from '#client/lib/form-rules.js';
import { useAddEvidence } from './api.js';
import { formatCount } from '#shared/domain/counts.js';

const statementWords = {
  tooShort: 'Please write a statement',
  tooLong: `The statement must be at most ${formatCount(disputeStatementLimits.max)} characters`,
};

/** The problem with an attached file before it is sent: its type or its size (the server checks both again). */
function fileProblem(file: File | null): string | undefined {
  if (!file) return undefined;
  return uploadProblem(file, evidenceImageFormats, { orPdf: true }) ?? undefined;
}

/** Add evidence: a statement and an optional image or PDF, sent as multipart/form-data. */
export function EvidenceForm({ disputeId }: { disputeId: number }) {
  const addEvidence = useAddEvidence(disputeId);
  const [statement, setStatement] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ statement?: string; file?: string }>({});
  const fileInput = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = { statement: lengthProblem(statement, disputeStatementLimits, statementWords), file: fileProblem(file) };
    setErrors(problems);
    if (problems.statement || problems.file) return;
    addEvidence.mutate(
      { statement: statement.trim(), file },
      {
        onSuccess: () => {
          setStatement('');
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
        },
        onError: (failure) => {
          const message = errorMessage(failure, 'Please try again later');
          // The server names the file's problem (its type, its size) with these codes; anything else is about the statement.
          const isFile = isApiError(failure, 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE');
          setErrors(isFile ? { file: message } : { statement: message });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Add evidence" className="grid gap-3 rounded-lg border bg-muted/30 p-4">
      <h4 className="font-semibold">Add evidence</h4>
      <FormField id="evidence-statement" label="Statement" error={errors.statement} hint={characterCount(statement, disputeStatementLimits.max)}>
        {(describedBy) => (
          <Textarea
            id="evidence-statement"
            rows={4}
            value={statement}
            onChange={(event) => setStatement(event.target.value)}
            aria-invalid={errors.statement ? true : undefined}
            aria-describedby={describedBy}
          />
        )}
      </FormField>
      <FormField id="evidence-file" label="File (optional)" error={errors.file} hint="A PNG, JPEG, GIF or WebP image, or a PDF, up to 5 MB.">
        {(describedBy) => (
          <Input
            ref={fileInput}
            id="evidence-file"
            type="file"
            accept={disputeFileAccept}
            className="h-auto py-1.5"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={describedBy}
          />
        )}
      </FormField>
      <SubmitButton isPending={addEvidence.isPending} pendingText="Adding..." className="w-fit">
        Add evidence
      </SubmitButton>
    </form>
  );
}
