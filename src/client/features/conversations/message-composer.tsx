import { SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { chatLimits } from '#shared/domain/limits.js';
import { Button } from '#client/components/ui/button.js';
import { Spinner } from '#client/components/ui/spinner.js';
import { Textarea } from '#client/components/ui/textarea.js';
import { sayTyping } from '#client/lib/live-typing.js';
import { useSendMessage } from './api.js';

/**
 * The chat input (spec sections 4 and 5): the content is trimmed, an empty one is not sent and
 * the button stays disabled; Enter sends, Shift+Enter adds a line; input and button are disabled
 * with a spinner while sending; the input clears on success.
 */
export function MessageComposer({ bidId }: { bidId: number }) {
  const [draft, setDraft] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const send = useSendMessage(bidId);
  const content = draft.trim();
  const isSending = send.isPending;
  const canSend = content.length > 0 && !isSending;

  // The input was disabled while sending; give the focus back for the next message.
  const wasSending = useRef(false);
  useEffect(() => {
    if (wasSending.current && !isSending) inputRef.current?.focus();
    wasSending.current = isSending;
  }, [isSending]);

  const submit = () => {
    if (!canSend) return;
    send.mutate(content, { onSuccess: () => setDraft('') });
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

  return (
    <form onSubmit={onSubmit} aria-label="Send a message" className="flex items-end gap-2 border-t p-3">
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
    </form>
  );
}
