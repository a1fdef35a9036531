import type { DehydratedState } from '@tanstack/react-query';
import { createContext, use } from 'react';

/**
 * What a server render of a page (`ssr/render-page.tsx`) tells the components, and what it
 * learns from them while rendering. Absent in the browser.
 */
export interface ServerRender {
  /** The site's origin (`https://example.org`) for absolute links (hreflang alternates). */
  origin: string;
  /** The page's title, as `usePageTitle` sets it in the browser. */
  title: string;
}

export const ServerRenderContext = createContext<ServerRender | null>(null);

/** The server render in progress, or null in the browser. */
export const useServerRender = (): ServerRender | null => use(ServerRenderContext);

/** The site's origin: the window's, or the server render's. */
export function useSiteOrigin(): string {
  return useServerRender()?.origin ?? window.location.origin;
}

/** What the server sent with a page it rendered (`#mm-ssr`, written by the server's `serverRenderedHtml`). */
export interface ServerRenderedState {
  /** TanStack Query's dehydrated cache: the data the page was rendered with. */
  queries: DehydratedState;
  /** Whether the page was rendered for a small screen (the header's layout). */
  smallScreen: boolean;
}

/** The state of a server-rendered page, or undefined (a page drawn in the browser, unreadable JSON). */
export function serverRenderedState(doc: Document = document): ServerRenderedState | undefined {
  const text = doc.getElementById('mm-ssr')?.textContent;
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as Partial<ServerRenderedState>;
    return parsed.queries && typeof parsed.smallScreen === 'boolean'
      ? { queries: parsed.queries, smallScreen: parsed.smallScreen }
      : undefined;
  } catch {
    return undefined;
  }
}
