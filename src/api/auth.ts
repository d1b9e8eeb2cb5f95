// Authentication of every /api/v1 request: `X-API-Key: <key>` (preferred) or
// `Authorization: Bearer <key>`. The key decides the business every query is scoped to.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ServiceError } from '../errors.js';
import type { KeyService } from '../keys/key-service.js';

declare module 'fastify' {
  interface FastifyRequest {
    businessId: string;
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

export function registerAuthentication(scope: FastifyInstance, keys: KeyService): void {
  scope.decorateRequest('businessId', '');
  scope.addHook('onRequest', async (request) => {
    const presented = presentedKey(request);
    if (presented === null) throw new ServiceError('missing_api_key', 'send your API key in the X-API-Key header');
    const businessId = presented ? await keys.authenticate(presented) : null;
    if (!businessId) throw new ServiceError('invalid_api_key', 'the API key is not valid or has been revoked');
    request.businessId = businessId;
  });
}
