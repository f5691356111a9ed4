/** A JSON object (not null, not an array): what a record, a view or a request body is read as. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value when it is a JSON object, else null. */
export const objectOrNull = (value: unknown): Record<string, unknown> | null => (isObject(value) ? value : null);
