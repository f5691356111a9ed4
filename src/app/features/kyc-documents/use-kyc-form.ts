import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { GENDER_CODES, kycSchema } from '../../../domain';
import { fileReferences, submitStep } from '../../db/application-steps.repository';
import { getDb } from '../../db/db';
import { createDraftSaver, saveDraft } from '../../db/drafts.repository';
import { STORAGE_FULL_MESSAGE, StorageFullError } from '../../db/storage-errors';
import { KYC_FILE_FIELDS } from './kyc-documents';
import { KYC_FORM, type KycValues } from './kyc-fields';

export const KYC_URL = '/v1/app/mfi/{app}/basic-info';
export const KYC_SUBMIT_FAILED = 'Failed to submit KYC details. Please try again.';

export type KycError = { message: string; field?: string };
export type GeoInfo = { latitude: number; longitude: number };

/** The server id a body value stands for: `{"$file": id}` (a phone file) or a server file id. */
export function fileIdOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { $file?: unknown }).$file === 'string') return (value as { $file: string }).$file;
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
 * The KYC form: values in react-hook-form, a draft saved on every change, and Next: kycSchema
 * over the values and the phone's files, then one queued PATCH basic-info (spec 02 §4 "KYC").
 */
export function useKycForm({ applicationLocalId, initial, gender, serverKyc, photoGeo }: KycFormOptions) {
  const form = useForm<KycValues>({ defaultValues: initial });
  const [error, setError] = useState<KycError | null>(null);
  const [busy, setBusy] = useState(false);
  const [submittedAt, setSubmittedAt] = useState<number | null>(null);
  const [submittedSeq, setSubmittedSeq] = useState<number | null>(null);
  const submitted = useRef(false);
  const saver = useMemo(() => createDraftSaver((values) => saveDraft(getDb(), KYC_FORM, values, applicationLocalId)), [applicationLocalId]);

  useEffect(() => {
    const subscription = form.watch((values) => {
      if (submitted.current) return;
      setError(null);
      saver.schedule(values as Record<string, unknown>);
    });
    const onHide = () => void saver.flush();
    window.addEventListener('pagehide', onHide);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('pagehide', onHide);
      void saver.flush();
    };
  }, [form, saver]);

  const submit = useCallback(async (): Promise<'invalid' | 'queued' | 'failed' | 'busy'> => {
    if (busy || submitted.current) return 'busy';
    setBusy(true);
    try {
      const db = getDb();
      const values = form.getValues();
      const refs = await fileReferences(db, applicationLocalId, KYC_FILE_FIELDS, serverKyc ?? {});
      const files = Object.fromEntries(Object.entries(refs).map(([field, value]) => [field, fileIdOf(value)]));
      const parsed = kycSchema.safeParse({ ...values, ...files, gender: genderCode(gender) });
      if (!parsed.success) {
        // Spec 02 §2: only the first message, in the error banner.
        const issue = parsed.error.issues[0];
        setError({ message: issue?.message ?? KYC_SUBMIT_FAILED, field: typeof issue?.path[0] === 'string' ? issue.path[0] : undefined });
        return 'invalid';
      }
      // The server takes the gender from the borrower (docs/application-api.md).
      const { gender: _borrowerGender, ...data } = parsed.data;
      const body = { ...data, ...refs, photo_geo_tag_info: photoGeo };
      const at = Date.now();
      submitted.current = true;
      saver.cancel();
      const seq = await submitStep(
        db,
        { applicationLocalId, form: KYC_FORM, label: 'KYC details', method: 'PATCH', url: KYC_URL, body, values, stage: 'BORROWER_BASIC_INFO' },
        at,
      );
      setSubmittedSeq(seq);
      setSubmittedAt(at);
      return 'queued';
    } catch (caught) {
      submitted.current = false;
      setError({ message: caught instanceof StorageFullError ? STORAGE_FULL_MESSAGE : KYC_SUBMIT_FAILED });
      return 'failed';
    } finally {
      setBusy(false);
    }
  }, [applicationLocalId, busy, form, gender, photoGeo, saver, serverKyc]);

  /** The server refused the queued item: the form is editable again, its draft saved again. */
  const reopen = useCallback(
    (message: string) => {
      submitted.current = false;
      setSubmittedAt(null);
      setSubmittedSeq(null);
      setError({ message: message || KYC_SUBMIT_FAILED });
      void saveDraft(getDb(), KYC_FORM, form.getValues(), applicationLocalId);
    },
    [applicationLocalId, form],
  );

  return { form, error, busy, submittedAt, submittedSeq, submit, reopen };
}
