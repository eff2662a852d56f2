import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { createQueryClient } from './query-client';

type AppProvidersProps = {
  children: ReactNode;
  /** Tests pass their own client; the app creates one for its lifetime. */
  queryClient?: QueryClient;
};

/** Where the toasts start: below the header (its one row is 4 rem high; two rows at narrow widths stay clear too). */
const TOASTS_TOP = '8.5rem';

export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [defaultClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient ?? defaultClient}>
      {children}
      {/* Below the sticky header: at the top they covered the navigation tabs (issue 13). */}
      <Toaster richColors position="top-right" offset={{ top: TOASTS_TOP, right: 24 }} closeButton />
    </QueryClientProvider>
  );
}
