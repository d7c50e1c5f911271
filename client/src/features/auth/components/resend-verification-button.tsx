import { Button, type ButtonProps } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { useResendVerification } from '../api/resend-verification';
import { ACCOUNT_COPY } from '../copy';

/** Mails the logged-in user a new verification link and says how it went in a toast (429 included). */
export function ResendVerificationButton({
  email,
  children,
  ...buttonProps
}: Omit<ButtonProps, 'onClick'> & { email: string }) {
  const resend = useResendVerification({
    mutationConfig: {
      onSuccess: () => {
        toast({ title: ACCOUNT_COPY.resend.successTitle, description: ACCOUNT_COPY.resend.success(email) });
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: getErrorMessage(error, ACCOUNT_COPY.resend.failure),
        });
      },
    },
  });

  return (
    <Button
      {...buttonProps}
      disabled={resend.isPending}
      aria-busy={resend.isPending}
      onClick={() => resend.mutate()}
    >
      {resend.isPending && <Spinner />}
      {children}
    </Button>
  );
}
