import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/**
 * The one query cache of the page. Only the screens under the console layout fetch through
 * TanStack Query, so the layout provides it and the login screen does not load it; the client
 * lives as long as the page, as before, whichever layout instance renders it.
 */
const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already toasts every failure; a retry would toast it again.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
    mutations: { retry: false },
  },
});

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
