import { Suspense, lazy, useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-user';
import { Footer } from './footer';
import { Header } from './header';

export const MAIN_CONTENT_ID = 'main-content';

// Only an unverified, logged-in user sees it: nobody else downloads it.
const VerifyEmailBanner = lazy(() =>
  import('@/features/auth/components/verify-email-banner').then((module) => ({
    default: module.VerifyEmailBanner,
  })),
);

// A logged-in page listens for live events (the bell, job rooms and lists stay current); a visitor
// never downloads the listener.
const LiveEvents = lazy(() => import('./logged-in').then((module) => ({ default: module.LiveEvents })));

export function MainLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const { data: user } = useUser();
  // Not while /verify-email is answering that very question.
  const showVerifyBanner = user && !user.emailVerified && location !== paths.verifyEmail;

  // A new page starts at the top, as it would with full page loads. Not on arrival: a prerendered
  // page may already have been scrolled while the scripts loaded, and the browser places a fresh load.
  const shownLocation = useRef(location);
  useEffect(() => {
    if (shownLocation.current === location) return;
    shownLocation.current = location;
    window.scrollTo(0, 0);
  }, [location]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4 print:hidden"
      >
        Skip to main content
      </a>
      <Header />
      {/* At least a screen tall (less the 4rem header): while a page's chunk loads, the footer waits below
          the fold instead of flashing into view and jumping down (a layout shift). */}
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="min-h-[calc(100dvh-4rem)] flex-1 outline-none print:min-h-0"
      >
        {showVerifyBanner && (
          <div className="print:hidden">
            <Suspense fallback={null}>
              <VerifyEmailBanner />
            </Suspense>
          </div>
        )}
        {children}
      </main>
      {/* A printed page (a job's receipt) is the page's content alone. */}
      <div className="print:hidden">
        <Footer />
      </div>
      {user && (
        <Suspense fallback={null}>
          <LiveEvents key={user.id} user={user} />
        </Suspense>
      )}
    </div>
  );
}
