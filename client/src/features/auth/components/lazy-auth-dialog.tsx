import { Component, lazy, Suspense, useState, type ErrorInfo, type ReactNode } from 'react';
import { toast } from '@/components/ui/use-toast';
import type { AuthDialogProps } from './auth-dialog';

/**
 * The auth dialog carries the form stack (react-hook-form, the zod resolver, the shared auth schemas,
 * the dialog primitive). A visitor who never opens it should not download it, so the shell renders
 * this wrapper: nothing until the first opening, then the real dialog from its own chunk.
 */
const loadAuthDialog = () => import('./auth-dialog');

const createLazyDialog = () =>
  lazy(() => loadAuthDialog().then((module) => ({ default: module.AuthDialog })));

/** Starts downloading the dialog early (e.g. when the pointer reaches the Log In button). */
export function preloadAuthDialog(): void {
  loadAuthDialog().catch(() => {
    // A failed preload is retried by the real load on opening.
  });
}

export function LazyAuthDialog(props: AuthDialogProps) {
  const [requested, setRequested] = useState(props.open);
  // A fresh lazy component after a failed load, so the next opening tries the network again.
  const [Dialog, setDialog] = useState(createLazyDialog);
  if (props.open && !requested) setRequested(true);
  if (!requested) return null;

  const handleLoadError = () => {
    toast({
      variant: 'destructive',
      title: 'Error',
      description: 'Could not open the sign-in form. Check your connection and try again.',
    });
    props.onOpenChange(false);
    setRequested(false);
    setDialog(createLazyDialog);
  };

  return (
    <LoadErrorBoundary onError={handleLoadError}>
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    </LoadErrorBoundary>
  );
}

class LoadErrorBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(_error: Error, _info: ErrorInfo) {
    this.props.onError();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
