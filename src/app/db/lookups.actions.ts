import { getDb } from './db';
import { saveLookup, type LookupKey } from './lookups.repository';

export { LOOKUP_KEYS, type LookupKey } from './lookups.repository';

/** Named operations on the cached server lists, for screens. */
export const cacheLookup = (key: LookupKey, value: unknown) => saveLookup(getDb(), key, value);
