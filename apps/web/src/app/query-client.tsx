import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSessionStore } from '../stores/session';

/**
 * The one query cache of the page. Only the screens under the console layout fetch through
 * TanStack Query, so the layout provides it and the login screen does not load it; the client
 * lives as long as the page, as before, whichever layout instance renders it.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already toasts every failure; a retry would toast it again.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
    mutations: { retry: false },
  },
});

// The cache belongs to one session: what one operator loaded must not show, even for a moment,
// to whoever works in this tab next. Every end or change of the session changes the token:
// logout, expiry, a login (as anyone), and another tab's login or logout (the storage event).
useSessionStore.subscribe((state, prev) => {
  if (state.token !== prev.token) queryClient.clear();
});

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
