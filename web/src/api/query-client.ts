import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client.ts';
import i18next from '../i18n/index.ts';

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

// The server answers in the page's language (reference names, notifications, messages): what was
// read in the other language is read again.
i18next.on('languageChanged', () => void queryClient.invalidateQueries());
