// Who is calling the dashboard API: the owner of the session cookie. State-changing requests must
// also carry the session's CSRF token in X-CSRF-Token and, when the browser names an Origin, come
// from this service's own origin. Business-scoped routes take the selected business from the
// X-Business-Id header, as the public API takes it from the API key.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound, ServiceError } from '../errors.js';
import type { KeyService } from '../keys/key-service.js';
import type { Owner, OwnerService } from '../owners/owner-service.js';

export const SESSION_COOKIE = 'ledgerlens_session';
const COOKIE_PATH = '/dashboard';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    owner: Owner | null;
    sessionToken: string;
  }
}

export type SecureCookies = 'auto' | 'always' | 'never';

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: string, secure: SecureCookies): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: secure === 'always' || (secure === 'auto' && request.protocol === 'https'),
    expires: new Date(expiresAt),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: COOKIE_PATH });
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * A browser names the page's origin on writes; refuse any but our own. Only the host is compared:
 * behind a TLS-terminating proxy the browser's https origin reaches us as plain http, and the proxy
 * may pass the public host as X-Forwarded-Host. (A cross-site page cannot set that header without a
 * CORS preflight, which this service never grants.)
 */
export function checkOrigin(request: FastifyRequest): void {
  const origin = header(request, 'origin');
  if (origin === undefined) return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    host = '';
  }
  const ours = [header(request, 'host'), header(request, 'x-forwarded-host')];
  if (!host || !ours.includes(host)) throw new ServiceError('forbidden', 'the request comes from another site');
}

/** Reads the session of every request in the scope; routes that need an owner call requireOwner. */
export function registerSessionAuth(scope: FastifyInstance, owners: OwnerService): void {
  scope.decorateRequest('owner', null);
  scope.decorateRequest('sessionToken', '');
  scope.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE] ?? '';
    request.owner = await owners.authenticate(token);
    request.sessionToken = request.owner ? token : '';
  });
}

export function requireOwner(owners: OwnerService): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    if (!request.owner) throw new ServiceError('not_signed_in', 'sign in to the dashboard first');
    if (!UNSAFE_METHODS.has(request.method)) return;
    checkOrigin(request);
    const presented = header(request, 'x-csrf-token');
    if (!presented || !owners.csrfTokenMatches(request.sessionToken, presented)) {
      throw new ServiceError('forbidden', 'the X-CSRF-Token header is missing or does not belong to this session');
    }
  };
}

/** Scopes the request to the business named in X-Business-Id; uploads count as the owner's and come from the dashboard. */
export function selectBusiness(keys: KeyService): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const businessId = header(request, 'x-business-id');
    if (!businessId) throw new ServiceError('invalid_request', 'name the business in the X-Business-Id header');
    if (!(await keys.getBusiness(businessId))) throw notFound('business');
    request.businessId = businessId;
    request.apiKeyId = request.owner!.id;
    request.uploadChannel = 'dashboard';
  };
}
