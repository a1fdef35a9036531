import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AfterStart } from './after-start';

const frame = (
  <div>
    <main>page</main>
    <AfterStart>
      <footer>footer</footer>
    </AfterStart>
  </div>
);

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('AfterStart', () => {
  it('on a page the browser draws, draws its parts once the browser is idle', async () => {
    vi.useFakeTimers();
    render(frame);
    expect(screen.getByText('page')).toBeTruthy();
    expect(screen.queryByText('footer')).toBeNull();
    // jsdom has no requestIdleCallback: `whenIdle`'s fallback delay stands for the first idle moment.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(screen.getByText('footer')).toBeTruthy();
  });

  it('on a page the server rendered, keeps its parts in the hydrated markup at once', () => {
    const errors = vi.spyOn(console, 'error');
    const container = document.createElement('div');
    container.innerHTML = renderToString(frame);
    expect(container.textContent).toBe('pagefooter');
    document.body.appendChild(container);
    render(frame, { container, hydrate: true });
    expect(screen.getByText('footer')).toBeTruthy();
    expect(errors).not.toHaveBeenCalled();
  });
});
