// Every error leaves as the spec's error envelope. Errors a client can cause map to 4xx codes; only
// a fault of ours is a 500, and its message never carries internals (they go to the log).
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { requestTooLarge, ServiceError } from '../errors.js';
import { describeValidationErrors } from './validation.js';

const FRAMEWORK_ERRORS: Record<string, (error: FastifyError) => ServiceError> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new ServiceError('unsupported_media_type', 'send application/json or multipart/form-data'),
  FST_ERR_CTP_BODY_TOO_LARGE: requestTooLarge,
  FST_REQ_FILE_TOO_LARGE: () => new ServiceError('file_too_large', 'a file is larger than this service accepts'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => new ServiceError('invalid_request', 'the JSON body is empty'),
  FST_ERR_CTP_INVALID_JSON_BODY: () => new ServiceError('invalid_request', 'the body is not valid JSON'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => new ServiceError('invalid_request', 'Content-Length does not match the body'),
  FST_FILES_LIMIT: () => new ServiceError('invalid_request', 'too many files in one request'),
  FST_PARTS_LIMIT: () => new ServiceError('invalid_request', 'too many parts in the multipart body'),
  FST_FIELDS_LIMIT: () => new ServiceError('invalid_request', 'too many fields in the multipart body'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => new ServiceError('invalid_request', 'the multipart body is malformed'),
  FST_PROTO_VIOLATION: () => new ServiceError('invalid_request', 'the body contains a forbidden member name'),
  FST_ERR_CTP_INVALID_CONTENT_TYPE: () => new ServiceError('unsupported_media_type', 'the Content-Type header is not valid'),
  FST_ERR_BAD_URL: () => new ServiceError('invalid_request', 'the URL path has a malformed percent-encoding'),
  FST_ERR_MAX_PARAM_LENGTH: () => new ServiceError('invalid_request', 'a path parameter is longer than any id'),
};

export function toServiceError(error: FastifyError, request: FastifyRequest): ServiceError | null {
  if (error instanceof ServiceError) return error;
  if (error.validation) {
    const part = error.validationContext ?? 'request';
    return new ServiceError('invalid_request', describeValidationErrors(error.validation as never, part, request.body));
  }
  const mapped = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (mapped) return mapped(error);
  // JSON syntax errors from the parser, malformed multipart from busboy, and similar client faults.
  if (error instanceof SyntaxError || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
    return new ServiceError('invalid_request', 'the request could not be read');
  }
  return null;
}

export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const known = toServiceError(error, request);
  // Refused before its body was read whole: a body too large is read no further (the connection
  // closes after the answer, so the client stops sending); any other body is read to its end and
  // dropped, so that a client still sending gets the answer, not a reset, and can reuse the connection.
  if (!request.raw.complete) {
    if (known?.status === 413) reply.header('connection', 'close');
    else request.raw.resume();
  }
  if (!known) {
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ success: false, error: { code: 'internal_error', message: 'an internal error occurred' } });
  }
  if (known.status >= 500) request.log.error({ err: error }, known.message);
  return reply.status(known.status).send({ success: false, error: known.toPublic() });
}
