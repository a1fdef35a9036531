import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@mm/shared';
import { mockApi } from '../../mocks/component-test';

const server = mockApi();

/** Every checksession request the server saw: its token (body) and its headers. */
function recordChecks(answers: (() => Response)[]) {
  const seen: { token: unknown; authorization: string | null; language: string | null }[] = [];
  server.use(
    http.post('/api/users/checksession', async ({ request }) => {
      const body = (await request.json()) as { oauth_token?: unknown };
      seen.push({
        token: body.oauth_token,
        authorization: request.headers.get('Authorization'),
        language: request.headers.get('Language'),
      });
      return (answers[seen.length - 1] ?? answers.at(-1)!)();
    }),
  );
  return seen;
}

/** The start-up as the app runs it: the start-up module sends the check, then the app's module takes it. */
async function startUp(token: string) {
  vi.resetModules();
  localStorage.setItem(STORAGE_KEYS.token, token);
  const { sendSessionCheck } = await import('../../lib/early-session');
  // The app's module takes the response (the start-up module hands it on only to a page drawn for a session).
  void sendSessionCheck(token, 'fr');
  return import('./early-session-check');
}

describe('the start-up session check', () => {
  it('is sent once, by the start-up module, and its answer is the session’s', async () => {
    const seen = recordChecks([() => HttpResponse.json({ user_id: 7, username: 'emily.chen', role_id: 2 })]);
    const { takeEarlySessionCheck } = await startUp('tok-1');
    expect(takeEarlySessionCheck('another')).toBeUndefined();
    await expect(takeEarlySessionCheck('tok-1')).resolves.toMatchObject({ user_id: 7, username: 'emily.chen' });
    // Taken once: a later check asks the server again.
    expect(takeEarlySessionCheck('tok-1')).toBeUndefined();
    expect(seen).toEqual([{ token: 'tok-1', authorization: 'tok-1', language: 'fr' }]);
  });

  it('asks again through the API helper when the early answer is not a 2xx', async () => {
    const seen = recordChecks([
      () => HttpResponse.json({ statusCode: 503, error: 'Service Unavailable', message: 'busy' }, { status: 503 }),
      () => HttpResponse.json({ user_id: 7, username: 'emily.chen', role_id: 2 }),
    ]);
    const { takeEarlySessionCheck } = await startUp('tok-2');
    await expect(takeEarlySessionCheck('tok-2')).resolves.toMatchObject({ user_id: 7 });
    expect(seen.map((s) => s.token)).toEqual(['tok-2', 'tok-2']);
  });

  it('rejects as the API helper does when the server refuses twice', async () => {
    recordChecks([() => HttpResponse.json({ statusCode: 500, error: 'Internal', message: 'down' }, { status: 500 })]);
    const { takeEarlySessionCheck } = await startUp('tok-3');
    await expect(takeEarlySessionCheck('tok-3')).rejects.toMatchObject({ status: 500 });
  });
});
