/** The answers of versioned writes (issue 32); their Hindi is in kernels/messages/catalogues/hi.json. */
export const RECORD_MSG = {
  badIfMatch: 'If-Match must name one record version, such as "3"',
  unknownBase: 'The version this change was based on is not known here. Open the application again and make the change there.',
  busy: 'This record is being saved by another request. Retry shortly.',
} as const;

/** The 409 of a write whose fields someone else changed to other values meanwhile: the rest of it was saved. */
export const conflictMessage = (fields: readonly string[]) =>
  `Saved, except ${fields.join(', ')}: changed by someone else meanwhile. Choose which value to keep.`;
