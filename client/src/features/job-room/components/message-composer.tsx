import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useId, type KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { MESSAGE_MAX_LENGTH } from '@shared/constants';
import { MESSAGE_MESSAGES, postMessageInput } from '@shared/contracts/messages';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-client';
import { usePostJobMessage } from '../api/post-job-message';
import { COPY } from '../copy';

/**
 * Writes in one thread. `plumberId` names the thread for the homeowner; a plumber writes in his own
 * without it. Closed threads (the job went to another plumber, or was cancelled) take no new message.
 * A refusal from the server is shown on the field.
 */
export function MessageComposer({
  jobId,
  plumberId,
  partnerName,
  open,
}: {
  jobId: string;
  plumberId?: string;
  partnerName: string;
  open: boolean;
}) {
  const id = useId();
  // Label, counter and error are laid out here rather than with FormField: the job room would be
  // the only user of FormField without Input, and the bundler would then move it into a chunk of its
  // own that /book also loads (docs/performance.md, /book's budget).
  const fieldId = `${id}-body`;
  const counterId = `${id}-count`;
  const errorId = `${id}-error`;
  const form = useForm({ resolver: zodResolver(postMessageInput), defaultValues: { body: '' } });
  const body = useWatch({ control: form.control, name: 'body' }) ?? '';
  const mutation = usePostJobMessage({
    mutationConfig: {
      // The message itself, appearing in the thread, says it was sent.
      onSuccess: () => form.reset({ body: '' }),
      onError: (error) =>
        form.setError(
          'body',
          { message: getErrorMessage(error, COPY.messages.sendFailure) },
          { shouldFocus: true },
        ),
    },
  });

  const submit = form.handleSubmit(({ body: text }) =>
    mutation.mutate({ jobId, body: text, ...(plumberId ? { plumberId } : {}) }),
  );
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };
  const disabled = !open || mutation.isPending;
  const error = form.formState.errors.body?.message;

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-busy={mutation.isPending}
      className="grid gap-2"
      data-testid="form-message"
    >
      {!open && (
        <p
          className="rounded-md border bg-muted/40 p-3 text-sm text-muted-foreground"
          data-testid="text-thread-closed"
        >
          {MESSAGE_MESSAGES.threadClosed}
        </p>
      )}
      <Label htmlFor={fieldId}>{COPY.messages.composerLabel(partnerName)}</Label>
      <Textarea
        id={fieldId}
        placeholder={COPY.messages.placeholder}
        maxLength={MESSAGE_MAX_LENGTH}
        rows={3}
        className="min-h-20"
        disabled={!open}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${counterId} ${errorId}` : counterId}
        onKeyDown={onKeyDown}
        data-testid="input-message"
        {...form.register('body')}
      />
      <p id={counterId} className="text-xs text-muted-foreground" data-testid="text-message-counter">
        {COPY.messages.counter(body.length, MESSAGE_MAX_LENGTH)}
      </p>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <div className="flex items-center justify-between gap-2">
        <p className="hidden text-xs text-muted-foreground sm:block">{COPY.messages.sendHint}</p>
        <Button
          type="submit"
          disabled={disabled}
          aria-busy={mutation.isPending}
          className="ml-auto"
          data-testid="button-send-message"
        >
          {mutation.isPending ? <Spinner /> : <Send aria-hidden="true" />}
          {COPY.messages.send}
        </Button>
      </div>
    </form>
  );
}
