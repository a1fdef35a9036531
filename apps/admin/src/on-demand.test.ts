import { describe, expect, it } from 'vitest';
import { prefetchPanel, whenUsed } from './on-demand';

/** Whether `promise` has settled once pending callbacks have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('whenUsed', () => {
  it('waits while nothing happens, then resolves at the first key', async () => {
    const used = whenUsed(window);
    expect(await settled(used)).toBe(false);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift' }));
    expect(await settled(used)).toBe(true);
  });

  it('resolves at a pointer down, a focus, or the address changing', async () => {
    for (const event of [
      () => document.body.dispatchEvent(new Event('pointerdown', { bubbles: true })),
      () => document.body.dispatchEvent(new FocusEvent('focusin', { bubbles: true })),
      () => window.dispatchEvent(new HashChangeEvent('hashchange')),
    ]) {
      const used = whenUsed(window);
      event();
      expect(await settled(used)).toBe(true);
    }
  });
});

describe('prefetchPanel', () => {
  it("asks the browser to fetch each file index.html names, in the module scripts' CORS mode", () => {
    const doc = document.implementation.createHTMLDocument();
    const meta = doc.createElement('meta');
    meta.name = 'mm-panel-files';
    meta.content = '/mmadmin/assets/panel-a.js /mmadmin/assets/useRovingTabIndex-b.js';
    doc.head.append(meta);
    prefetchPanel(doc);
    const links = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')];
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/mmadmin/assets/panel-a.js',
      '/mmadmin/assets/useRovingTabIndex-b.js',
    ]);
    expect(links.every((l) => l.crossOrigin === 'anonymous')).toBe(true);
  });

  it('does nothing when the page names no files (a development server)', () => {
    const doc = document.implementation.createHTMLDocument();
    prefetchPanel(doc);
    expect(doc.querySelectorAll('link')).toHaveLength(0);
  });
});
