import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from '@/shared/api/api-error';
import { notify } from '@/shared/ui/snackbar/snackbar-store';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // Client errors will not get better by asking again.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      // A failed read shows the server's message in the error snackbar.
      onError: (error) => notify.error(errorMessage(error, 'Error')),
    }),
    // Mutations report through the snackbar pattern of their caller (notify.run).
    mutationCache: new MutationCache(),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
