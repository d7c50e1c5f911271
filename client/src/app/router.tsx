import { lazy, Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ErrorBoundary } from './error-boundary';
import { HomePage } from './pages/home';

// Each page but the light landing page is its own chunk (docs/product.md#screens-and-routes routes): / renders without a second round trip.
const ServicesPage = lazy(() => import('./pages/services').then((m) => ({ default: m.ServicesPage })));
const DiagnosePage = lazy(() => import('./pages/diagnose').then((m) => ({ default: m.DiagnosePage })));
const BookPage = lazy(() => import('./pages/book').then((m) => ({ default: m.BookPage })));
const DashboardPage = lazy(() => import('./pages/dashboard').then((m) => ({ default: m.DashboardPage })));
const AdminPage = lazy(() => import('./pages/admin').then((m) => ({ default: m.AdminPage })));
const VerifyEmailPage = lazy(() =>
  import('./pages/verify-email').then((m) => ({ default: m.VerifyEmailPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('./pages/forgot-password').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./pages/reset-password').then((m) => ({ default: m.ResetPasswordPage })),
);
const ConfirmBookingPage = lazy(() =>
  import('./pages/confirm-booking').then((m) => ({ default: m.ConfirmBookingPage })),
);
const JobRoomPage = lazy(() => import('./pages/job-room').then((m) => ({ default: m.JobRoomPage })));
const AccountPage = lazy(() => import('./pages/account').then((m) => ({ default: m.AccountPage })));
const NotFoundPage = lazy(() => import('./pages/not-found').then((m) => ({ default: m.NotFoundPage })));

function PageFallback() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner className="size-8 text-primary" label="Loading page" />
    </div>
  );
}

export function AppRouter() {
  const [location] = useLocation();

  return (
    <ErrorBoundary resetKey={location}>
      <Suspense fallback={<PageFallback />}>
        <Switch>
          <Route path={paths.home} component={HomePage} />
          <Route path={paths.services} component={ServicesPage} />
          <Route path={paths.diagnose} component={DiagnosePage} />
          <Route path={paths.book} component={BookPage} />
          <Route path={paths.dashboard} component={DashboardPage} />
          <Route path={paths.admin} component={AdminPage} />
          <Route path={paths.account} component={AccountPage} />
          <Route path={paths.jobRoom} component={JobRoomPage} />
          <Route path={paths.verifyEmail} component={VerifyEmailPage} />
          <Route path={paths.forgotPassword} component={ForgotPasswordPage} />
          <Route path={paths.resetPassword} component={ResetPasswordPage} />
          <Route path={paths.confirmBooking} component={ConfirmBookingPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </ErrorBoundary>
  );
}
