// Request validation with Ajv over the same TypeBox schemas that generate the OpenAPI document.
// Bodies are validated strictly (no coercion, unknown members refused); query strings and path
// parameters arrive as text, so there numbers and booleans are coerced.
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats is CommonJS; under NodeNext its default export is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

const options = { allErrors: false, removeAdditional: false, useDefaults: true, strict: false } as const;
const strictAjv = addFormats(new Ajv({ ...options, coerceTypes: false }));
const coercingAjv = addFormats(new Ajv({ ...options, coerceTypes: true }));

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart, contentType }) => {
  // Multipart bodies are streamed and checked field by field by the upload reader.
  if (httpPart === 'body' && contentType === 'multipart/form-data') return () => true;
  const ajv = httpPart === 'body' ? strictAjv : coercingAjv;
  return ajv.compile(schema);
};

/** One readable sentence from Ajv's errors, naming the member at fault. */
export function describeValidationErrors(errors: ErrorObject[], part: string, body?: unknown): string {
  // For a union of request forms (content vs pages), speak about the form the client meant.
  const usesPages = typeof body === 'object' && body !== null && 'pages' in body;
  const relevant = errors.filter((e) => e.keyword !== 'anyOf');
  const branch = relevant.filter((e) => !/^#\/anyOf\/\d/.test(e.schemaPath) || e.schemaPath.startsWith(`#/anyOf/${usesPages ? 1 : 0}`));
  const error = branch[0] ?? relevant[0] ?? errors[0];
  if (!error) return `${part} is not valid`;
  const where = error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : part;
  if (error.keyword === 'additionalProperties') {
    return `${where === part ? part : where} has an unknown member "${String(error.params.additionalProperty)}"`;
  }
  if (error.keyword === 'enum') return `${where} must be one of: ${(error.params.allowedValues as unknown[]).join(', ')}`;
  if (error.keyword === 'required') return `${where === part ? part : where} is missing "${String(error.params.missingProperty)}"`;
  return `${where} ${error.message ?? 'is not valid'}`;
}
