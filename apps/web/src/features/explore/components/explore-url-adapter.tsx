import { NuqsAdapter } from 'nuqs/adapters/react-router/v7';
import type { ReactNode } from 'react';
import { inExploreOrder } from '../utils/explore-url';

/**
 * nuqs's React Router adapter for the pages whose URL holds the Explore state (Explore, the photo
 * gallery), with Explore's key order. Mounted by those pages, not at the app root, so that nuqs
 * loads with them and stays out of the entry chunk (at the root it cost the entry 7 KB gzip).
 */
export function ExploreUrlAdapter({ children }: { children: ReactNode }) {
  return <NuqsAdapter processUrlSearchParams={inExploreOrder}>{children}</NuqsAdapter>;
}
