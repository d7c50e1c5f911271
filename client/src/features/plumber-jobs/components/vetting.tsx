import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import {
  insuranceLapsed,
  PLUMBER_MESSAGES,
  plumberOnboardingInput,
  type PlumberProfile,
} from '@shared/contracts/plumbers';
import { todayIn } from '@shared/dates';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { useNearbyCount } from '../api/get-nearby-count';
import { useSubmitOnboarding } from '../api/submit-onboarding';
import { COPY } from '../copy';
import { FormCard, InputField } from './form-card';

/** The contract's body plus the one rule that needs the app's clock: insurance that still covers today. */
const makeOnboardingFormSchema = (today: string) =>
  plumberOnboardingInput.refine((details) => !insuranceLapsed(details.insuranceExpiresOn, today), {
    path: ['insuranceExpiresOn'],
    error: PLUMBER_MESSAGES.insuranceExpired,
  });

/** Business name, license and insurance for an admin to verify; prefilled when the plumber resubmits. */
export function OnboardingForm({
  profile,
  timeZone,
  onDone,
  onCancel,
}: {
  profile: PlumberProfile;
  /** The app's time zone: "today" for the insurance date is the date on its clock. */
  timeZone: string;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const today = useMemo(() => todayIn(timeZone), [timeZone]);
  const schema = useMemo(() => makeOnboardingFormSchema(today), [today]);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      businessName: profile.businessName ?? '',
      licenseNumber: profile.licenseNumber ?? '',
      licenseState: profile.licenseState ?? '',
      insuranceExpiresOn: profile.insuranceExpiresOn ?? '',
    },
  });
  const mutation = useSubmitOnboarding({
    mutationConfig: {
      onSuccess: () => {
        toast({ title: COPY.onboarding.successTitle, description: COPY.onboarding.successDescription });
        onDone();
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: COPY.errorTitle,
          description: getErrorMessage(error, COPY.onboarding.failure),
        }),
    },
  });
  const { errors } = form.formState;
  const resubmitting = profile.vettingSubmittedAt !== null;

  return (
    <FormCard
      testId="card-onboarding"
      heading={resubmitting ? COPY.onboarding.resubmitHeading : COPY.onboarding.heading}
      intro={COPY.onboarding.intro}
      pending={mutation.isPending}
      onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      submitLabel={COPY.onboarding.submit}
      submitTestId="button-submit-onboarding"
      onCancel={onCancel}
      cancelLabel={COPY.onboarding.cancel}
    >
      <InputField
        id={`${id}-business`}
        label={COPY.onboarding.businessName}
        error={errors.businessName}
        autoComplete="organization"
        data-testid="input-business-name"
        registration={form.register('businessName')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id={`${id}-license`}
          label={COPY.onboarding.licenseNumber}
          error={errors.licenseNumber}
          data-testid="input-license-number"
          registration={form.register('licenseNumber')}
        />
        <InputField
          id={`${id}-state`}
          label={COPY.onboarding.licenseState}
          hint={COPY.onboarding.licenseStateHint}
          error={errors.licenseState}
          maxLength={2}
          autoCapitalize="characters"
          className="uppercase"
          data-testid="input-license-state"
          registration={form.register('licenseState')}
        />
      </div>
      <InputField
        id={`${id}-insurance`}
        label={COPY.onboarding.insuranceExpiresOn}
        hint={COPY.onboarding.insuranceHint}
        error={errors.insuranceExpiresOn}
        type="date"
        min={today}
        data-testid="input-insurance-expires-on"
        registration={form.register('insuranceExpiresOn')}
      />
    </FormCard>
  );
}

/**
 * Where a submitted, not yet verified plumber stands: under review (with how many jobs are already
 * near it) or not approved (with the admin's reason); either way it may update its details.
 */
export function VettingStatus({
  profile,
  timeZone,
  onUpdate,
}: {
  profile: PlumberProfile;
  timeZone: string;
  onUpdate: () => void;
}) {
  const id = useId();
  const rejected = profile.verificationStatus === 'rejected';
  const lapsed = insuranceLapsed(profile.insuranceExpiresOn, todayIn(timeZone));
  const Icon = rejected ? ShieldAlert : ShieldCheck;

  return (
    <Card
      className="mt-8"
      role="group"
      aria-labelledby={`${id}-title`}
      data-testid={rejected ? 'card-vetting-rejected' : 'card-vetting-pending'}
    >
      <CardHeader>
        <CardTitle as="h2" id={`${id}-title`} className="flex items-center gap-2">
          <Icon aria-hidden="true" className="size-5 shrink-0" />
          {rejected ? COPY.review.rejectedHeading : COPY.review.pendingHeading}
        </CardTitle>
        <CardDescription data-testid="text-vetting-message">
          {rejected ? PLUMBER_MESSAGES.rejected : PLUMBER_MESSAGES.notVerified}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {rejected && profile.rejectionReason && (
          <div className="rounded-md border border-destructive/50 bg-destructive/5 p-3 text-sm">
            <p className="font-semibold">{COPY.review.reasonLabel}</p>
            <p data-testid="text-rejection-reason">{profile.rejectionReason}</p>
          </div>
        )}
        {lapsed && profile.insuranceExpiresOn && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {COPY.review.insuranceLapsed(profile.insuranceExpiresOn)}
          </p>
        )}
        {profile.businessName && (
          <div className="text-sm text-muted-foreground">
            <p className="font-medium text-foreground">{profile.businessName}</p>
            <p>
              {COPY.review.details(
                profile.licenseNumber ?? '',
                profile.licenseState ?? '',
                profile.insuranceExpiresOn ?? '',
              )}
            </p>
          </div>
        )}
        {profile.hasLocation && <NearbyCount />}
        <div>
          <Button variant="outline" onClick={onUpdate} data-testid="button-update-onboarding">
            {COPY.review.update}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function NearbyCount() {
  const count = useNearbyCount();
  if (count.isError) return <p className="text-sm text-muted-foreground">{COPY.review.nearbyCountFailed}</p>;
  if (!count.data) return null;
  return (
    <p className="text-sm font-medium" data-testid="text-nearby-count">
      {COPY.review.nearbyCount(count.data.nearbyCount)}
    </p>
  );
}
