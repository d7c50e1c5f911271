import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ThemeProvider } from '@/features/theme/components/theme-provider';
import { createQueryClient } from '@/lib/react-query';

// The toast viewport (Radix Toast) loads just after the first paint, off the critical path; toasts
// raised before it arrives are kept in the toast store and shown when it mounts.
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);

  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
