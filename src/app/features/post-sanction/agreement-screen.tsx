import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatInstantDateTime, PATTERNS, policyAllows, type AgreementSignerView, type AgreementView } from '../../../domain';
import { fetchAgreement, fetchAgreementPdf, makeAgreement, sendEsignCode, verifyEsignCode } from '../../api/agreement.api';
import { extractErrorMessage } from '../../api/error-message';
import { ErrorBanner } from '../../components/error-banner';
import { NeedsConnection } from '../../components/needs-connection';
import { notifySuccess } from '../../components/notify';
import { useOnline } from '../../components/use-online';
import { codeInWords } from '../../i18n/code-labels';
import { useFeatureT } from '../../i18n/feature-text';
import { useProfile } from '../../session/use-session';
import { postSanctionText } from './post-sanction.text';
import { MandatePanel } from './mandate-panel';
import './post-sanction.css';

type Run = <T>(work: (key: string) => Promise<{ success: boolean; message?: string; data?: T }>, keyName: string) => Promise<T | null>;

/** Runs a POST with an Idempotency-Key kept until it has an answer (a double tap or a retry acts once). */
function useKeyedRun(setError: (message: string | null) => void, failed: string): { run: Run; busy: boolean } {
  const keys = useRef(new Map<string, string>());
  const [busy, setBusy] = useState(false);
  const run: Run = async (work, keyName) => {
    const key = keys.current.get(keyName) ?? crypto.randomUUID();
    keys.current.set(keyName, key);
    setBusy(true);
    setError(null);
    try {
      const answer = await work(key);
      keys.current.delete(keyName);
      if (!answer.success) {
        setError(answer.message || failed);
        return null;
      }
      return answer.data ?? null;
    } catch (error) {
      setError(extractErrorMessage(error) || failed);
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}

function SignerRow({
  signer,
  serverId,
  canSign,
  onSigned,
}: {
  signer: AgreementSignerView;
  serverId: string;
  canSign: boolean;
  onSigned: (view: AgreementView) => void;
}) {
  const { t } = useFeatureT(postSanctionText);
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [session, setSession] = useState<{ id: string; mobile: string } | null>(null);
  const [otp, setOtp] = useState('');
  const { run, busy } = useKeyedRun(setError, t('agreement.failed'));
  const signedTime = signer.signed_at ? formatInstantDateTime(Date.parse(signer.signed_at)) : '';
  const send = async () => {
    const sent = await run((key) => sendEsignCode(serverId, signer.id, key), `send-${signer.id}`);
    if (sent) setSession({ id: sent.session_id, mobile: sent.mobile });
  };
  const sign = async () => {
    if (!session) return;
    const view = await run((key) => verifyEsignCode(serverId, session.id, otp, key), `verify-${session.id}-${otp}`);
    if (view) {
      setSession(null);
      setOtp('');
      onSigned(view);
    }
  };
  return (
    <li className="agreement__signer" data-testid={`signer-${signer.kind}`}>
      <p>
        <strong>{signer.name}</strong> · {t(`agreement.kind.${signer.kind}`)} ·{' '}
        <span data-testid="signer-state">
          {signer.state === 'SIGNED' ? t('agreement.state.SIGNED', { time: signedTime }) : t('agreement.state.PENDING')}
        </span>
      </p>
      {signer.state === 'PENDING' && canSign && (
        <div className="agreement__sign">
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => void send()}>
            {t('agreement.sendCode')}
          </button>
          {session && (
            <>
              <p role="status">{t('agreement.codeSent', { mobile: session.mobile })}</p>
              <label htmlFor={`${id}-otp`}>{t('agreement.code')}</label>
              <input
                id={`${id}-otp`}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={otp}
                onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
              />
              <button type="button" className="button button--primary" disabled={busy || otp.length !== 6} onClick={() => void sign()}>
                {t('agreement.sign')}
              </button>
            </>
          )}
          <ErrorBanner message={error} />
        </div>
      )}
    </li>
  );
}

function Agreement({ serverId }: { serverId: string }) {
  const { t, lang } = useFeatureT(postSanctionText);
  const profile = useProfile();
  const [view, setView] = useState<AgreementView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { run, busy } = useKeyedRun(setError, t('agreement.failed'));
  const load = useCallback(async () => {
    try {
      const answer = await fetchAgreement(serverId);
      if (answer.success && answer.data) setView(answer.data);
      else setError(answer.message || t('agreement.failed'));
    } catch (failure) {
      setError(extractErrorMessage(failure));
    }
  }, [serverId, t]);
  useEffect(() => {
    void load();
  }, [load]);

  if (!view) return error ? <ErrorBanner message={error} /> : <p role="status">{t('agreement.loading')}</p>;
  const designation = profile?.mfi_employee ?? null;
  const canMake = policyAllows(designation, view.application_status, 'agreement-make') && view.signers.every((s) => s.state === 'PENDING');
  const canSign = policyAllows(designation, view.application_status, 'esign');
  const make = async () => {
    const made = await run((key) => makeAgreement(serverId, key), 'make');
    if (made) {
      setView(made);
      notifySuccess(t('agreement.made', { number: made.number ?? '' }));
    }
  };
  const download = async () => {
    try {
      const url = URL.createObjectURL(await fetchAgreementPdf(serverId));
      window.open(url, '_blank', 'noopener');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (failure) {
      setError(extractErrorMessage(failure));
    }
  };
  return (
    <>
      <section aria-labelledby="agreement-heading" className="agreement">
        <h2 id="agreement-heading">{t('agreement.heading')}</h2>
        <p data-testid="application-status">{t('agreement.status', { status: codeInWords(view.application_status, lang) })}</p>
        {view.state === 'NONE' ? (
          <p>{canMake ? t('agreement.none') : t('agreement.noneOfficer')}</p>
        ) : (
          <>
            <p data-testid="agreement-number">{t('agreement.made', { number: view.number ?? '' })}</p>
            <p className="field-note agreement__hash">{t('agreement.kfs', { number: view.kfs_number ?? '', hash: view.kfs_hash ?? '' })}</p>
            <button type="button" className="button button--secondary" onClick={() => void download()}>
              {t('agreement.pdf')}
            </button>
          </>
        )}
        {canMake && (
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void make()}>
            {view.state === 'NONE' ? t('agreement.make') : t('agreement.remake')}
          </button>
        )}
        <ErrorBanner message={error} />
        {view.signers.length > 0 && (
          <>
            <h3>{t('agreement.signers')}</h3>
            <ul className="agreement__signers">
              {view.signers.map((signer) => (
                <SignerRow key={signer.id} signer={signer} serverId={serverId} canSign={canSign} onSigned={setView} />
              ))}
            </ul>
          </>
        )}
        {view.state === 'SIGNED' && (
          <p role="status" data-testid="all-signed">
            {t('agreement.allSigned')}
          </p>
        )}
      </section>
      <div className="agreement__mandate">
        <MandatePanel serverId={serverId} onRegistered={() => void load()} />
      </div>
    </>
  );
}

/** /application/agreement?id=<server id>: the loan agreement, its signers and their e-sign; online only. */
export function AgreementScreen() {
  const { t } = useFeatureT(postSanctionText);
  const [params] = useSearchParams();
  const online = useOnline();
  const serverId = params.get('id') ?? '';
  return (
    <section className="agreement-screen" aria-labelledby="agreement-title">
      <h1 id="agreement-title">{t('agreement.title')}</h1>
      {!PATTERNS.applicationId.test(serverId) ? (
        <p className="form-error" role="alert">
          {t('agreement.invalidId')}
        </p>
      ) : !online ? (
        <NeedsConnection id="agreement-offline" />
      ) : (
        <Agreement serverId={serverId} />
      )}
    </section>
  );
}
