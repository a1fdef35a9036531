import { Suspense, lazy } from 'react';
import { BusyOverlay } from '../../components/ui/busy-overlay';
import { Footer } from './footer';
import { UpdatePrompt } from './update-prompt';
import { PageViews } from './use-page-views';

/**
 * The outbox's sender, only for a signed-in volunteer, the only one with anything to send (the Mission
 * draft's schemas, zod and IndexedDB stay off visitors' pages).
 */
const OutboxBoot = lazy(async () => ({ default: (await import('./outbox-boot')).OutboxBoot }));

/**
 * The frame's parts below or outside the first screen, one chunk loaded after it (`AfterStart`,
 * docs/adr/0043): the footer (`main` is at least a screen high), the full-screen spinner's request counter
 * (it shows nothing before requests have been pending for 250 ms), page-view counting (the first view
 * counts once the navigation settled), the outbox's sender and the service worker's registration and
 * update prompt.
 */
export function FrameExtras({ signedIn }: { signedIn: boolean }) {
  return (
    <>
      <Footer />
      <BusyOverlay />
      <PageViews />
      {signedIn && (
        <Suspense fallback={null}>
          <OutboxBoot />
        </Suspense>
      )}
      <UpdatePrompt />
    </>
  );
}
