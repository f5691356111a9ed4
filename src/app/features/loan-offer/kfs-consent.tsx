import { useEffect, useId, useState } from 'react';
import {
  formatInstantDateTime,
  LANGUAGE_NAMES,
  type KfsAcknowledgement,
  type KfsLanguage,
  type KfsSent,
  type LoanOfferView,
} from '../../../domain';
import { extractErrorMessage } from '../../api/error-message';
import { acknowledgeKfs, resendKfs, sendKfs } from '../../api/loan-offer.api';
import { ErrorBanner } from '../../components/error-banner';
import { NeedsConnection } from '../../components/needs-connection';
import { notifySuccess } from '../../components/notify';
import { getGeoTag } from '../../media/geo-tag';
import { useFeatureT } from '../../i18n/feature-text';
import { showDate } from './loan-offer-format';
import { loanOfferText } from './loan-offer.text';

type Props = {
  offer: LoanOfferView;
  serverId: string;
  /** The statement's language as shown: the one sent and acknowledged. */
  language: KfsLanguage;
  online: boolean;
  /** The credit manager, while the offer may be edited. */
  canSend: boolean;
  /** An edit is on its way: the statement shown is about to change. */
  pending: boolean;
  reissuing: boolean;
  onAcknowledged: (ack: KfsAcknowledgement) => void;
  onReissue: () => void;
};

/** Seconds left before a resend: `sent.at` is when the code went, `sent.wait` how long to wait. */
function useCountdown(sent: { at: number; wait: number } | null): number {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (!sent) return setLeft(0);
    const tick = () => setLeft(Math.max(0, Math.ceil((sent.at + sent.wait * 1000 - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [sent]);
  return left;
}

/**
 * The borrower's acknowledgement of the Key Fact Statement (DECISIONS.md "Key Fact Statement and
 * the borrower's consent"): the statement's number and validity; "Send to borrower" texts the
 * borrower's verified mobile a code for the statement shown; the borrower reads the code out and
 * the credit manager types it here (with the phone's position). Online only: it says so. An expired
 * statement is re-issued (computed again) first.
 */
export function KfsConsent({ offer, serverId, language, online, canSend, pending, reissuing, onAcknowledged, onReissue }: Props) {
  const { t } = useFeatureT(loanOfferText);
  const id = useId();
  const [sent, setSent] = useState<KfsSent | null>(null);
  const [sentAt, setSentAt] = useState<{ at: number; wait: number } | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const left = useCountdown(sentAt);
  const ack = offer.kfs_acknowledged ? offer.acknowledgement : null;

  // A new version of the statement needs a new code: the one sent was for the old number.
  useEffect(() => {
    setSent(null);
    setCode('');
    setError(null);
  }, [offer.kfs_number]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(extractErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const send = () =>
    run(async () => {
      const answer = sent
        ? await resendKfs({ application_id: serverId, session_id: sent.session_id })
        : await sendKfs({ application_id: serverId, kfs_number: offer.kfs_number!, language });
      if (!answer.success) return setError(answer.message);
      setSent(answer.data);
      setSentAt({ at: Date.now(), wait: answer.data.resend_after_seconds });
      setCode('');
    });

  const confirm = () =>
    run(async () => {
      const position = await getGeoTag(5000);
      const answer = await acknowledgeKfs({
        application_id: serverId,
        session_id: sent!.session_id,
        otp: code,
        ...(position.unavailable
          ? {}
          : { latitude: position.latitude, longitude: position.longitude, accuracy_m: position.accuracy ?? null }),
      });
      if (!answer.success) return setError(answer.message);
      setSent(null);
      notifySuccess(t('consent.acknowledgedToast'));
      onAcknowledged(answer.data);
    });

  const offline = `${id}-offline`;
  return (
    <section className="kfs-consent" aria-labelledby={`${id}-title`} data-testid="kfs-consent">
      <h2 id={`${id}-title`}>{t('consent.title')}</h2>
      {offer.kfs_number ? (
        <p className="kfs-consent__number">
          {t('consent.number')}: <strong data-testid="kfs-number">{offer.kfs_number}</strong> ·{' '}
          {t('consent.validUntil', { date: showDate(offer.kfs_valid_until) })}
        </p>
      ) : (
        <p className="field-note">{t('consent.noNumber')}</p>
      )}
      {offer.kfs_expired && !offer.is_accepted ? (
        <>
          <p className="form-error" role="alert">
            {t('consent.expired', { date: showDate(offer.kfs_valid_until) })}
          </p>
          {canSend && (
            <button
              type="button"
              className="button button--secondary"
              disabled={!online || reissuing}
              aria-describedby={!online ? offline : undefined}
              onClick={onReissue}
            >
              {t('consent.reissue')}
            </button>
          )}
        </>
      ) : ack ? (
        <p className="kfs-consent__done" role="status" data-testid="kfs-acknowledged">
          {t('consent.acknowledged', {
            number: ack.kfs_number,
            time: formatInstantDateTime(Date.parse(ack.acknowledged_at)),
            language: LANGUAGE_NAMES[ack.language],
          })}
        </p>
      ) : canSend && offer.kfs_number ? (
        <>
          <p className="field-note">{t('consent.how')}</p>
          <button
            type="button"
            className="button button--secondary"
            disabled={!online || busy || pending || (sent !== null && left > 0)}
            aria-describedby={!online ? offline : undefined}
            onClick={() => void send()}
          >
            {sent ? (left > 0 ? t('consent.resendIn', { n: left }) : t('consent.resend')) : t('consent.send')}
          </button>
          {sent && (
            <div className="kfs-consent__code">
              <p role="status">{t('consent.sentTo', { mobile: sent.mobile, number: sent.kfs_number })}</p>
              <label className="field-label" htmlFor={`${id}-code`}>
                {t('consent.code')}
              </label>
              <input
                id={`${id}-code`}
                className="field-input"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
              />
              <button
                type="button"
                className="button button--primary"
                disabled={!online || busy || code.length !== 6}
                aria-describedby={!online ? offline : undefined}
                onClick={() => void confirm()}
              >
                {t('consent.confirm')}
              </button>
            </div>
          )}
        </>
      ) : (
        <p className="field-note">{t('consent.waiting')}</p>
      )}
      <ErrorBanner message={error} />
      {!online && <NeedsConnection id={offline} />}
    </section>
  );
}
