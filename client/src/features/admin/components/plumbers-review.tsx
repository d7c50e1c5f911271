import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { rejectPlumberInput, type AdminPlumber } from '@shared/contracts/admin';
import { formatPostedDate } from '@shared/job-display';
import { Button } from '@/components/ui/button';
import { CardContent, ListCard } from '@/components/ui/card';
import { FormActions } from '@/components/ui/form-actions';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { useDecidePlumber } from '../api/decide-plumber';
import { useAdminPlumbers } from '../api/get-admin-plumbers';
import { ADMIN_COPY } from '../copy';
import { TextareaField } from '@/components/ui/textarea-field';

const COPY = ADMIN_COPY.plumbers;

/** The Plumbers tab: the queue of plumbers waiting for review, each with Verify and Reject. */
export function PlumbersReview() {
  const queue = useAdminPlumbers({ status: 'pending' });

  if (queue.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {ADMIN_COPY.listFailed} {getErrorMessage(queue.error, '')}
      </p>
    );
  }
  if (!queue.data) {
    return (
      <div className="grid gap-4" role="status">
        <span className="sr-only">{COPY.loading}</span>
        <Skeleton className="h-36 w-full" />
        <Skeleton className="h-36 w-full" />
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <p className="text-muted-foreground">{COPY.intro}</p>
      {queue.data.length === 0 ? (
        <p className="py-6 text-center text-muted-foreground" data-testid="text-no-pending-plumbers">
          {COPY.empty}
        </p>
      ) : (
        <ul className="grid gap-4">
          {queue.data.map((plumber) => (
            <li key={plumber.id}>
              <PlumberReviewCard plumber={plumber} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PlumberReviewCard({ plumber }: { plumber: AdminPlumber }) {
  const id = useId();
  const [rejecting, setRejecting] = useState(false);
  const business = plumber.businessName ?? COPY.unnamed;
  const decision = useDecidePlumber({
    mutationConfig: {
      onSuccess: (decided) =>
        toast(
          decided.verificationStatus === 'verified'
            ? { title: COPY.verifiedTitle, description: COPY.verifiedDescription(business) }
            : { title: COPY.rejectedTitle, description: COPY.rejectedDescription(business) },
        ),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: COPY.errorTitle,
          description: getErrorMessage(error, COPY.failure),
        }),
    },
  });

  return (
    <ListCard
      titleId={`${id}-title`}
      title={business}
      data-testid={`card-review-${plumber.id}`}
      meta={
        <p className="text-sm text-muted-foreground">
          {COPY.account(plumber.name ?? COPY.unnamed, plumber.email)}
        </p>
      }
    >
      <CardContent className="grid gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        <ul className="grid gap-1 text-sm">
          <li>{COPY.license(plumber.licenseNumber ?? '', plumber.licenseState ?? '')}</li>
          <li>{COPY.insurance(plumber.insuranceExpiresOn ?? '')}</li>
          <li>{plumber.serviceArea ? COPY.area(plumber.serviceArea) : COPY.noArea}</li>
          {plumber.submittedAt && <li>{COPY.submitted(formatPostedDate(plumber.submittedAt))}</li>}
        </ul>
        {rejecting ? (
          <RejectForm
            pending={decision.isPending}
            onReject={(reason) => decision.mutate({ plumberId: plumber.id, verified: false, reason })}
            onCancel={() => setRejecting(false)}
          />
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={decision.isPending}
              onClick={() => decision.mutate({ plumberId: plumber.id, verified: true })}
              data-testid={`button-verify-${plumber.id}`}
            >
              {COPY.verify}
            </Button>
            <Button
              variant="outline"
              disabled={decision.isPending}
              onClick={() => setRejecting(true)}
              data-testid={`button-reject-${plumber.id}`}
            >
              {COPY.reject}
            </Button>
          </div>
        )}
      </CardContent>
    </ListCard>
  );
}

function RejectForm({
  pending,
  onReject,
  onCancel,
}: {
  pending: boolean;
  onReject: (reason: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const form = useForm({ resolver: zodResolver(rejectPlumberInput), defaultValues: { reason: '' } });
  return (
    <form
      noValidate
      aria-busy={pending}
      onSubmit={form.handleSubmit(({ reason }) => onReject(reason))}
      className="grid gap-3"
    >
      <TextareaField
        form={form}
        id={`${id}-reason`}
        name="reason"
        label={COPY.reason}
        hint={COPY.reasonHint}
        maxLength={500}
        testId="input-rejection-reason"
      />
      <FormActions
        pending={pending}
        submitLabel={COPY.confirmReject}
        submitTestId="button-confirm-reject"
        onCancel={onCancel}
        cancelLabel={COPY.cancel}
      />
    </form>
  );
}
