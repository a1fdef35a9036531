import { describe, expect, it } from 'vitest';
import type { ResolverOptions } from 'react-hook-form';
import { z } from 'zod';
import { V, contactInputSchema, signupInputSchema, submitFlashInputSchema } from '@mm/shared';
import { decodeMessage, encodeMessage, formErrorMap, schemaResolver } from './form-resolver';

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

describe('formErrorMap', () => {
  const messageOf = (schema: z.ZodType, value: unknown) =>
    decodeMessage(schema.safeParse(value, { error: formErrorMap }).error?.issues[0]?.message ?? '');

  it('gives the spec §5 key and limits of checks that set no message', () => {
    expect(messageOf(z.string().min(10), 'short')).toEqual({ key: V.minChars, values: { min: '10' } });
    expect(messageOf(z.number().min(1), 0)).toEqual({ key: V.numberMin, values: { min: '1' } });
    expect(messageOf(z.number(), 'abc')).toEqual({ key: V.number, values: {} });
    expect(messageOf(z.string(), undefined)).toEqual({ key: V.required, values: {} });
    expect(messageOf(z.email(), 'not-an-address')).toEqual({ key: V.emailInvalid, values: {} });
  });

  it('leaves the key a check set itself', () => {
    expect(messageOf(z.string().min(1, V.required), '')).toEqual({ key: V.required, values: {} });
  });

  it('speaks for a shared schema through the resolver (contact message of 10 to 5000 characters)', async () => {
    const resolve = schemaResolver(contactInputSchema);
    const result = await resolve(
      { name: 'A', email: 'a@example.org', subject: 'S', message: 'too short' },
      undefined,
      options as never,
    );
    const message = (result.errors as Record<string, { message?: string }>).message?.message ?? '';
    expect(decodeMessage(message)).toEqual({ key: V.minChars, values: { min: '10' } });
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
