import { describe, expect, it } from 'vitest';
import { apiErrorSchema, isIsoDay, isoDate, sessionUserSchema, toApiError, toSessionUser } from '../src';

/** The zod-free guards answer exactly what their schemas' safeParse answers. */
const zodAnswer = <T>(r: { success: true; data: T } | { success: false }) => (r.success ? r.data : undefined);

describe('toSessionUser agrees with sessionUserSchema', () => {
  it.each([
    { user_id: 7, username: 'marie.tremblay', role_id: 3 },
    { user_id: 7, username: 'marie.tremblay', role_id: 3, user: { first_name: 'Marie' }, extra: true },
    { user_id: 7.5, username: 'x', role_id: 3 },
    { user_id: '7', username: 'x', role_id: 3 },
    { user_id: 7, username: 12, role_id: 3 },
    { user_id: 7, username: 'x' },
    {},
    [],
    null,
    'user',
    undefined,
  ])('%j', (value) => {
    expect(toSessionUser(value)).toEqual(zodAnswer(sessionUserSchema.safeParse(value)));
  });
});

describe('toApiError agrees with apiErrorSchema', () => {
  it.each([
    { statusCode: 400, error: 'Bad Request', message: 'Reason is required.' },
    { statusCode: 400, error: 'Bad Request', message: 'Invalid', fields: { reason: 'Reason is required.' } },
    { statusCode: 400, error: 'Bad Request', message: 'Invalid', fields: { reason: 3 } },
    { statusCode: 400, error: 'Bad Request', message: 'Invalid', fields: [] },
    { statusCode: 400, error: 'Bad Request', message: 'Invalid', code: 'X' },
    { statusCode: '400', error: 'Bad Request', message: 'Invalid' },
    { statusCode: 400, message: 'Invalid' },
    null,
    'Not Found',
  ])('%j', (value) => {
    expect(toApiError(value)).toEqual(zodAnswer(apiErrorSchema.safeParse(value)));
  });
});

describe('isIsoDay agrees with isoDate', () => {
  it.each(['2024-02-29', '2023-02-29', '2021-04-31', '2021-12-31', '1900-01-01', '2021-1-05', '2021-13-01', '', 'x'])(
    '%j',
    (value) => {
      expect(isIsoDay(value)).toBe(isoDate.safeParse(value).success);
    },
  );
});
