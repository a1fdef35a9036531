/**
 * Type-level contract test (`npm run typecheck`; docs/internals.md, "API contract"): the web app's own API
 * calls checked against the types generated from the server's OpenAPI document (lib/api-schema.d.ts,
 * `npm run openapi -- --write`). What the web app sends must be a body the document accepts, and every
 * answer the document promises must fit the type the web app reads. A mismatch fails the typecheck on the
 * line of the call concerned. Nothing here runs: the file is only type-checked.
 */
import type { paths } from '../lib/api-schema';
import type { signin, signup } from '../entities/session/auth-api';
import type { apiTransport } from '../entities/outbox/outbox-runner';
import type { getMySites } from '../entities/site/get-my-sites';
import type { getGallery } from '../entities/photo/get-gallery';
import type { updateFlash } from '../features/flash/api/update-flash';
import type { toSubmitInput } from '../features/mission/mission-schemas';
import type { getExploreObservations } from '../features/explore/api/get-explore-observations';
import type { getClusters } from '../features/explore/api/get-clusters';
import type { getDownload } from '../features/downloads/api/get-download';

type Operation<P extends keyof paths, M extends keyof paths[P]> = paths[P][M];
/** The JSON body of an operation's answer `code`. */
type Answer<P extends keyof paths, M extends keyof paths[P], C extends number> =
  Operation<P, M> extends { responses: { [K in C]: { content: { 'application/json': infer T } } } } ? T : never;
/** The JSON request body of an operation. */
type Body<P extends keyof paths, M extends keyof paths[P]> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer T } } } ? T : never;
/** What a web app function resolves to. */
type Resolved<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

/** `true` when A is assignable to B (no distribution over unions); a `false` fails `Check`. */
type Fits<A, B> = [A] extends [never] ? false : [A] extends [B] ? true : false;
type Check<T extends true> = T;

export type ApiContractChecks = [
  // POST /api/observations/submit_flash: the outbox sends the Flash form's SubmitFlashInput.
  Check<Fits<Parameters<typeof updateFlash>[1], Body<'/api/observations/submit_flash', 'post'>>>,
  Check<Fits<Answer<'/api/observations/submit_flash', 'post', 201>, Resolved<typeof apiTransport.submit>>>,
  // POST /api/observations/submit_mission: the outbox sends toSubmitInput's answer.
  Check<Fits<ReturnType<typeof toSubmitInput>, Body<'/api/observations/submit_mission', 'post'>>>,
  Check<Fits<Answer<'/api/observations/submit_mission', 'post', 201>, Resolved<typeof apiTransport.submit>>>,
  // GET /api/observations (Explore's list), /clusters and the photo gallery.
  Check<Fits<Answer<'/api/observations', 'get', 200>, Resolved<typeof getExploreObservations>>>,
  Check<Fits<Answer<'/api/observations/clusters', 'get', 200>, Resolved<typeof getClusters>>>,
  Check<Fits<Answer<'/api/photos/gallery', 'get', 200>, Resolved<typeof getGallery>>>,
  // POST /api/users/signin and /signup.
  Check<Fits<Parameters<typeof signin>[0], Body<'/api/users/signin', 'post'>>>,
  Check<Fits<Answer<'/api/users/signin', 'post', 200>, Resolved<typeof signin>>>,
  Check<Fits<Parameters<typeof signup>[0], Body<'/api/users/signup', 'post'>>>,
  Check<Fits<Answer<'/api/users/signup', 'post', 202>, Resolved<typeof signup>>>,
  // GET /api/sites/mine ("show my locations") and GET /api/downloads/{id} (a download as cited).
  Check<Fits<Answer<'/api/sites/mine', 'get', 200>, Resolved<typeof getMySites>>>,
  Check<Fits<Answer<'/api/downloads/{id}', 'get', 200>, Resolved<typeof getDownload>>>,
];
