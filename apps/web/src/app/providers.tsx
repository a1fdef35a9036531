import { CssBaseline, ThemeProvider, createTheme, type Theme } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { LoadingScreen } from '../components/ui/loading-screen';
import { SessionProvider } from '../entities/session/session-context';
import { ApiRequestError } from '../lib/api-client';

const Toasts = lazy(async () => ({ default: (await import('../components/ui/toasts')).Toasts }));

/** The app's theme. */
const makeTheme = () =>
  createTheme({
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

const themes = new Map<boolean | undefined, Theme>();

/**
 * The theme of a page, made on first use and kept (each costs a phone ≈ 30 ms of main thread: made
 * in a task of its own at start-up, not while the entry module is evaluated).
 * On a page the server rendered (`smallScreen` given), media queries answer what the server assumed
 * (`smallScreen`, from the browser's User-Agent) while the page hydrates, so that the first render
 * matches the server's HTML; the real answer follows at once. Elsewhere media queries answer at once.
 * @param smallScreen whether the server rendered for a small screen; undefined for a page it did not render
 */
export function pageTheme(smallScreen?: boolean): Theme {
  let theme = themes.get(smallScreen);
  if (!theme) {
    theme =
      smallScreen === undefined
        ? makeTheme()
        : createTheme(pageTheme(), {
            components: { MuiUseMediaQuery: { defaultProps: { ssrMatchMedia: () => ({ matches: smallScreen }) } } },
          });
    themes.set(smallScreen, theme);
  }
  return theme;
}

/** Query client: no retry on 4xx (the answer will not change), one retry on network or 5xx. */
export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, err) => !(err instanceof ApiRequestError && err.status >= 400 && err.status < 500) && count < 1,
        refetchOnWindowFocus: false,
        // Offline, the first try still goes out: the service worker answers what it keeps.
        networkMode: 'offlineFirst',
      },
    },
  });
}

interface AppProvidersProps {
  children: ReactNode;
  /** The data cache to use (a server render's, or one holding what the server sent); a new one by default. */
  queryClient?: QueryClient;
  /** On a server-rendered page: whether the server rendered for a small screen (see `pageTheme`). */
  smallScreen?: boolean;
  /** A page drawn by the server for a visitor with a session (docs/adr/0048): see `SessionProvider`. */
  signedIn?: boolean;
}

/** App-wide providers: theme, data cache, session, toasts (top-right, 5000 ms, close on click: spec §8). */
export function AppProviders({ children, queryClient: given, smallScreen, signedIn }: AppProvidersProps) {
  const [queryClient] = useState(() => given ?? makeQueryClient());
  // `<html data-app="ready">` once the app runs the page: on a server-rendered page, from then on its
  // buttons respond (before, only its links do). End-to-end tests wait for it before pressing buttons.
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return (
    <ThemeProvider theme={pageTheme(smallScreen)}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<LoadingScreen />}>
          <SessionProvider signedIn={signedIn}>{children}</SessionProvider>
        </Suspense>
      </QueryClientProvider>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </ThemeProvider>
  );
}
