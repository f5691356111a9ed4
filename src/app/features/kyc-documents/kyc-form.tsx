import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ErrorBanner } from '../../components/error-banner';
import { notifyError } from '../../components/notify';
import { useOnline } from '../../components/use-online';
import { useFilesFor } from '../../db/files.hooks';
import type { LocalApplication } from '../../db/records';
import { useT } from '../../i18n/use-t';
import { KycDocumentsSection } from './kyc-documents-section';
import { KycField } from './kyc-field';
import { KYC_FIELD_SPECS, kycValuesOf, type KycValues } from './kyc-fields';
import { useStepAnswer } from './use-step-answer';
import { useKycForm, type GeoInfo } from './use-kyc-form';

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

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** Spec 02 §4: a REJECTED decision on the KYC answer goes to the rejection page. */
export const isRejectedApplication = (app: LocalApplication | undefined) =>
  asRecord(app?.server?.approval_checks)?.decision === 'REJECTED';

/** Focus the first failing field: an input of the form, or the upload box of a document. */
function focusField(field: string | undefined) {
  if (!field) return;
  const target =
    document.getElementById(`kyc-${field}`) ?? document.querySelector<HTMLElement>(`[data-field="${field}"] input:not([disabled]), [data-field="${field}"] button`);
  target?.focus();
}

/** The 'Borrowers Info' form: the KYC fields, the documents and Next. */
export function KycForm({ app, serverId, initial, fromPhone, reviewer }: KycFormProps) {
  const { t } = useT();
  const navigate = useNavigate();
  const online = useOnline();
  const serverKyc = asRecord(app.server?.kyc);
  const photos = useFilesFor(app.localId, 'photo_file');
  const photo = photos?.filter((f) => f.uploadState !== 'failed').at(-1);
  const serverGeo = asRecord(serverKyc?.photo_geo_tag_info) as GeoInfo | undefined;
  // Spec 02 §3: the geo tag holds latitude and longitude, default 0 and 0.
  const photoGeo: GeoInfo = photo?.geo
    ? { latitude: photo.geo.latitude, longitude: photo.geo.longitude }
    : serverGeo ?? { latitude: 0, longitude: 0 };
  const gender = app.steps?.borrower?.gender ?? app.server?.gender;
  const kyc = useKycForm({ applicationLocalId: app.localId, initial, gender, serverKyc, photoGeo });
  const answer = useStepAnswer(kyc.submittedSeq);
  const appRef = useRef(app);
  appRef.current = app;
  const [settled, setSettled] = useState(false);
  const [failedSubmits, setFailedSubmits] = useState(0);

  // An application new to this phone: the server's KYC arrives after the form opened empty.
  const serverKycArrived = serverKyc !== undefined;
  useEffect(() => {
    if (serverKycArrived && !fromPhone && !kyc.form.formState.isDirty && kyc.submittedAt === null) kyc.form.reset(kycValuesOf(serverKyc));
  }, [serverKycArrived]);

  useEffect(() => {
    if (failedSubmits > 0) focusField(kyc.error?.field);
  }, [failedSubmits]);

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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await kyc.submit();
    if (outcome === 'invalid' || outcome === 'failed') setFailedSubmits((n) => n + 1);
  };

  const sending = kyc.submittedAt !== null && answer.kind !== 'refused';
  const invalidField = kyc.error?.field;

  return (
    <form className="kyc-form" noValidate aria-busy={sending || undefined} onSubmit={(event) => void submit(event)}>
      <fieldset className="form-section" disabled={sending}>
        <legend>{t('kyc.details')}</legend>
        {KYC_FIELD_SPECS.map((spec) => (
          <KycField
            key={spec.name}
            spec={spec}
            control={kyc.form.control}
            register={kyc.form.register}
            error={invalidField === spec.name ? kyc.error?.message : undefined}
            errorId={ERROR_ID}
          />
        ))}
      </fieldset>
      <KycDocumentsSection
        applicationLocalId={app.localId}
        reviewer={reviewer}
        serverFiles={serverKyc}
        invalidField={invalidField}
      />
      <ErrorBanner id={ERROR_ID} message={kyc.error?.message} />
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
