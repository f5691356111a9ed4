import { useEffect, useRef, useState } from 'react';
import { readStatementIdentity, requestCam, type StatementRead } from '../../api/banking.api';
import { useFrameApplication } from '../../components/application-frame/frame-application';
import { NeedsConnection } from '../../components/needs-connection';
import { useOnline } from '../../components/use-online';
import { isGuestSession } from '../../session/session.storage';
import { saveStatementIdentities } from '../../db/statement-identities.actions';
import { businessStepsText } from '../../i18n/business-steps.text';
import { useFeatureT } from '../../i18n/feature-text';
import { businessText } from './business.text';

type Props = {
  /** The application on this phone: the identities read are kept for the bank account step. */
  applicationLocalId: string;
  /** The application's server id (mfi_app_id, application_id). */
  serverId: string;
  /** The bank's name as listed and its code (the CAM's bank_name). */
  bankName: string;
  bankCode: string | undefined;
  password: string;
  /** Server ids of the bank's statements: uploaded from this phone or already on the server. */
  fileIds: readonly string[];
  /** Statements on this phone not yet on the server (read once they are). */
  pending: boolean;
  idBase: string;
};

/** How long the bank and password stay unchanged before the statements are read. */
export const READ_SETTLE_MS = 600;

type Identity = { state: 'reading' } | { state: 'read'; results: StatementRead[] } | { state: 'failed'; message: string };

/** Saves a signed link as a file of this name, in the page (no tab is opened: issue 21 D11). */
export function downloadFile(url: string, name: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

const reasonOf = (message: string) =>
  message.startsWith('Identity verification failed') ? message : `Identity verification failed: ${message}`;

/**
 * A borrower applying on their own phone (the public flow's guest) does not read statements or
 * make the CAM: both are the branch's (staff routes). The statement is uploaded with the step and
 * read by the branch after the take-over; the borrower is told so in plain words.
 */
export function StatementChecks(props: Props) {
  const { t } = useFeatureT(businessText, businessStepsText);
  if (!isGuestSession()) return <StaffStatementChecks {...props} />;
  return props.fileIds.length > 0 || props.pending ? (
    <p className="field-note statement-checks field--wide">{t('business.statementForBranch')}</p>
  ) : null;
}

/**
 * The statements of one bank as the server reads them (needs connection): the identity found in
 * each (POST /banking/v1/identity, read once the statements are on the server) and, per
 * statement, 'Generate CAM' (POST /api/v1/banking/bank-statement-info), its progress said on the
 * page, then the workbook downloaded under the server's name for it. Offline both say "Needs connection"; the submit still queues, and the server
 * reads the statements itself on the bank submit.
 */
function StaffStatementChecks({ applicationLocalId, serverId, bankName, bankCode, password, fileIds, pending, idBase }: Props) {
  const { t, tm } = useFeatureT(businessText, businessStepsText);
  const online = useOnline();
  const [identity, setIdentity] = useState<Identity | null>(null);
  const [cam, setCam] = useState<{ busy?: string; error?: string; ready?: string }>({});
  // An approved application's statements are not read again (the server refuses it: issue 21 D16).
  const readOnly = useFrameApplication()?.readOnly === true;
  const key = `${bankName}|${fileIds.join(',')}|${password.trim()}`;
  const readKey = useRef('');
  const latest = useRef({ password });
  latest.current = { password };

  const read = async () => {
    readKey.current = key;
    setIdentity({ state: 'reading' });
    const pwd = latest.current.password.trim();
    try {
      const answer = await readStatementIdentity({
        bank_name: bankName,
        files: fileIds.map((file_id) => ({ file_id, ...(pwd ? { password: pwd } : {}) })),
        application_id: serverId,
      });
      if (readKey.current !== key) return;
      if (answer.success)
        void saveStatementIdentities(
          applicationLocalId,
          answer.data.results.map((r) => r.identity_data),
        ).catch(() => undefined);
      setIdentity(
        answer.success ? { state: 'read', results: answer.data.results } : { state: 'failed', message: reasonOf(answer.message) },
      );
    } catch {
      if (readKey.current === key) setIdentity({ state: 'failed', message: t('business.identityFailed') });
    }
  };

  // Read once the statements are on the server, and again when the bank or password changes
  // (after typing settles, so a password is not sent at each key).
  useEffect(() => {
    if (!online || readOnly || !bankName || fileIds.length === 0 || readKey.current === key) return;
    const timer = setTimeout(() => void read(), READ_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [online, key]);

  const generate = async (fileId: string) => {
    setCam({ busy: fileId });
    const pwd = latest.current.password.trim();
    try {
      const answer = await requestCam({
        bank_name: bankCode ?? '',
        file_id: fileId,
        mfi_app_id: serverId,
        ...(pwd ? { password: pwd } : {}),
      });
      const url = answer.success ? answer.data.download_url : undefined;
      if (!url)
        return setCam({
          error: answer.success || !answer.message ? t('business.camFailed') : `${t('business.camFailed')}: ${tm(answer.message)}`,
        });
      const name = (answer.success && answer.data.file_name) || 'CAM.xlsx';
      downloadFile(url, name);
      setCam({ ready: name });
    } catch {
      setCam({ error: t('business.camFailed') });
    }
  };

  const offlineId = `${idBase}-offline`;
  if (fileIds.length === 0)
    return pending && !online ? (
      <div className="statement-checks field--wide">
        <NeedsConnection id={offlineId} />
      </div>
    ) : null;
  return (
    <div className="statement-checks field--wide" aria-live="polite">
      {!online && <NeedsConnection id={offlineId} />}
      {identity?.state === 'reading' && <p className="field-note">{t('business.statementReading')}</p>}
      {identity?.state === 'read' &&
        identity.results.map((r) => (
          <p key={r.file_id} className="field-note statement-checks__identity">
            {t('business.statementIdentity', {
              name: r.identity_data.name,
              account: r.identity_data.account_number,
              ifsc: r.identity_data.ifsc,
              bank: r.identity_data.bank_name,
              type: r.identity_data.account_type,
            })}
          </p>
        ))}
      {identity?.state === 'failed' && (
        <p className="field-error" role="alert">
          {tm(identity.message)}{' '}
          <button type="button" className="button button--link" disabled={!online} onClick={() => void read()}>
            {t('business.readAgain')}
          </button>
        </p>
      )}
      <div className="statement-checks__cam">
        {fileIds.map((fileId, i) => (
          <button
            key={fileId}
            type="button"
            className="button button--secondary"
            disabled={!online || !bankCode || cam.busy !== undefined}
            aria-describedby={online ? undefined : offlineId}
            onClick={() => void generate(fileId)}
          >
            {cam.busy === fileId
              ? t('business.generatingCam')
              : fileIds.length > 1
                ? `${t('business.generateCam')} ${i + 1}`
                : t('business.generateCam')}
          </button>
        ))}
      </div>
      {cam.busy !== undefined && (
        <p className="field-note" role="status">
          {t('business.camProgress')}
        </p>
      )}
      {cam.ready && (
        <p className="field-note" role="status">
          {t('business.camReady', { name: cam.ready })}
        </p>
      )}
      {cam.error && (
        <p className="field-error" role="alert">
          {cam.error}
        </p>
      )}
    </div>
  );
}
