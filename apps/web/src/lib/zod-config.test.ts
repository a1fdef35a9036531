import { describe, expect, it } from 'vitest';
import './zod-config';
import { z } from 'zod';

describe('zod-config', () => {
  it('runs zod without JIT, so that no parser is compiled with new Function (CSP script-src self)', () => {
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
