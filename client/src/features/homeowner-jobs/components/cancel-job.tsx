import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { useCancelJob } from '../api/cancel-job';
import { COPY } from '../copy';

/** Withdraw a job that no quote has been accepted for, after a confirmation. */
export function CancelJob({ jobId }: { jobId: string }) {
  const [confirming, setConfirming] = useState(false);
  const cancelMutation = useCancelJob({
    mutationConfig: {
      onSuccess: () => toast({ title: COPY.cancelSuccessTitle, description: COPY.cancelSuccessDescription }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: COPY.errorTitle,
          description: getErrorMessage(error, COPY.cancelFailure),
        }),
      onSettled: () => setConfirming(false),
    },
  });

  if (!confirming) {
    return (
      <div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => setConfirming(true)}
          data-testid="button-cancel-job"
        >
          {COPY.cancelJob}
        </Button>
      </div>
    );
  }

  return (
    <div
      role="group"
      aria-label={COPY.cancelJob}
      className="flex flex-col gap-2 rounded-md border p-3 sm:flex-row sm:items-center"
    >
      <p className="text-sm sm:flex-1">{COPY.cancelConfirm}</p>
      <div className="flex gap-2">
        <Button
          variant="destructive"
          size="sm"
          disabled={cancelMutation.isPending}
          aria-busy={cancelMutation.isPending}
          onClick={() => cancelMutation.mutate({ jobId })}
          data-testid="button-confirm-cancel-job"
        >
          {cancelMutation.isPending && <Spinner />}
          {COPY.cancelYes}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={cancelMutation.isPending}
          onClick={() => setConfirming(false)}
        >
          {COPY.cancelNo}
        </Button>
      </div>
    </div>
  );
}
