import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLED_LONGEST_MS, SETTLED_QUIET_MS, whenPageSettled } from './register-service-worker';

/** A PerformanceObserver whose 'resource' entries the test reports (`ended()`: a request of the page ended). */
class FakeObserver {
  static current: FakeObserver | undefined;
  observed: unknown;
  disconnected = false;
  constructor(private readonly callback: () => void) {
    FakeObserver.current = this;
  }
  observe(options: unknown) {
    this.observed = options;
  }
  disconnect() {
    this.disconnected = true;
  }
  ended() {
    if (!this.disconnected) this.callback();
  }
}

/** Sets `document.readyState` as the page is at that moment. */
const setReadyState = (state: DocumentReadyState) =>
  Object.defineProperty(document, 'readyState', { value: state, configurable: true });

describe('whenPageSettled', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeObserver.current = undefined;
    vi.stubGlobal('PerformanceObserver', FakeObserver);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    setReadyState('complete');
  });

  it('waits for load, then for the quiet period without a request ending', () => {
    setReadyState('loading');
    const done = vi.fn();
    whenPageSettled(done);
    vi.advanceTimersByTime(SETTLED_LONGEST_MS * 2);
    expect(done).not.toHaveBeenCalled();

    setReadyState('complete');
    window.dispatchEvent(new Event('load'));
    expect(FakeObserver.current?.observed).toEqual({ type: 'resource' });
    vi.advanceTimersByTime(SETTLED_QUIET_MS - 1);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledOnce();
    expect(FakeObserver.current?.disconnected).toBe(true);
  });

  it('starts the quiet period again at each request that ends (photos, map tiles)', () => {
    const done = vi.fn();
    whenPageSettled(done);
    vi.advanceTimersByTime(SETTLED_QUIET_MS - 100);
    FakeObserver.current?.ended();
    vi.advanceTimersByTime(SETTLED_QUIET_MS - 100);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(done).toHaveBeenCalledOnce();
  });

  it('stops waiting after the longest wait on a page that keeps fetching', () => {
    const done = vi.fn();
    whenPageSettled(done);
    for (let t = 0; t < SETTLED_LONGEST_MS * 2; t += 500) {
      FakeObserver.current?.ended();
      vi.advanceTimersByTime(500);
    }
    expect(done).toHaveBeenCalledOnce();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('without PerformanceObserver, waits the quiet period after load', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const done = vi.fn();
    whenPageSettled(done);
    vi.advanceTimersByTime(SETTLED_QUIET_MS);
    expect(done).toHaveBeenCalledOnce();
  });

  it('is cancelled by the function it returns, before or after load', () => {
    setReadyState('loading');
    const beforeLoad = vi.fn();
    whenPageSettled(beforeLoad)();
    window.dispatchEvent(new Event('load'));
    setReadyState('complete');
    const afterLoad = vi.fn();
    const cancel = whenPageSettled(afterLoad);
    vi.advanceTimersByTime(SETTLED_QUIET_MS / 2);
    cancel();
    vi.advanceTimersByTime(SETTLED_LONGEST_MS);
    expect(beforeLoad).not.toHaveBeenCalled();
    expect(afterLoad).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
