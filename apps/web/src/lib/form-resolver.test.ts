import { describe, expect, it } from 'vitest';
import type { ResolverOptions } from 'react-hook-form';
import { signupInputSchema, submitFlashInputSchema } from '@mm/shared';
import { decodeMessage, encodeMessage, schemaResolver } from './form-resolver';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<never>;

describe('schemaResolver', () => {
  it('attaches the limit of a too-long field to its message', async () => {
    const resolve = schemaResolver(signupInputSchema);
    const result = await resolve({ username: 'x'.repeat(31) } as never, undefined, options as never);
    const message = (result.errors as Record<string, { message?: string }>).username?.message ?? '';
    expect(decodeMessage(message)).toEqual({ key: 'validation.max_chars', values: { max: '30' } });
    expect((result.errors as Record<string, { message?: string }>).first_name?.message).toBe('validation.required');
  });

  it('keeps nested paths and passes valid values through unchanged', async () => {
    const resolve = schemaResolver(submitFlashInputSchema);
    const bad = await resolve({ locality: 'y'.repeat(201) } as never, undefined, options as never);
    expect(decodeMessage((bad.errors as Record<string, { message?: string }>).locality?.message ?? '').values).toEqual({
      max: '200',
    });
  });
});

describe('encodeMessage / decodeMessage', () => {
  it('round-trips values and leaves plain or server-translated messages alone', () => {
    expect(decodeMessage(encodeMessage('validation.min_chars', { min: 3 }))).toEqual({
      key: 'validation.min_chars',
      values: { min: '3' },
    });
    expect(encodeMessage('validation.required', {})).toBe('validation.required');
    expect(decodeMessage('City | is required.')).toEqual({ key: 'City | is required.', values: {} });
  });
});
