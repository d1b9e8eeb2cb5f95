// Response schemas per operation: the success envelope and the error statuses the spec lists.
import type { TSchema } from 'typebox';
import { Envelope } from '../schemas/envelope.schema.js';
import { ErrorEnvelope } from '../schemas/error.schema.js';

const DESCRIPTIONS: Record<number, string> = {
  400: 'invalid_request',
  401: 'missing_api_key, invalid_api_key',
  402: 'billing_details_required, quota_exceeded, api_billing_required, api_custom_plan_required',
  404: 'not_found',
  413: 'file_too_large, too_many_pages',
  415: 'unsupported_media_type',
  422: 'pdf_unreadable, pdf_password_required, processing_failed',
  429: 'rate_limited',
  500: 'internal_error',
  502: 'processing_failed (reserved; not returned by this version)',
  503: 'service_unavailable',
};

/**
 * @fastify/swagger's key for a response's description. Unlike `description` it stays out of the
 * schema, so the one ErrorResponse schema of every status is one named component.
 */
const RESPONSE_DESCRIPTION = 'x-response-description';

const READ_ERRORS = [400, 401, 404, 500];
const UPLOAD_ERRORS = [400, 401, 402, 413, 415, 422, 429, 500, 502, 503];

function errors(statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(statuses.map((status) => [status, { ...ErrorEnvelope, [RESPONSE_DESCRIPTION]: DESCRIPTIONS[status] }]));
}

export const readResponses = (data: TSchema, description: string) => ({
  200: { ...Envelope(data), [RESPONSE_DESCRIPTION]: description },
  ...errors(READ_ERRORS),
});

export const uploadResponses = (status: 200 | 202, data: TSchema, description: string) => ({
  [status]: { ...Envelope(data), [RESPONSE_DESCRIPTION]: description },
  ...errors(UPLOAD_ERRORS),
});
