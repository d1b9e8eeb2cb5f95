// Names the shapes of the published description. The route schemas are the TypeBox schemas that
// validate and serialize, and @fastify/swagger writes each of them inline wherever it is used, so a
// generated client would get anonymous types and the Document schema would be repeated per
// operation. Every schema that carries a `title` becomes components.schemas[title] and each use a
// $ref to it; nested titled schemas (Document → DocumentFields → Party) are named first.

type Json = unknown;
type JsonObject = Record<string, Json>;

const REF_PREFIX = '#/components/schemas/';

const isObject = (value: Json): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

export const schemaRef = (name: string) => ({ $ref: `${REF_PREFIX}${name}` });

/** Stable text of a schema, for telling whether two schemas of one title are the same. */
function canonical(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Replaces every titled schema under `root` with a $ref, collecting the schemas in `components`.
 * Two different schemas with one title are a mistake in src/schemas, and throw.
 */
export function nameSchemas<T>(root: T, components: Record<string, JsonObject>): T {
  const visit = (node: Json, insideSchema: boolean): Json => {
    if (Array.isArray(node)) return node.map((item) => visit(item, insideSchema));
    if (!isObject(node)) return node;
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      // `properties` maps member names to schemas: a member called "title" is no title.
      out[key] = key === 'properties' && isObject(value)
        ? Object.fromEntries(Object.entries(value).map(([name, member]) => [name, visit(member, true)]))
        : visit(value, insideSchema || key === 'schema');
    }
    const title = out.title;
    if (!insideSchema || typeof title !== 'string') return out;
    const known = components[title];
    if (known && canonical(known) !== canonical(out)) throw new Error(`two different schemas are titled ${title}`);
    components[title] = out;
    return schemaRef(title);
  };
  return visit(root, false) as T;
}
