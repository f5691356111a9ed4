import { useState } from 'react';
import { APPLICATION_ROUTES, GENDER_CODES, kycSchema, queuedPathOf } from '../../../domain';
import { checkStepForm, useDraftAutosave, useQueuedSubmit, useStepForm } from '../../components/form';
import { fileReferencesOf, queueStep } from '../../db/application-steps.actions';
import { KYC_FILE_FIELDS } from './kyc-documents';
import { KYC_FORM, KYC_TEXT_FIELDS, type KycValues } from './kyc-fields';

export const KYC_URL = queuedPathOf(APPLICATION_ROUTES.kyc);

export type GeoInfo = { latitude: number; longitude: number };

/** The server id a body value stands for: `{"$file": id}` (a phone file) or a server file id. */
export function fileIdOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { $file?: unknown }).$file === 'string')
    return (value as { $file: string }).$file;
  return '';
}

/** The borrower's gender code for the voter-ID rule, or null when not known. */
export function genderCode(value: unknown): (typeof GENDER_CODES)[number] | null {
  return (GENDER_CODES as readonly unknown[]).includes(value) ? (value as (typeof GENDER_CODES)[number]) : null;
}

export type KycFormOptions = {
  applicationLocalId: string;
  initial: KycValues;
  /** The borrower's gender (steps.borrower or the server's view). */
  gender: unknown;
  /** The server's KYC, whose file ids stand when the phone has no file for a field. */
  serverKyc: Record<string, unknown> | null | undefined;
  photoGeo: GeoInfo;
};

/**
 * The KYC form on the kit: values in react-hook-form, the draft autosave, and Next: kycSchema
 * over the values and the phone's files, then one queued PATCH basic-info (spec 02 §4 "KYC").
 */
export function useKycForm({ applicationLocalId, initial, gender, serverKyc, photoGeo }: KycFormOptions) {
  const files = async () => {
    const refs = await fileReferencesOf(applicationLocalId, KYC_FILE_FIELDS, serverKyc ?? {});
    return { refs, ids: Object.fromEntries(Object.entries(refs).map(([field, value]) => [field, fileIdOf(value)])) };
  };
  const form = useStepForm({
    schema: kycSchema,
    defaultValues: initial,
    // The typed values with the phone's files and the borrower's gender (the voter ID rule).
    input: async (values) => ({ ...values, ...(await files()).ids, gender: genderCode(gender) }),
  });
  const [submittedSeq, setSubmittedSeq] = useState<number | null>(null);
  const autosave = useDraftAutosave({ form, draft: { form: KYC_FORM, applicationLocalId }, onChange: () => queued.setError(null) });
  const queued = useQueuedSubmit({
    autosave,
    // The step follows the server's answer (the bureau) before it says anything.
    toast: false,
    fields: [...KYC_TEXT_FIELDS, ...Object.keys(KYC_FILE_FIELDS)],
    validate: async () => {
      const values = form.getValues();
      // Spec 02 §2: only the first message, in the error banner (and beside its field).
      const parsed = await checkStepForm(form);
      if (!parsed.ok) return { ok: false, error: parsed.error };
      const { refs } = await files();
      // The server takes the gender from the borrower (docs/application-api.md).
      const { gender: _borrowerGender, ...data } = parsed.data;
      return { ok: true, plan: { body: { ...data, ...refs, photo_geo_tag_info: photoGeo }, values } };
    },
    queue: ({ body, values }, at) =>
      queueStep(
        {
          applicationLocalId,
          form: KYC_FORM,
          label: 'KYC details',
          method: 'PATCH',
          url: KYC_URL,
          body,
          values,
          stage: 'BORROWER_BASIC_INFO',
        },
        at,
      ),
    onQueued: (seq) => setSubmittedSeq(seq),
  });

  return {
    form,
    error: queued.error,
    refusals: queued.refusals,
    busy: queued.busy,
    saveError: autosave.saveError,
    submittedAt: queued.queuedAt,
    submittedSeq,
    submit: queued.submit,
    /** The server refused the queued item: the form is editable again, its draft saved again. */
    reopen: (message: string) => {
      setSubmittedSeq(null);
      queued.reopen(message);
    },
  };
}
