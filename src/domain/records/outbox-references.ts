import { isObject } from '../shared/is-object';
/**
 * Outbox bodies may hold `{"$file": localId}` and `{"$app": localId}` in place of server ids,
 * because the file or application did not exist on the server when the officer submitted.
 */
export type Reference = { $file: string } | { $app: string };
export type ReferenceLookup = (ref: Reference) => string | undefined;
export type Resolution = { ok: true; value: unknown } | { ok: false; missing: Reference };

function asReference(value: unknown): Reference | undefined {
  if (!isObject(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 1) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.$file === 'string') return { $file: record.$file };
  if (typeof record.$app === 'string') return { $app: record.$app };
  return undefined;
}

/** Returns a copy of `value` with every reference replaced, or the first unresolved one. */
export function resolveReferences(value: unknown, lookup: ReferenceLookup): Resolution {
  const ref = asReference(value);
  if (ref) {
    const id = lookup(ref);
    return id === undefined ? { ok: false, missing: ref } : { ok: true, value: id };
  }
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const item of value) {
      const r = resolveReferences(item, lookup);
      if (!r.ok) return r;
      out.push(r.value);
    }
    return { ok: true, value: out };
  }
  if (value && typeof value === 'object' && !(value instanceof Blob)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const r = resolveReferences(item, lookup);
      if (!r.ok) return r;
      out[key] = r.value;
    }
    return { ok: true, value: out };
  }
  return { ok: true, value };
}

/** Every reference in a value, for finding what an entry waits on. */
export function collectReferences(value: unknown, into: Reference[] = []): Reference[] {
  const ref = asReference(value);
  if (ref) into.push(ref);
  else if (Array.isArray(value)) value.forEach((v) => collectReferences(v, into));
  else if (value && typeof value === 'object' && !(value instanceof Blob)) Object.values(value).forEach((v) => collectReferences(v, into));
  return into;
}
