import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { objectOrNull, kycSchema, refusedWhenBlank } from '../../../domain';
import { ErrorBanner } from '../../components/error-banner';
import { DocumentGroup, DraftStatus, fieldElement, FormSection, SelectField, TextField, useShowFirstError } from '../../components/form';
import { notifyError } from '../../components/notify';
import { useOnline } from '../../components/use-online';
import { useFilesFor } from '../../db/files.hooks';
import type { LocalApplication } from '../../db/records';
import { useFeatureT } from '../../i18n/feature-text';
import { KYC_DOCUMENTS, KYC_UPLOAD } from './kyc-documents';
import { digitsIn, KYC_FIELD_SPECS, kycValuesOf, type KycValues } from './kyc-fields';
import { AadhaarReadingPanel } from './aadhaar-reading-panel';
import { useKycAadhaarReading } from './use-kyc-aadhaar-reading';
import { useStepAnswer } from './use-step-answer';
import { genderCode, useKycForm, type GeoInfo } from './use-kyc-form';
import { kycText } from './kyc-documents.text';

const ERROR_ID = 'kyc-error';
/** After the answer left the outbox, the moment its view takes to reach the application's live copy. */
const SETTLE_MS = 300;

type KycFormProps = {
  app: LocalApplication;
  serverId: string;
  initial: KycValues;
  /** The form opened with a draft or a submitted step of this phone (not the server's KYC). */
  fromPhone: boolean;
  reviewer: boolean;
};

/** Spec 02 §4: a REJECTED decision on the KYC answer goes to the rejection page. */
export const isRejectedApplication = (app: LocalApplication | undefined) =>
  objectOrNull(app?.server?.approval_checks)?.decision === 'REJECTED';

/** The 'Borrowers Info' form: the KYC fields, the documents and Next. */
export function KycForm({ app, serverId, initial, fromPhone, reviewer }: KycFormProps) {
  const { t } = useFeatureT(kycText);
  const navigate = useNavigate();
  const online = useOnline();
  const serverKyc = objectOrNull(app.server?.kyc) ?? undefined;
  const photos = useFilesFor(app.localId, 'photo_file');
  const photo = photos?.filter((f) => f.uploadState !== 'failed').at(-1);
  const serverGeo = (objectOrNull(serverKyc?.photo_geo_tag_info) ?? undefined) as GeoInfo | undefined;
  // Spec 02 §3: the geo tag holds latitude and longitude, default 0 and 0.
  const photoGeo: GeoInfo = photo?.geo
    ? { latitude: photo.geo.latitude, longitude: photo.geo.longitude }
    : (serverGeo ?? { latitude: 0, longitude: 0 });
  const gender = app.steps?.borrower?.gender ?? app.server?.gender;
  const kyc = useKycForm({ applicationLocalId: app.localId, initial, gender, serverKyc, photoGeo });
  // The documents Next needs, marked before it (issue 31 N14): the voter ID too for a borrower not male.
  const required = refusedWhenBlank(
    kycSchema,
    { gender: genderCode(gender) },
    KYC_DOCUMENTS.map((doc) => doc.field),
  );
  const answer = useStepAnswer(kyc.submittedSeq);
  // The Aadhaar front's reading: the guardian filled here, the borrower's details offered (not to a reviewer).
  const reading = useKycAadhaarReading(app, serverId, kyc.form, !reviewer);
  const appRef = useRef(app);
  appRef.current = app;
  const [settled, setSettled] = useState(false);
  const invalidField = kyc.error?.field;

  // An application new to this phone: the server's KYC arrives after the form opened empty.
  const serverKycArrived = serverKyc !== undefined;
  useEffect(() => {
    if (serverKycArrived && !fromPhone && !kyc.form.formState.isDirty && kyc.submittedAt === null) kyc.form.reset(kycValuesOf(serverKyc));
  }, [serverKycArrived]);

  useShowFirstError(kyc.refusals, () => ({ focus: invalidField ? fieldElement(`kyc-${invalidField}`, invalidField) : null }));

  useEffect(() => {
    if (answer.kind === 'queued') navigate(`/application/co-applicants?id=${serverId}`);
    else if (answer.kind === 'refused') kyc.reopen(answer.message);
    if (answer.kind !== 'answered') return setSettled(false);
    const timer = setTimeout(() => setSettled(true), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [answer.kind]);

  useEffect(() => {
    if (!settled) return;
    if (isRejectedApplication(appRef.current)) {
      notifyError('Application Rejected!');
      navigate(`/application/rejection?id=${serverId}`, { replace: true });
    } else {
      navigate(`/application/co-applicants?id=${serverId}`);
    }
  }, [settled]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void kyc.submit();
  };

  const sending = kyc.submittedAt !== null && answer.kind !== 'refused';
  const control = kyc.form.control;
  const errorOf = (name: string) => (invalidField === name ? kyc.error?.message : undefined);

  return (
    <form className="kyc-form" noValidate aria-busy={sending || undefined} onSubmit={submit}>
      <FormSection legend="kyc.details" disabled={sending}>
        {KYC_FIELD_SPECS.map((spec) =>
          spec.kind === 'select' ? (
            <SelectField
              key={spec.name}
              name={spec.name}
              control={control}
              id={`kyc-${spec.name}`}
              label={spec.label}
              options={spec.options}
              error={errorOf(spec.name)}
              errorId={ERROR_ID}
              className="field"
            />
          ) : (
            <TextField
              key={spec.name}
              name={spec.name}
              control={control}
              id={`kyc-${spec.name}`}
              label={spec.label}
              error={errorOf(spec.name)}
              errorId={ERROR_ID}
              className={spec.kind === 'textarea' ? 'field--wide' : undefined}
              multiline={spec.kind === 'textarea'}
              inputMode={spec.kind === 'number' ? 'numeric' : undefined}
              normalise={spec.kind === 'number' ? digitsIn : undefined}
              autoComplete={spec.kind === 'textarea' ? undefined : 'off'}
              autoCapitalize={spec.kind === 'text' ? spec.autoCapitalize : undefined}
            />
          ),
        )}
      </FormSection>
      <DocumentGroup
        as="section"
        className="kyc-documents"
        gridClassName="kyc-documents__grid"
        itemClassName="kyc-documents__item"
        noteClassName="muted"
        legend="kyc.documents"
        note="kyc.documentsNote"
        previewIdPrefix="kyc-preview"
        applicationLocalId={app.localId}
        reviewer={reviewer}
        invalidField={invalidField}
        documents={KYC_DOCUMENTS.map((doc) => ({
          field: doc.field,
          uploadField: doc.field,
          label: doc.label,
          fields: { ...KYC_UPLOAD, file_type: doc.file_type },
          accept: doc.accept,
          geoTag: doc.geoTag,
          serverFileId: typeof serverKyc?.[doc.field] === 'string' ? (serverKyc[doc.field] as string) : null,
          required: required.has(doc.field),
        }))}
      />
      <AadhaarReadingPanel offer={reading.offer} onUse={reading.use} onDismiss={reading.dismiss} disabled={sending} />
      <ErrorBanner id={ERROR_ID} message={kyc.error?.message} />
      <DraftStatus error={kyc.saveError} />
      <p className="field-note" role="status">
        {sending ? t('kyc.sending') : ''}
      </p>
      {!online && <p className="field-note">{t('kyc.offlineNote')}</p>}
      <button type="submit" className="button button--primary kyc-form__next" disabled={kyc.busy || sending}>
        {t('kyc.next')}
      </button>
    </form>
  );
}
