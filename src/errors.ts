// Every failure a client can cause becomes a ServiceError with one of the spec's codes. The HTTP
// status of each code is fixed here, once, and docs/api.md prints the same table.
import type { ErrorCode } from './schemas/error.schema.js';

/** Codes of the dashboard's own session endpoints; they are not part of the public API's contract. */
export type DashboardErrorCode = 'not_signed_in' | 'invalid_credentials' | 'forbidden';

export const HTTP_STATUS: Record<ErrorCode | DashboardErrorCode, number> = {
  invalid_request: 400,
  missing_api_key: 401,
  invalid_api_key: 401,
  billing_details_required: 402,
  quota_exceeded: 402,
  api_billing_required: 402,
  api_custom_plan_required: 402,
  not_found: 404,
  file_too_large: 413,
  too_many_pages: 413,
  unsupported_media_type: 415,
  pdf_unreadable: 422,
  pdf_password_required: 422,
  processing_failed: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
  not_signed_in: 401,
  invalid_credentials: 401,
  forbidden: 403,
};

export interface PublicServiceError {
  code: ErrorCode | DashboardErrorCode;
  message: string;
}

export class ServiceError extends Error {
  readonly code: ErrorCode | DashboardErrorCode;
  readonly status: number;

  constructor(code: ErrorCode | DashboardErrorCode, message: string) {
    super(message);
    this.name = 'ServiceError';
    this.code = code;
    this.status = HTTP_STATUS[code];
  }

  toPublic(): PublicServiceError {
    return { code: this.code, message: this.message };
  }
}

export const notFound = (what: string) => new ServiceError('not_found', `${what} not found`);
export const invalidRequest = (message: string) => new ServiceError('invalid_request', message);
export const requestTooLarge = () => new ServiceError('file_too_large', 'the request body is larger than this service accepts');
