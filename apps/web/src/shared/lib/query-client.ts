import { QueryClient } from '@tanstack/react-query';

/**
 * The server-state cache of the signed-in pages (provided by the basic layout, so the login
 * bundle does not carry it).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The HTTP client already shows failures; retrying a 401/403 would only repeat them.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
