import type { FastifyRequest } from 'fastify';

/**
 * The origin every published link starts with (download citations, landing pages, photo and record
 * URLs in exports): `PUBLIC_URL` without its trailing slash when set, else the origin the request
 * came to (`request.protocol` and `request.host`, from X-Forwarded-Proto/-Host only behind a proxy
 * listed in TRUST_PROXY). A citation read out of a file must be followable, so it is never relative
 * (docs/internals.md "Published links").
 * @param publicUrl the PUBLIC_URL setting, or undefined
 * @returns e.g. `https://monarch.example.org`
 */
export function publicOrigin(
  publicUrl: string | undefined,
  request: Pick<FastifyRequest, 'protocol' | 'host'>,
): string {
  return publicUrl ? publicUrl.replace(/\/+$/, '') : `${request.protocol}://${request.host}`;
}
