// Small building blocks shared by every schema in this folder.
import { Type, type TSchema } from 'typebox';

/** A value that may also be null. OpenAPI 3.1 reads this as `anyOf: [T, null]`. */
export const Nullable = <T extends TSchema>(schema: T, options: { description?: string } = {}) =>
  Type.Union([schema, Type.Null()], options);

export const DateTime = (description?: string) =>
  Type.String({ format: 'date-time', ...(description ? { description } : {}) });

/** ISO 8601 calendar date, YYYY-MM-DD. */
export const CalendarDate = (description: string) =>
  Type.String({ format: 'date', description });
