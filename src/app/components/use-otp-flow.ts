import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LIMITS, MSG, otpSchema, type Envelope } from '../../domain';
import { extractErrorMessage } from '../api/error-message';
import { useFeatureT } from '../i18n/feature-text';
import { notifyError } from './notify';
import { otpModalText } from './otp-modal.text';

type Busy = 'send' | 'resend' | 'verify' | null;
type Outcome<T> = { answer: Envelope<T> } | { thrown: unknown };
/** The modal's calls (otp-modal.tsx OtpModalProps). */
type Calls<T> = {
  onSend(): Promise<Envelope<unknown>>;
  onResend?(): Promise<Envelope<unknown>>;
  onVerify(otp: string): Promise<Envelope<T>>;
  onVerified(data: T, message?: string): void;
  onClose(): void;
};

/**
 * The OTP dialog's calls and state: the code sent once on opening, the resend countdown, the
 * code verified; an answer below 500 is shown in the dialog, a 500 or a network failure as a toast, closing it.
 */
export function useOtpFlow<T>({ onSend, onResend, onVerify, onVerified, onClose }: Calls<T>) {
  const { t } = useFeatureT(otpModalText);
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

  return { firstBox, otp, setOtp, sent, busy, secondsLeft, counting, error, setError, notice, send, verify };
}
