import type { Db } from '../../db/client';
import { pageViewsRepository } from './pageviews.repository';

/** Where page views go besides our own table (config.ts `PLAUSIBLE_*`, `MATOMO_*`). */
export interface AnalyticsTargets {
  /** Plausible base address, e.g. `https://plausible.io`; events go to `${url}/api/event`. */
  plausibleUrl?: string;
  /** The site's domain as registered in Plausible, e.g. `monarch.example.org`. */
  plausibleDomain?: string;
  /** Matomo base address, e.g. `https://stats.example.org/`; hits go to `${url}/matomo.php`. */
  matomoUrl?: string;
  /** Matomo site id (`idsite`). */
  matomoSiteId?: string;
  /** Public origin of the site (PUBLIC_URL), for the absolute page address both services want. */
  publicUrl: string;
}

/** Forwarding gives up after this long (ms); the page view is counted locally anyway. */
const FORWARD_TIMEOUT_MS = 2000;

/** Period and length of {@link topPages}. */
export interface TopPagesOptions {
  /** Number of UTC days counted, today included (1 = today only); integer 1 … 3660. */
  days: number;
  /** Most rows answered; integer 1 … 1000. */
  limit: number;
}

/**
 * The most visited pages (admin dashboard): views summed per path over the last `days`
 * UTC days (today included), sorted by views descending, then path ascending.
 * @returns `[{ path, views }]`, at most `limit` rows; `path` is path and query (`/mmapp/fr/explore?view=list`)
 * @throws RangeError when `days` or `limit` is not an integer in its range
 */
export async function topPages(db: Db, { days, limit }: TopPagesOptions): Promise<{ path: string; views: number }[]> {
  if (!Number.isInteger(days) || days < 1 || days > 3660)
    throw new RangeError(`days must be an integer from 1 to 3660, not ${days}`);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
    throw new RangeError(`limit must be an integer from 1 to 1000, not ${limit}`);
  return pageViewsRepository.top(db, days, limit);
}

/**
 * Page views of spec §7 ("a page view is reported to an analytics service with path and query"),
 * Counted per UTC day and path in `page_views` (no cookie, no IP, no user: only the
 * address and a count), and forwarded to Plausible or Matomo when configured.
 * @param log warnings of failed forwards (they never fail the count)
 */
export function createPageViewsService(db: Db, targets: AnalyticsTargets, log: (msg: string, err?: unknown) => void) {
  const origin = targets.publicUrl.replace(/\/+$/, '');
  const base = (url: string) => url.replace(/\/+$/, '');

  /** Fire-and-forget request with a {@link FORWARD_TIMEOUT_MS} timeout; failures only logged. */
  function send(service: string, url: string, init: RequestInit): void {
    fetch(url, { ...init, signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS) }).then(
      async (res) => {
        await res.body?.cancel();
        if (!res.ok) log(`${service} page view answered HTTP ${res.status}`);
      },
      (err: unknown) => log(`${service} page view could not be sent`, err),
    );
  }

  /** Sends one page view to the configured services, without waiting for them. */
  function forward(path: string, userAgent: string | undefined): void {
    const url = `${origin}${path}`;
    const headers: Record<string, string> = userAgent ? { 'User-Agent': userAgent } : {};
    if (targets.plausibleUrl && targets.plausibleDomain) {
      send('Plausible', `${base(targets.plausibleUrl)}/api/event`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'pageview', url, domain: targets.plausibleDomain }),
      });
    }
    if (targets.matomoUrl && targets.matomoSiteId) {
      const query = new URLSearchParams({ idsite: targets.matomoSiteId, rec: '1', url, send_image: '0' });
      send('Matomo', `${base(targets.matomoUrl)}/matomo.php?${query.toString()}`, { method: 'GET', headers });
    }
  }

  return {
    /**
     * Counts one view of `path` (path and query under `/mmapp/`, ≤ 512 characters, checked by the
     * route schema) for today (UTC): `views = views + 1`, the row created at 1. Then forwards it.
     * @param userAgent passed on to Plausible/Matomo (they need it to tell browsers from bots); never stored
     */
    async record(path: string, userAgent?: string): Promise<void> {
      await pageViewsRepository.increment(db, path);
      forward(path, userAgent);
    },
    /** See {@link topPages}. */
    topPages: (options: TopPagesOptions) => topPages(db, options),
  };
}
