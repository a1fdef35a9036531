import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { LoadingScreen } from '../components/ui/loading-screen';
import { SessionProvider } from '../entities/session/session-context';
import { ApiRequestError } from '../lib/api-client';

const Toasts = lazy(async () => ({ default: (await import('../components/ui/toasts')).Toasts }));

const theme = createTheme({
  palette: {
    primary: { main: '#b34700', contrastText: '#ffffff' },
    secondary: { main: '#2e3b2f', contrastText: '#ffffff' },
    background: { default: '#fbf8f3' },
  },
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  components: {
    MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
    // Subtitles are styled text (result counts), not h6 headings out of order; a subtitle that is a
    // heading says so with `component="h3"` etc.
    MuiTypography: { defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } } },
  },
});

/** Query client: no retry on 4xx (the answer will not change), one retry on network or 5xx. */
function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, err) => !(err instanceof ApiRequestError && err.status >= 400 && err.status < 500) && count < 1,
        refetchOnWindowFocus: false,
        // Offline, the first try still goes out: the service worker answers what it keeps (issue 15).
        networkMode: 'offlineFirst',
      },
    },
  });
}

/** App-wide providers: theme, data cache, session, toasts (top-right, 5000 ms, close on click: spec §8). */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<LoadingScreen />}>
          <SessionProvider>{children}</SessionProvider>
        </Suspense>
      </QueryClientProvider>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </ThemeProvider>
  );
}
