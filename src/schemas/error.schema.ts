import { Type, type Static } from 'typebox';

export const ERROR_CODES = [
  'billing_details_required',
  'quota_exceeded',
  'api_billing_required',
  'api_custom_plan_required',
  'missing_api_key',
  'invalid_api_key',
  'invalid_request',
  'unsupported_media_type',
  'file_too_large',
  'too_many_pages',
  'pdf_unreadable',
  'pdf_password_required',
  'not_found',
  'rate_limited',
  'service_unavailable',
  'processing_failed',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorCodeSchema = Type.Enum(ERROR_CODES);

export const PublicError = Type.Object(
  { code: ErrorCodeSchema, message: Type.String() },
  { additionalProperties: false, title: 'PublicError' },
);
export type PublicError = Static<typeof PublicError>;

export const ErrorEnvelope = Type.Object(
  { success: Type.Literal(false), error: PublicError },
  { additionalProperties: false, title: 'ErrorResponse' },
);
