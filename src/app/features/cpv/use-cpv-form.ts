import { useRef } from 'react';
import {
  CPV_MSG,
  CPV_SCHEMAS,
  CPV_STAGE,
  cpvRoleIssue,
  geoTagField,
  type BusinessCpvForm,
  type CpvGeoTag,
  type CpvKind,
  type ResidenceCpvForm,
} from '../../../domain';
import { checkStepForm, useDraftAutosave, useQueuedSubmit, useStepForm, type DomainSchema } from '../../components/form';
import { fileReferencesOf, queueStep } from '../../db/application-steps.actions';
import { useParkedStep } from '../../db/parked-steps.hooks';
import { CPV_DOCUMENTS, CPV_FIGURES, CPV_FORM, CPV_LABEL, CPV_URL, CPV_VERIFICATION_TYPE, type CpvValues } from './cpv-fields';

type Options = {
  applicationLocalId: string;
  kind: CpvKind;
  initial: CpvValues;
  /** The server's record of this place: its file ids and geo tags stand when the phone has none. */
  server: Record<string, unknown> | null;
  /** The borrower's mobile (spec 02 §3 CPV `phone`). */
  phone: string;
  designation: string | null | undefined;
  /** Any deviation neither matched nor approved: submit is blocked (spec 02 §5). */
  blocked: boolean;
  /** Each photo's geo tag (the phone's file, else the server's, else 0, 0), read at submit. */
  geoTags: () => Record<string, CpvGeoTag>;
  onQueued: () => void;
};

/** The server id a body value stands for: `{"$file": id}` (a phone file) or a server file id. */
const fileIdOf = (value: unknown): string | null => {
  if (typeof value === 'string' && value !== '') return value;
  if (value && typeof value === 'object' && typeof (value as { $file?: unknown }).$file === 'string')
    return (value as { $file: string }).$file;
  return null;
};

/**
 * One CPV form (business place or residence) on the kit: values in the draft; Submit checks the
 * deviations, the domain schema over the values, the photos and their geo tags, the BCM-selfie
 * rule of the caller's role; then one queued POST recording the place's stage (works offline: the
 * photos are uploaded by the outbox first, once each).
 */
export function useCpvForm({ applicationLocalId, kind, initial, server, phone, designation, blocked, geoTags, onQueued }: Options) {
  const latest = useRef({ server, phone, designation, blocked, geoTags });
  latest.current = { server, phone, designation, blocked, geoTags };
  const docs = CPV_DOCUMENTS[kind];
  const fileRefs = () =>
    fileReferencesOf(applicationLocalId, Object.fromEntries(docs.map((d) => [d.field, d.uploadField])), latest.current.server ?? {});
  const form = useStepForm({
    // The form is one place's: its schema's output is that place's.
    schema: CPV_SCHEMAS[kind] as DomainSchema<BusinessCpvForm | ResidenceCpvForm>,
    defaultValues: initial,
    // The figures with the photos (their server ids), their geo tags, the borrower's phone and the place's type.
    input: async (values) => {
      const refs = await fileRefs();
      const tags = latest.current.geoTags();
      const geo = Object.fromEntries(
        docs.filter((d) => d.geoTag).map((d) => [geoTagField(d.field), tags[d.field] ?? { latitude: 0, longitude: 0 }]),
      );
      const ids = Object.fromEntries(docs.map((d) => [d.field, fileIdOf(refs[d.field])]));
      return { ...values, ...ids, ...geo, phone: latest.current.phone, verification_type: CPV_VERIFICATION_TYPE[kind] };
    },
  });
  const autosave = useDraftAutosave({ form, draft: { form: CPV_FORM[kind], applicationLocalId }, onChange: () => queued.setError(null) });

  const queued = useQueuedSubmit({
    autosave,
    parked: useParkedStep(applicationLocalId, CPV_URL[kind]),
    fields: [...docs.map((d) => d.field), ...CPV_FIGURES[kind], 'remarks'],
    validate: async () => {
      const { designation, blocked } = latest.current;
      if (blocked) return { ok: false, error: { message: CPV_MSG.unapprovedDeviations } };
      const values = form.getValues();
      const parsed = await checkStepForm(form);
      if (!parsed.ok) return { ok: false, error: parsed.error };
      const refs = await fileRefs();
      const ids = Object.fromEntries(docs.map((d) => [d.field, fileIdOf(refs[d.field])]));
      const role = cpvRoleIssue(kind, designation, ids);
      if (role) return { ok: false, error: { message: role.message, field: role.field } };
      // Files go as references the engine replaces with their server ids once uploaded.
      const files = Object.fromEntries(docs.map((d) => [d.field, ids[d.field] ? refs[d.field] : null]));
      return { ok: true, plan: { body: { ...parsed.data, ...files }, values } };
    },
    queue: ({ body, values }, at) =>
      queueStep(
        {
          applicationLocalId,
          form: CPV_FORM[kind],
          label: CPV_LABEL[kind],
          method: 'POST',
          url: CPV_URL[kind],
          body: body as Record<string, unknown>,
          values,
          stage: CPV_STAGE[kind],
        },
        at,
      ),
    onQueued,
  });

  return { form, queued, saveError: autosave.saveError };
}
