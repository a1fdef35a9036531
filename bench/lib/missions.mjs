// Benchmark 1: Mission submissions per second, closed loop (each connection sends its next
// submission when the previous one is answered), through autocannon's programmatic API.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { api, countMissions, missionBody } from './api.mjs';
import { mean, percentile } from './stats.mjs';

const SUBMIT_PATH = '/api/observations/submit_mission';

/**
 * Runs `connections` keep-alive connections posting Missions for `durationS` seconds, each request with
 * a new idempotency_key (so every one is a real write) and the token of one of `users` in turn.
 * @param {{ baseUrl: string, users: { token: string }[], refs: object, durationS: number, connections: number }} options
 * @returns {Promise<{
 *   rpsMean: number, rps2xx: number, durationS: number, sent: number, ok2xx: number, non2xx: number,
 *   errors: number, timeouts: number, latencyMs: { p50: number, p95: number, p99: number, max: number, mean: number },
 *   autocannonLatencyMs: { p50: number, p99: number }, statusCodes: object, errorSamples: string[],
 *   cutOff: number, answeredIds: Set<number>, sentKeys: Map<string, { token: string }>, answeredKeys: Set<string>
 * }>} rates in req/s, latencies in ms
 */
export async function runMissionLoad({ baseUrl, users, refs, durationS, connections }) {
  /** Every response's latency (ms), exact: autocannon's histogram has no p95. */
  const latencies = [];
  /** idempotency_key → user, for every request written to a socket. */
  const sentKeys = new Map();
  const answeredKeys = new Set();
  const answeredIds = new Set();
  const errorSamples = [];
  let cursor = 0;

  const result = await autocannon({
    url: baseUrl,
    connections,
    pipelining: 1,
    duration: durationS,
    timeout: 10,
    // Latency of every answer (ms) straight from the client that measured it.
    setupClient(client) {
      client.on('response', (_status, _bytes, responseTimeMs) => latencies.push(responseTimeMs));
    },
    requests: [
      {
        method: 'POST',
        path: SUBMIT_PATH,
        // Called by autocannon right before each request is written; `context` is fresh per request
        // (one request in the list), so it carries this request's key to onResponse below.
        setupRequest(req, context) {
          const key = randomUUID();
          const user = users[cursor++ % users.length];
          context.key = key;
          sentKeys.set(key, user);
          return {
            ...req,
            headers: { ...req.headers, 'content-type': 'application/json', authorization: user.token },
            body: JSON.stringify(missionBody(refs, key)),
          };
        },
        onResponse(status, body, context) {
          answeredKeys.add(context.key);
          if (status === 201) answeredIds.add(JSON.parse(body).checklist_id);
          else if (errorSamples.length < 5) errorSamples.push(`${status} ${body.slice(0, 200)}`);
        },
      },
    ],
  });

  return {
    rpsMean: result.requests.mean,
    rps2xx: result['2xx'] / result.duration,
    durationS: result.duration,
    sent: sentKeys.size,
    ok2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    latencyMs: {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: Math.max(...latencies),
      mean: mean(latencies),
    },
    autocannonLatencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
    statusCodes: result.statusCodeStats,
    errorSamples,
    // Requests on the wire when autocannon closed its sockets at the end of the duration: the
    // server still completes them, but nobody reads the answer.
    cutOff: sentKeys.size - answeredKeys.size,
    answeredIds,
    sentKeys,
    answeredKeys,
  };
}

/**
 * Checks that the database holds exactly what the load run was told, through the API:
 * 1. after the server drains, Missions listed = 2xx answers + those cut-off requests it completed;
 * 2. every 2xx answer named a distinct checklist;
 * 3. the cut-off requests are re-sent with their idempotency_key, as a client does after a lost
 *    answer: afterwards Missions listed = 2xx answers + cut-off requests, exactly (no loss, no duplicate).
 * @param {{ baseUrl: string, users: { token: string }[], refs: object, load: Awaited<ReturnType<typeof runMissionLoad>> }} options
 * @returns {Promise<{ ok: boolean, afterRun: number, completedCutOff: number, retried: number, final: number, expectedFinal: number, distinctIds: number, message: string }>}
 */
export async function verifyMissions({ baseUrl, users, refs, load }) {
  // Wait until the count stops moving (cut-off requests still committing), at most ~10 s.
  let afterRun = await countMissions(baseUrl, users);
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 250));
    const again = await countMissions(baseUrl, users);
    if (again === afterRun) break;
    afterRun = again;
  }
  const ids = new Set(load.answeredIds);
  const unanswered = [...load.sentKeys].filter(([key]) => !load.answeredKeys.has(key));
  for (const [key, user] of unanswered) {
    const r = await api(`${baseUrl}${SUBMIT_PATH}`, {
      method: 'POST',
      token: user.token,
      body: missionBody(refs, key),
      expect: 201,
    });
    ids.add(r.checklist_id);
  }
  const final = await countMissions(baseUrl, users);
  const expectedFinal = load.ok2xx + unanswered.length;
  const completedCutOff = afterRun - load.ok2xx;
  const ok =
    load.answeredIds.size === load.ok2xx &&
    completedCutOff >= 0 &&
    completedCutOff <= unanswered.length &&
    final === expectedFinal &&
    ids.size === final;
  const message =
    `Missions in DB after the run: ${afterRun} = ${load.ok2xx} answered 2xx + ${completedCutOff} of ${unanswered.length} cut-off request(s) the server completed; ` +
    `after idempotent re-send of the ${unanswered.length}: ${final} (expected ${expectedFinal}), distinct checklist ids ${ids.size}`;
  return {
    ok,
    afterRun,
    completedCutOff,
    retried: unanswered.length,
    final,
    expectedFinal,
    distinctIds: ids.size,
    message,
  };
}
