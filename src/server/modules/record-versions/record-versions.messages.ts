import { said } from '../../kernels/messages';

/** The answers of versioned writes (issue 32); their texts in every language are in src/server/messages/catalogues. */
export const RECORD_MSG = {
  badIfMatch: said('record.badIfMatch'),
  unknownBase: said('record.unknownBase'),
  busy: said('record.busy'),
} as const;

/** The 409 of a write whose fields someone else changed to other values meanwhile: the rest of it was saved. */
export const conflictMessage = (fields: readonly string[]) => said('text.savedExceptFieldsChangedBySomeone', { fields });
