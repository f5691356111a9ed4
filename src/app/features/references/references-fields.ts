import {
  MAX_REFERENCES,
  queuedPathOf,
  REFERENCE_TYPES,
  referenceSchema,
  schemaField,
  STEP_ROUTES,
  type Reference,
  type ReferenceType,
} from '../../../domain';
import type { FieldOption, FormText } from '../../components/form';
import type { LocalApplication } from '../../db/records';
import type { ReferencesKey } from './references.text';
import { isObject } from '../../../domain/shared/is-object';

/** Draft and step name of the references (the list being built, and what was submitted). */
export const REFERENCES_FORM = 'references';
export const REFERENCES_URL = queuedPathOf(STEP_ROUTES.references);

/** One reference's form: every field of the schema as text (its id made on the phone). */
export type ReferenceValues = FormText<Reference, keyof Reference>;
export const TYPE_OPTIONS: FieldOption[] = (schemaField(referenceSchema, 'type').options ?? []).map((type) => ({
  value: type,
  label: `references.type.${type}` as ReferencesKey,
}));

export const referencesPath = (serverId: string) => `/application/references?id=${serverId}`;
export const referenceDetailsPath = (serverId: string, index: number) =>
  `/application/reference-details?id=${serverId}&record_index=${index}`;
export const afterReferencesPath = (serverId: string) => `/application/success/loan-offers?id=${serverId}`;

const str = (value: unknown) => (typeof value === 'string' ? value : '');

export function toReferenceValues(source: unknown): ReferenceValues {
  const r = isObject(source) ? source : {};
  const type = (REFERENCE_TYPES as readonly unknown[]).includes(r.type) ? (r.type as ReferenceType) : '';
  return { id: str(r.id), type, name: str(r.name), phone: str(r.phone), address: str(r.address), company_name: str(r.company_name) };
}

export const referenceListOf = (source: unknown): ReferenceValues[] =>
  isObject(source) && Array.isArray(source.reference_list)
    ? source.reference_list.filter(isObject).slice(0, MAX_REFERENCES).map(toReferenceValues)
    : [];

/** The references the list starts from: the list being built on this phone, else the submitted one, else the server's. */
export function startingReferences(app: LocalApplication, draft: Record<string, unknown> | undefined): ReferenceValues[] {
  if (draft) return referenceListOf(draft);
  const step = app.steps?.[REFERENCES_FORM];
  if (step) return referenceListOf(step);
  return referenceListOf({ reference_list: app.server?.reference_list });
}
