import { Paperclip, SendHorizontal, X } from 'lucide-react';
import { type ChangeEvent, type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { attachmentAccept, attachmentLimits, attachmentProblem, formatFileSize } from '#shared/domain/attachments.js';
import { chatLimits } from '#shared/domain/limits.js';
import { Button } from '#client/components/ui/button.js';
import { Spinner } from '#client/components/ui/spinner.js';
import { Textarea } from '#client/components/ui/textarea.js';
import { errorMessage } from '#client/lib/api.js';
import { sayTyping } from '#client/lib/live-typing.js';
import { useSendMessage } from './api.js';

/**
 * The chat input (spec sections 4 and 5): the content is trimmed, an empty one is not sent and
 * the button stays disabled; Enter sends, Shift+Enter adds a line; input and button are disabled
 * with a spinner while sending; the input clears on success. Issue 32: up to 5 files go with a
 * message, checked here before the upload (and by the server after it), with the upload's
 * progress and a Cancel button while it runs.
 */
export function MessageComposer({ bidId }: { bidId: number }) {
  const [draft, setDraft] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const uploadRef = useRef<AbortController | null>(null);
  const send = useSendMessage(bidId);
  const content = draft.trim();
  const isSending = send.isPending;
  const problem = attachmentProblem(files, attachmentLimits.perMessage);
  const canSend = (content.length > 0 || files.length > 0) && problem === null && !isSending;

  // The input was disabled while sending; give the focus back for the next message.
  const wasSending = useRef(false);
  useEffect(() => {
    if (wasSending.current && !isSending) inputRef.current?.focus();
    wasSending.current = isSending;
  }, [isSending]);

  const submit = () => {
    if (!canSend) return;
    setRefusal(null);
    const controller = files.length > 0 ? new AbortController() : null;
    uploadRef.current = controller;
    if (controller) setProgress(0);
    send.mutate(
      { content, files, onProgress: setProgress, signal: controller?.signal },
      {
        onSuccess: () => {
          setDraft('');
          setFiles([]);
        },
        // The server's refusal of a file stays beside the files it is about.
        onError: (error) => {
          if (files.length > 0 && !(error instanceof DOMException)) setRefusal(errorMessage(error, 'The files could not be sent'));
        },
        onSettled: () => {
          uploadRef.current = null;
          setProgress(null);
        },
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // isComposing: Enter that confirms an IME composition is not a send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    setFiles((current) => [...current, ...picked]);
    setRefusal(null);
    // The same file may be picked again after it was removed.
    event.target.value = '';
  };

  const shownProblem = problem ?? refusal;
  return (
    <form onSubmit={onSubmit} aria-label="Send a message" className="grid gap-2 border-t p-3">
      {files.length > 0 ? (
        <ul aria-label="Files to send" className="flex flex-wrap gap-2">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="flex max-w-full items-center gap-1 rounded-md border bg-muted/50 py-0.5 pr-0.5 pl-2 text-xs">
              <span className="truncate">{file.name}</span>
              <span className="shrink-0 text-muted-foreground">{formatFileSize(file.size)}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-6 shrink-0"
                disabled={isSending}
                onClick={() => setFiles((current) => current.filter((_, i) => i !== index))}
              >
                <X aria-hidden="true" />
                <span className="sr-only">Remove {file.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {shownProblem ? (
        <p role="alert" className="text-sm text-destructive">
          {shownProblem}
        </p>
      ) : null}
      {progress !== null ? (
        <div className="flex items-center gap-2 text-xs text-muted-foreground">
          <progress className="h-2 min-w-0 flex-1 accent-primary" value={progress} max={1} aria-label="Upload progress" />
          <span aria-live="polite">{Math.round(progress * 100)}%</span>
          <Button type="button" variant="outline" size="sm" onClick={() => uploadRef.current?.abort()}>
            Cancel upload
          </Button>
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        <input ref={fileInputRef} type="file" multiple accept={attachmentAccept} onChange={onPick} className="sr-only" tabIndex={-1} aria-hidden="true" />
        <Button type="button" variant="ghost" size="icon" aria-label="Attach files" disabled={isSending} onClick={() => fileInputRef.current?.click()}>
          <Paperclip aria-hidden="true" />
        </Button>
        <Textarea
          ref={inputRef}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            if (event.target.value.trim() !== '') sayTyping(bidId);
          }}
          onKeyDown={onKeyDown}
          placeholder="Type your message..."
          aria-label="Message"
          maxLength={chatLimits.messageMax}
          rows={1}
          disabled={isSending}
          className="max-h-32 min-h-10 resize-none"
        />
        <Button type="submit" size="icon" aria-label="Send message" disabled={!canSend}>
          {isSending ? <Spinner className="size-4 text-primary-foreground" label="Sending" /> : <SendHorizontal aria-hidden="true" />}
        </Button>
      </div>
    </form>
  );
}
