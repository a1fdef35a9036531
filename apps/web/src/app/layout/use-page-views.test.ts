import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendPageView } from './use-page-views';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const beaconBody = async (data: unknown) => JSON.parse(await (data as Blob).text()) as unknown;

describe('sendPageView', () => {
  it('sends {path} as a JSON beacon to the page-view endpoint, without fetch', async () => {
    const beacon = vi.fn(() => true);
    const fetchSpy = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('navigator', { sendBeacon: beacon });
    vi.stubGlobal('fetch', fetchSpy);
    sendPageView('/mmapp/fr/explore?view=grid');
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, data] = beacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('/api/utilities/pageview');
    expect(data.type).toBe('application/json');
    expect(await beaconBody(data)).toEqual({ path: '/mmapp/fr/explore?view=grid' });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it.each([
    ['is missing', {}],
    ['refuses the body', { sendBeacon: () => false }],
    [
      'throws',
      {
        sendBeacon: () => {
          throw new TypeError('not allowed');
        },
      },
    ],
  ])('falls back to a keepalive fetch without credentials when the beacon %s', (_name, nav) => {
    const fetchSpy = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('navigator', nav);
    vi.stubGlobal('fetch', fetchSpy);
    sendPageView('/mmapp/en/photos');
    expect(fetchSpy).toHaveBeenCalledWith('/api/utilities/pageview', {
      method: 'POST',
      body: JSON.stringify({ path: '/mmapp/en/photos' }),
      headers: { 'Content-Type': 'application/json' },
      keepalive: true,
      credentials: 'omit',
    });
  });

  it('sends nothing for an address longer than the server counts (512 characters)', () => {
    const beacon = vi.fn(() => true);
    const fetchSpy = vi.fn();
    vi.stubGlobal('navigator', { sendBeacon: beacon });
    vi.stubGlobal('fetch', fetchSpy);
    sendPageView(`/mmapp/en/explore?q=${'x'.repeat(500)}`);
    expect(beacon).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('ignores a failed fetch', async () => {
    vi.stubGlobal('navigator', {});
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    expect(() => sendPageView('/mmapp/en/')).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});
