// The field listing of GET /metadata/fields, read off the DocumentFields schema itself so the
// two can never disagree.
import type { TSchema } from 'typebox';
import { DocumentFields } from '../schemas/document-fields.schema.js';
import type { FieldKind, FieldMetadata } from '../schemas/metadata.schema.js';

interface JsonSchemaNode {
  type?: string;
  format?: string;
  anyOf?: JsonSchemaNode[];
  description?: string;
}

function describe(schema: JsonSchemaNode): { type: FieldKind; nullable: boolean; description: string } {
  const variants = schema.anyOf ?? [schema];
  const nullable = variants.some((v) => v.type === 'null');
  const value = variants.find((v) => v.type !== 'null') ?? {};
  const type: FieldKind =
    value.format === 'date' ? 'date' : value.type === 'integer' ? 'number' : ((value.type ?? 'object') as FieldKind);
  return { type, nullable, description: schema.description ?? value.description ?? '' };
}

const properties = (DocumentFields as TSchema & { properties: Record<string, JsonSchemaNode> }).properties;

export const FIELD_METADATA: FieldMetadata = {
  type: 'document',
  fields: Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, describe(schema)])),
};

export const FIELD_COUNT = Object.keys(properties).length;
