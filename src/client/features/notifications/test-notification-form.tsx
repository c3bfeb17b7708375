import { type FormEvent, useState } from 'react';
import { createTestNotificationSchema } from '#shared/contracts/notifications.schemas.js';
import { type NotificationType, testPanelNotificationTypes } from '#shared/domain/notification-types.js';
import { notificationLimits } from '#shared/domain/limits.js';
import { Button } from '#client/components/ui/button.js';
import { FormField } from '#client/components/ui/form-field.js';
import { Input } from '#client/components/ui/input.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#client/components/ui/select.js';
import { Spinner } from '#client/components/ui/spinner.js';
import { Textarea } from '#client/components/ui/textarea.js';
import { useCreateTestNotification } from './api.js';

/** What the panel sends besides userId and isRead; the contract's own rules check it (title and content required, relatedId numeric). */
const panelSchema = createTestNotificationSchema.pick({ title: true, content: true, type: true, relatedId: true });

interface Draft {
  title: string;
  content: string;
  type: NotificationType;
  relatedId: string;
}

type Errors = Partial<Record<keyof Draft, string>>;

const emptyDraft: Draft = { title: '', content: '', type: 'notification', relatedId: '' };

/** The test notification panel's form (spec section 2): it notifies the signed-in user, whose live toast then shows it. */
export function TestNotificationForm({ userId }: { userId: number }) {
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [errors, setErrors] = useState<Errors>({});
  const [createdTitle, setCreatedTitle] = useState<string | null>(null);
  const create = useCreateTestNotification(userId);

  const update = <K extends keyof Draft>(name: K, value: Draft[K]) => {
    setDraft((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => ({ ...previous, [name]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = panelSchema.safeParse({ ...draft, relatedId: draft.relatedId.trim() });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as keyof Draft;
        found[name] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setCreatedTitle(null);
    create.mutate(parsed.data, {
      onSuccess: (notification) => {
        setDraft(emptyDraft);
        setCreatedTitle(notification.title);
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Create test notification" className="grid gap-5">
      <FormField id="test-notification-title" label="Title" error={errors.title}>
        {(describedBy) => (
          <Input
            id="test-notification-title"
            value={draft.title}
            onChange={(event) => update('title', event.target.value)}
            maxLength={notificationLimits.titleMax}
            aria-invalid={Boolean(errors.title)}
            aria-describedby={describedBy}
          />
        )}
      </FormField>
      <FormField id="test-notification-content" label="Content" error={errors.content}>
        {(describedBy) => (
          <Textarea
            id="test-notification-content"
            value={draft.content}
            onChange={(event) => update('content', event.target.value)}
            maxLength={notificationLimits.contentMax}
            aria-invalid={Boolean(errors.content)}
            aria-describedby={describedBy}
          />
        )}
      </FormField>
      <FormField id="test-notification-type" label="Type" error={errors.type}>
        {(describedBy) => (
          <Select value={draft.type} onValueChange={(value) => update('type', value as NotificationType)}>
            <SelectTrigger id="test-notification-type" aria-describedby={describedBy}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {testPanelNotificationTypes.map((type) => (
                <SelectItem key={type} value={type}>
                  {type}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
      <FormField
        id="test-notification-related-id"
        label="Related ID (optional)"
        error={errors.relatedId}
        hint="A project id, or a message id for the message type."
      >
        {(describedBy) => (
          <Input
            id="test-notification-related-id"
            inputMode="numeric"
            value={draft.relatedId}
            onChange={(event) => update('relatedId', event.target.value)}
            aria-invalid={Boolean(errors.relatedId)}
            aria-describedby={describedBy}
          />
        )}
      </FormField>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Spinner className="size-4 text-primary-foreground" label="Creating" /> : null}
          Create Notification
        </Button>
        {createdTitle !== null ? (
          <p role="status" className="text-sm text-muted-foreground">
            Notification created: {createdTitle}
          </p>
        ) : null}
      </div>
    </form>
  );
}
