import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Contract errors (4xx) are answers, not glitches: retrying them only repeats the alert.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
    },
  },
});
