import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { LIMITS, MSG, otpSchema, type Envelope } from '../../domain';
import { extractErrorMessage } from '../api/error-message';
import { useFeatureT } from '../i18n/feature-text';
import { Modal } from './modal';
import { NeedsConnection } from './needs-connection';
import { notifyError } from './notify';
import { OtpBoxes } from './otp-boxes';
import { otpModalText } from './otp-modal.text';
import { useOnline } from './use-online';

/** Spec 02 §4: the OTP of the public mobile sign-in, of the borrower's mobile validation, and of Aadhaar. */
export type OtpMode = 'mobile' | 'validate' | 'aadhaar';

export type OtpModalProps<T> = {
  open: boolean;
  mode: OtpMode;
  /** Default: 'Verify Aadhaar' in aadhaar mode, else 'Verify Mobile'. */
  title?: string;
  /** Where the code went, shown in the subtitle (a mobile number, a masked Aadhaar). */
  destination?: string;
  /** Sends the code; called when the modal opens. */
  onSend(): Promise<Envelope<unknown>>;
  /** Sends it again after the countdown; default `onSend`. */
  onResend?(): Promise<Envelope<unknown>>;
  onVerify(otp: string): Promise<Envelope<T>>;
  /** The code was accepted: the caller closes the modal (sets `open` false). */
  onVerified(data: T, message?: string): void;
  onClose(): void;
};

type Busy = 'send' | 'resend' | 'verify' | null;
type Outcome<T> = { answer: Envelope<T> } | { thrown: unknown };

/**
 * The OTP modal (spec 02 screen 17): six boxes, 'Verify OTP' and a 30 s resend countdown. The
 * code is sent when it opens. An answer below 500 (a wrong code, 400) shows the server's
 * message here; a 500 or a network failure shows it as a toast and closes the modal.
 */
export function OtpModal<T>(props: OtpModalProps<T>) {
  return props.open ? <OtpDialog {...props} /> : null;
}

function OtpDialog<T>({ mode, title, destination, onSend, onResend, onVerify, onVerified, onClose }: OtpModalProps<T>) {
  const { t, tm } = useFeatureT(otpModalText);
  const online = useOnline();
  const id = useId();
  const firstBox = useRef<HTMLInputElement>(null);
  const mounted = useRef(false);
  const started = useRef(false);
  const [otp, setOtp] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  const [secondsLeft, setSecondsLeft] = useState<number>(LIMITS.otpResendSeconds);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const callbacks = useRef({ onSend, onResend, onVerify, onVerified, onClose });
  callbacks.current = { onSend, onResend, onVerify, onVerified, onClose };

  useEffect(() => {
    mounted.current = true;
    return () => void (mounted.current = false);
  }, []);

  const counting = sent && secondsLeft > 0;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setSecondsLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, [counting]);

  /** Runs a call; a 5xx or a thrown error becomes a toast and closes; returns the answer otherwise. */
  async function run<R>(kind: Exclude<Busy, null>, call: () => Promise<Envelope<R>>): Promise<Envelope<R> | null> {
    setBusy(kind);
    setError(null);
    let outcome: Outcome<R>;
    try {
      outcome = { answer: await call() };
    } catch (thrown) {
      outcome = { thrown };
    }
    if (!mounted.current) return null;
    setBusy(null);
    if ('thrown' in outcome) {
      notifyError(extractErrorMessage(outcome.thrown));
      callbacks.current.onClose();
      return null;
    }
    const { answer } = outcome;
    if (!answer.success && answer.status_code >= 500) {
      notifyError(answer.message || MSG.somethingWentWrong);
      callbacks.current.onClose();
      return null;
    }
    return answer;
  }

  const send = async (kind: 'send' | 'resend') => {
    // Until one send succeeded, "Resend OTP" is a first send again.
    const again = kind === 'resend' && sent;
    const call = again ? (callbacks.current.onResend ?? callbacks.current.onSend) : callbacks.current.onSend;
    const answer = await run(kind, call);
    if (!answer) return;
    if (answer.success) {
      setSent(true);
      setOtp('');
      setSecondsLeft(LIMITS.otpResendSeconds);
      setNotice(answer.message || t(again ? 'otp.resent' : 'otp.sent'));
      firstBox.current?.focus();
    } else {
      setNotice(null);
      setError(answer.message || MSG.somethingWentWrong);
    }
  };

  // The code is sent once when the modal opens (StrictMode runs effects twice).
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void send('send');
  }, []);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    // The modal is in a portal: its submit must not reach a form around the opener.
    event.stopPropagation();
    if (busy) return;
    const parsed = otpSchema.safeParse(otp);
    if (!parsed.success) {
      setError(MSG.invalidOtp);
      setOtp('');
      firstBox.current?.focus();
      return;
    }
    const answer = await run('verify', () => callbacks.current.onVerify(parsed.data));
    if (!answer) return;
    if (answer.success) {
      callbacks.current.onVerified(answer.data, answer.message);
      return;
    }
    setError(answer.message || MSG.invalidOtpTryAgain);
    setOtp('');
    firstBox.current?.focus();
  };

  const heading = title ?? t(mode === 'aadhaar' ? 'otp.titleAadhaar' : 'otp.titleMobile');
  const subtitle = destination ? t(mode === 'aadhaar' ? 'otp.sentToAadhaar' : 'otp.sentToMobile', { destination }) : t('otp.sentToYou');
  const offlineId = `${id}-offline`;

  return (
    <Modal labelledBy={`${id}-title`} describedBy={`${id}-subtitle`} onClose={onClose} className="otp-modal" initialFocus={firstBox}>
      <div className="modal__header">
        <h2 id={`${id}-title`}>{heading}</h2>
        <button type="button" className="button button--link" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      <form className="otp-modal__form" noValidate onSubmit={(event) => void verify(event)}>
        <p id={`${id}-subtitle`}>{subtitle}</p>
        <OtpBoxes
          value={otp}
          onChange={(code) => {
            setOtp(code);
            setError(null);
          }}
          labelledBy={`${id}-subtitle`}
          firstBoxRef={firstBox}
          invalid={error !== null}
          describedBy={error ? `${id}-error` : undefined}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="form-error">
            {tm(error)}
          </p>
        )}
        <p role="status" className="form-notice">
          {busy === 'send' || busy === 'resend' ? t('otp.sending') : notice ? tm(notice) : ''}
        </p>
        <button
          type="submit"
          className="button button--primary"
          disabled={busy !== null || !sent || !online}
          aria-describedby={online ? undefined : offlineId}
        >
          {busy === 'verify' ? t('otp.verifying') : t('otp.verify')}
        </button>
        {!online && <NeedsConnection id={offlineId} />}
        <div className="otp-modal__resend">
          {counting ? (
            <p className="countdown">{t('otp.resendIn', { seconds: secondsLeft })}</p>
          ) : (
            <button type="button" className="button button--link" disabled={busy !== null || !online} onClick={() => void send('resend')}>
              {t('otp.resend')}
            </button>
          )}
        </div>
      </form>
    </Modal>
  );
}
