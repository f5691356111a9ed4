import * as z from 'zod/mini';

/** The schemas of uploaded file ids (form-checks.ts `fileId`, `optionalFileId`): a form shows them as uploads, not inputs. */
export const fileIdSchemas = z.registry<{ upload: true }>();

type Def = {
  type: string;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  checks?: { _zod: { def: { check: string; maximum?: number } } }[];
  entries?: Record<string, string>;
};
type Schema = { _zod: { def: Def } };

/** What a form field is, read from its schema: typed in (text, a number, a choice), uploaded, or something else (a location). */
export type FieldKind = 'text' | 'number' | 'choice' | 'upload' | 'other';
export type SchemaField = { name: string; kind: FieldKind; required: boolean; maxLength?: number; options?: readonly string[] };

/** The schema under optional / nullable / default wrappers, and whether a wrapper lets the field be left out. */
function unwrapped(schema: Schema): { inner: Schema; optional: boolean } {
  let inner = schema;
  let optional = false;
  while (inner._zod.def.innerType && ['optional', 'nullable', 'default', 'prefault'].includes(inner._zod.def.type)) {
    if (inner._zod.def.type !== 'nullable') optional = true;
    inner = inner._zod.def.innerType;
  }
  return { inner, optional };
}

function fieldOf(name: string, schema: Schema): SchemaField {
  const { inner, optional } = unwrapped(schema);
  if (inner._zod.def.type === 'pipe' && inner._zod.def.in && inner._zod.def.out) {
    // Typed as its input (text, a number), a choice when it ends in one.
    const typed = fieldOf(name, inner._zod.def.in);
    const ends = fieldOf(name, inner._zod.def.out);
    return { ...typed, ...(ends.options ? { kind: 'choice', options: ends.options } : {}), required: !optional && typed.required };
  }
  const def = inner._zod.def;
  const maxima = (def.checks ?? []).map((c) => c._zod.def).filter((c) => c.check === 'max_length' && c.maximum !== undefined);
  const maxLength = maxima.length ? Math.min(...maxima.map((c) => c.maximum!)) : undefined;
  const upload = fileIdSchemas.has(schema as never) || fileIdSchemas.has(inner as never);
  const kind: FieldKind = upload
    ? 'upload'
    : def.type === 'string'
      ? 'text'
      : def.type === 'number'
        ? 'number'
        : def.type === 'enum'
          ? 'choice'
          : 'other';
  return {
    name,
    kind,
    required: !optional,
    ...(maxLength !== undefined ? { maxLength } : {}),
    ...(def.entries ? { options: Object.values(def.entries) } : {}),
  };
}

/** Each field of an object schema (zod/mini, read through its `_zod.def`), in the schema's order. */
export function schemaFields(schema: z.ZodMiniObject): SchemaField[] {
  return Object.entries(schema._zod.def.shape).map(([name, field]) => fieldOf(name, field as unknown as Schema));
}

/**
 * The fields a form types in (text, numbers, choices), in the schema's order, without `except`
 * (what the form computes or carries itself): a field the schema gains is a field of the form.
 */
export function typedFieldsOf<F extends string>(schema: z.ZodMiniObject, except: readonly string[]): readonly F[] {
  return schemaFields(schema)
    .filter((f) => f.kind !== 'upload' && f.kind !== 'other' && !except.includes(f.name))
    .map((f) => f.name as F);
}

/** One field's facts; throws for a name the schema does not have (a form naming a field that is gone). */
export function schemaField(schema: z.ZodMiniObject, name: string): SchemaField {
  const field = schemaFields(schema).find((f) => f.name === name);
  if (!field) throw new Error(`The schema has no field ${name}`);
  return field;
}
