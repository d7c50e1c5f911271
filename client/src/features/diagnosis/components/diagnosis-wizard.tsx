import { zodResolver } from '@hookform/resolvers/zod';
import { Suspense, lazy, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { DiagnosisResponse } from '@shared/contracts/diagnosis';
import { Card, CardContent } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { useCreateDiagnosis } from '../api/create-diagnosis';
import { COPY } from '../copy';
import { usePhotoSelection } from '../hooks/use-photo-selection';
import { refusedPhotos } from '../utils/photo-check';
import { DescribeStep } from './describe-step';
import type { DiagnosisRequestSummary } from './diagnosis-result';
import { PhotosStep } from './photos-step';
import { WizardProgress } from './wizard-progress';
import {
  DIAGNOSIS_FORM_DEFAULTS,
  diagnosisFormSchema,
  type DiagnosisForm,
  type DiagnosisFormOutput,
  type DiagnosisFormValues,
} from './wizard-form';

type Step = 1 | 2 | 3 | 4;

// Steps 3 and 4 bring the select menu and the result screen: a phone opening /diagnose loads them
// only once the homeowner has moved past the description (loading starts on step 2).
const loadDetailsStep = () => import('./details-step');
const loadDiagnosisResult = () => import('./diagnosis-result');
const DetailsStep = lazy(() => loadDetailsStep().then((module) => ({ default: module.DetailsStep })));
const DiagnosisResult = lazy(() =>
  loadDiagnosisResult().then((module) => ({ default: module.DiagnosisResult })),
);

/**
 * The /diagnose wizard (docs/product.md#screens-and-routes "Diagnose"): 1 describe → 2 photos → 3 details → 4 result.
 * Step 1 → 2 needs a description of at least 10 characters; 2 → 3 is free; Back is always allowed;
 * a successful submit shows the result; 'New Diagnosis' clears everything and returns to step 1.
 */
export function DiagnosisWizard() {
  const [step, setStep] = useState<Step>(1);
  // Headings take focus on every step change, but not when the page first loads.
  const [navigated, setNavigated] = useState(false);
  const [outcome, setOutcome] = useState<{
    diagnosis: DiagnosisResponse;
    request: DiagnosisRequestSummary;
  } | null>(null);
  const photos = usePhotoSelection();

  const form: DiagnosisForm = useForm<DiagnosisFormValues, unknown, DiagnosisFormOutput>({
    resolver: zodResolver(diagnosisFormSchema),
    defaultValues: DIAGNOSIS_FORM_DEFAULTS,
  });

  const goTo = (next: Step) => {
    if (next > 1) void Promise.all([loadDetailsStep(), loadDiagnosisResult()]);
    setNavigated(true);
    setStep(next);
  };

  const diagnosisMutation = useCreateDiagnosis({
    mutationConfig: {
      onSuccess: (diagnosis, request) => {
        setOutcome({ diagnosis, request: { description: request.description, urgency: request.urgency } });
        goTo(4);
        toast({ title: COPY.successTitle, description: COPY.successDescription });
      },
      onError: (error) => {
        // Photos the server refused are handled where the request is sent (submit).
        if (refusedPhotos(error)) return;
        toast({ variant: 'destructive', title: COPY.failureTitle, description: COPY.failureDescription });
      },
    },
  });
  const pending = diagnosisMutation.isPending;

  const nextFromDescription = async () => {
    const valid = await form.trigger('description', { shouldFocus: true });
    if (!valid) {
      toast({
        variant: 'destructive',
        title: COPY.descriptionRequiredTitle,
        description: COPY.descriptionRequiredToast,
      });
      return;
    }
    goTo(2);
  };

  const submit = form.handleSubmit((values) => {
    if (pending) return;
    // Never sent while a photo is too dark or too blurred: it goes back to be replaced or removed.
    if (photos.hasUnusable) {
      goTo(2);
      return;
    }
    const sent = photos.photos;
    diagnosisMutation.mutate(
      { ...values, imageUrls: sent.map((photo) => photo.dataUrl) },
      {
        onError: (error) => {
          const refused = refusedPhotos(error);
          if (!refused) return;
          // The server's own check refused photos the device let through: back to them, each marked
          // (the server names them by their place in the request).
          photos.markUnusable(
            refused.flatMap(({ index, problem }) => (sent[index] ? [{ id: sent[index].id, problem }] : [])),
          );
          goTo(2);
          toast({
            variant: 'destructive',
            title: COPY.photoRefusedTitle,
            description: getErrorMessage(error, COPY.photosNeedAttention),
          });
        },
      },
    );
  });

  const reset = () => {
    form.reset(DIAGNOSIS_FORM_DEFAULTS);
    photos.clear();
    diagnosisMutation.reset();
    setOutcome(null);
    goTo(1);
  };

  return (
    <Card data-wizard className="mx-auto mt-8 w-full max-w-3xl scroll-mt-20">
      <CardContent className="grid gap-8 p-4 pt-6 sm:p-8">
        {step < 4 && <WizardProgress step={step} />}

        {step === 4 && outcome ? (
          <Suspense fallback={null}>
            <DiagnosisResult
              diagnosis={outcome.diagnosis}
              request={outcome.request}
              focusOnMount={navigated}
              onReset={reset}
            />
          </Suspense>
        ) : (
          <form noValidate aria-busy={pending} onSubmit={submit} aria-label="AI diagnosis">
            {step === 1 && <DescribeStep form={form} focusOnMount={navigated} onNext={nextFromDescription} />}
            {step === 2 && (
              <PhotosStep
                selection={photos}
                focusOnMount={navigated}
                onBack={() => goTo(1)}
                onNext={() => goTo(3)}
              />
            )}
            {step === 3 && (
              <Suspense fallback={null}>
                <DetailsStep
                  form={form}
                  focusOnMount={navigated}
                  pending={pending}
                  serverMessage={
                    // Refused photos are shown beside each photo on step 2, not here.
                    diagnosisMutation.error && !refusedPhotos(diagnosisMutation.error)
                      ? getErrorMessage(diagnosisMutation.error, '')
                      : undefined
                  }
                  onBack={() => goTo(2)}
                />
              </Suspense>
            )}
          </form>
        )}
      </CardContent>
    </Card>
  );
}
