import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AppSnackbar } from '@/shared/ui/snackbar/app-snackbar';
import { theme } from './theme';

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
        <AppSnackbar />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
