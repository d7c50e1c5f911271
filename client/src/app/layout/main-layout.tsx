import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Footer } from './footer';
import { Header } from './header';

export const MAIN_CONTENT_ID = 'main-content';

export function MainLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();

  // A new page starts at the top, as it would with full page loads.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to main content
      </a>
      <Header />
      {/* At least a screen tall (less the 4rem header): while a page's chunk loads, the footer waits below
          the fold instead of flashing into view and jumping down (a layout shift). */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 outline-none">
        {children}
      </main>
      <Footer />
    </div>
  );
}
