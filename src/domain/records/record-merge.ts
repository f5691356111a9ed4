/**
 * The three-way merge of a conditional write (issue 32): `base` is the record as the writer last
 * saw it (the version its If-Match names), `theirs` the record as it is now, `yours` the write.
 * A field only you changed takes your value; a field only they changed keeps theirs; a field both
 * changed to the same value is no conflict; a field both changed to different values is a
 * conflict and keeps theirs. A one-way field (a verified PAN, a verified account) is never merged
 * over its verification: when the record changed in parallel, any change of yours to it is a
 * conflict (with nothing in parallel it is an ordinary write, checked again by its step).
 */

export type RecordValues = Record<string, unknown>;

export type FieldConflict = { field: string; base: unknown; theirs: unknown; yours: unknown };

export type MergeResult = {
  /** The record to write: theirs with your non-conflicting changes. */
  values: RecordValues;
  /** Fields of yours written over a record they had changed since your base (merged, not conflicting). */
  mergedFields: string[];
  conflicts: FieldConflict[];
};

/** Deep equality of JSON values (key order ignored); `undefined` and `null` are the same absence. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b || (a == null && b == null)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => sameValue(item, other[i]));
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (!sameValue((a as RecordValues)[key], (b as RecordValues)[key])) return false;
  return true;
}

/** The fields whose values differ between two versions of a record. */
export function changedFields(from: RecordValues, to: RecordValues): string[] {
  return [...new Set([...Object.keys(from), ...Object.keys(to)])].filter((field) => !sameValue(from[field], to[field])).sort();
}

export type MergeInput = {
  base: RecordValues;
  theirs: RecordValues;
  yours: RecordValues;
  /** The fields the writer says they changed; a field whose value is still the base's is not a change, whatever it says. */
  declared?: readonly string[];
  /** Fields the server holds as verified (a verified PAN, a verified account): never merged over. */
  oneWay?: readonly string[];
};

export function mergeRecord({ base, theirs, yours, declared, oneWay = [] }: MergeInput): MergeResult {
  const theirChanges = new Set(changedFields(base, theirs));
  const yourChanges = Object.keys(yours).filter(
    (field) => (!declared || declared.includes(field)) && !sameValue(yours[field], base[field]),
  );
  const values: RecordValues = { ...theirs };
  const mergedFields: string[] = [];
  const conflicts: FieldConflict[] = [];
  for (const field of yourChanges.sort()) {
    const conflict = { field, base: base[field], theirs: theirs[field], yours: yours[field] };
    if (sameValue(yours[field], theirs[field])) continue; // both made the same change: nothing to decide
    if (theirChanges.has(field) || (oneWay.includes(field) && theirChanges.size > 0)) conflicts.push(conflict);
    else {
      values[field] = yours[field];
      if (theirChanges.size > 0) mergedFields.push(field);
    }
  }
  // A field of the record yours does not name (a new field of the form) keeps theirs, or takes yours when they have none.
  for (const [field, value] of Object.entries(yours)) if (!(field in values)) values[field] = value;
  return { values, mergedFields, conflicts };
}
