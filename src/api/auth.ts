// Authentication of every /api/v1 request: `X-API-Key: <key>` (preferred) or
// `Authorization: Bearer <key>`. The key decides the business every query is scoped to; its uploads
// are counted against its rate limit.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SourceChannel } from '../documents/upload.js';
import { ServiceError } from '../errors.js';
import type { KeyService } from '../keys/key-service.js';
import { RateLimitedError, type UsageLimits } from '../limits/usage-limits.js';

declare module 'fastify' {
  interface FastifyRequest {
    businessId: string;
    /** The presented key's id: rate limits are per key. The dashboard puts its owner's id here. */
    apiKeyId: string;
    /** Where uploads of this request come from: `api`, or `dashboard` for a signed-in owner. */
    uploadChannel: SourceChannel;
  }
}

function presentedKey(request: FastifyRequest): string | null {
  const header = request.headers['x-api-key'];
  const apiKey = Array.isArray(header) ? header[0] : header;
  if (apiKey?.trim()) return apiKey.trim();
  const authorization = request.headers.authorization?.trim();
  if (!authorization) return null;
  const match = /^Bearer\s+(.+)$/i.exec(authorization);
  // A non-Bearer Authorization header carries no key we accept: treat it like a wrong key.
  return match ? match[1]!.trim() : '';
}

/** The request members the business-scoped routes read; each way of signing in fills them. */
export function decorateCaller(scope: FastifyInstance): void {
  scope.decorateRequest('businessId', '');
  scope.decorateRequest('apiKeyId', '');
  scope.decorateRequest('uploadChannel', 'api');
}

export function registerAuthentication(scope: FastifyInstance, keys: KeyService): void {
  decorateCaller(scope);
  scope.addHook('onRequest', async (request) => {
    const presented = presentedKey(request);
    if (presented === null) throw new ServiceError('missing_api_key', 'send your API key in the X-API-Key header');
    const key = presented ? await keys.authenticate(presented) : null;
    if (!key) throw new ServiceError('invalid_api_key', 'the API key is not valid or has been revoked');
    request.businessId = key.businessId;
    request.apiKeyId = key.keyId;
  });
}

/**
 * An onRequest hook for the upload operations, the only ones the spec lets answer 429: counts the request
 * against its key's limit before the body is read, and says when to retry.
 */
export function countUpload(limits: UsageLimits): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  return async (request, reply) => {
    try {
      await limits.countRequest(request.apiKeyId);
    } catch (error) {
      if (error instanceof RateLimitedError) reply.header('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
  };
}
