import { afterEach, describe, expect, it, vi } from 'vitest';
import { callLightboxCallback, type LightboxCallbacks } from './lightbox-callbacks';

afterEach(() => vi.restoreAllMocks());

describe('callLightboxCallback', () => {
  it('calls a function callback with its arguments', () => {
    const onLightboxOpened = vi.fn();
    callLightboxCallback({ onLightboxOpened }, 'onLightboxOpened', { index: 2, total: 5 });
    expect(onLightboxOpened).toHaveBeenCalledWith({ index: 2, total: 5 });
  });

  it('skips an absent callback without a message', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    callLightboxCallback({}, 'onSlideChange', 1);
    expect(error).not.toHaveBeenCalled();
  });

  it.each([
    ['onSlideChange', 'yes', 'string'],
    ['onLightboxOpened', 42, 'number'],
    ['onLightboxClosed', null, 'null'],
    ['onCountSlides', { total: 3 }, 'object'],
  ] as const)('does not call a non-function %s and logs the type received', (name, value, type) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // What a JavaScript caller could pass despite the types.
    const callbacks = { [name]: value } as unknown as LightboxCallbacks;
    const call = callLightboxCallback as (c: LightboxCallbacks, n: string, ...args: unknown[]) => void;
    expect(() => call(callbacks, name, 3)).not.toThrow();
    expect(error).toHaveBeenCalledWith(`Lightbox: ${name} must be a function, received ${type}.`);
  });
});
