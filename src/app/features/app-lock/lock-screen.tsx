import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { sessionWiped } from '../../api/user.api';
import { isOnline } from '../../components/use-online';
import { notifyError } from '../../components/notify';
import { MAX_PIN_TRIES, peekOutboxCount } from '../../db/vault-peek';
import { useFeatureT } from '../../i18n/feature-text';
import {
  appBiometricEnrolled,
  forgetAppData,
  pinTriesLeft,
  prepareUnlock,
  unlockApp,
  unlockAppWithBiometric,
} from '../../session/app-lock.store';
import { logout, logoutLocally } from '../../session/logout';
import { getSendToken } from '../../session/session.storage';
import { PinInput } from '../../components/pin-input';
import { biometricText } from '../../i18n/biometric-unlock.text';
import { appLockText } from './app-lock.text';

/** The device database loads with the signed-in screens, not with the shell (/login carries no Dexie). */
const countLostWithPinHere = () => import('../../db/outbox.actions').then((m) => m.countLostWithPinHere());
/**
 * The forgotten PIN's dialog comes with the step kit, which imports the device database: it loads
 * when asked for, so a reload's lock screen loads neither (it only reads whether a PIN is set).
 */
const loadConfirmDialog = () => import('../../components/confirm-dialog');
const ConfirmDialog = lazy(() => loadConfirmDialog().then((m) => ({ default: m.ConfirmDialog })));

/**
 * How many items wait in the outbox, read without Dexie and again every few seconds: a locked
 * page sends them (sync-runtime-gate.tsx) while the header's sync badge is behind the lock.
 */
function useWaitingToSend(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let live = true;
    const read = () =>
      void peekOutboxCount().then(
        (n) => live && setCount(n),
        () => undefined,
      );
    read();
    const timer = window.setInterval(read, 3000);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, []);
  return count;
}

/**
 * The locked app: the fingerprint or face first where it is turned on, then the PIN, how many
 * tries are left, and the way out for a forgotten PIN.
 */
export function LockScreen() {
  const { t } = useFeatureT(appLockText, biometricText);
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [pin, setPin] = useState('');
  const [tries, setTries] = useState<number>(MAX_PIN_TRIES);
  const [wrong, setWrong] = useState(false);
  const [busy, setBusy] = useState(false);
  const [forgetting, setForgetting] = useState<number | null>(null);
  const biometricButton = useRef<HTMLButtonElement>(null);
  const [biometric, setBiometric] = useState(false);
  const [biometricFailed, setBiometricFailed] = useState(false);
  const waiting = useWaitingToSend();

  useEffect(() => {
    void pinTriesLeft().then(setTries);
    input.current?.focus();
    void appBiometricEnrolled().then(setBiometric);
    // One contact with the server while locked, with the send-only credential (the session token
    // is sealed): a session revoked there (device marked lost) answers 401 with the wipe, and the
    // phone sends its sealed outbox, then deletes its data.
    const sendToken = getSendToken();
    if (isOnline() && sendToken) {
      void sessionWiped(sendToken).then((wiped) => wiped && logoutLocally({ wipe: true, token: sendToken }));
    }
  }, []);

  /** Deletes what the PIN sealed and signs out: the officer signs in by OTP and sets a new PIN. */
  const wipeAndSignOut = async () => {
    await forgetAppData();
    await logout();
    navigate('/login', { replace: true });
  };

  useEffect(() => {
    if (biometric) biometricButton.current?.focus();
  }, [biometric]);

  /** A cancelled or failed fingerprint is no wrong PIN: the count stays, the PIN is still there. */
  const unlockWithBiometric = async () => {
    if (busy) return;
    setBusy(true);
    setBiometricFailed(false);
    try {
      await unlockAppWithBiometric();
    } catch {
      setBiometricFailed(true);
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || pin.length !== 6) return;
    setBusy(true);
    try {
      const result = await unlockApp(pin);
      if (result.ok) return;
      setPin('');
      setWrong(true);
      setTries(result.triesLeft);
      if (result.triesLeft <= 0) {
        notifyError(t('lock.signedOut'));
        await wipeAndSignOut();
      } else input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const triesText = wrong ? t('lock.wrongPin', { count: tries }) : tries < MAX_PIN_TRIES ? t('lock.triesLeft', { count: tries }) : '';

  return (
    <section className="lock-screen" aria-labelledby="lock-title">
      <h1 id="lock-title">{t('lock.lockedTitle')}</h1>
      {biometric ? (
        <div className="login-form">
          <button
            ref={biometricButton}
            type="button"
            className="button button--primary"
            disabled={busy}
            aria-describedby="unlock-biometric-error"
            onClick={() => void unlockWithBiometric()}
          >
            {t('bio.unlock')}
          </button>
          <p id="unlock-biometric-error" className="field-error" role="alert">
            {biometricFailed ? t('lock.bioFailed') : ''}
          </p>
          <p className="login-subtitle">{t('lock.orPin')}</p>
        </div>
      ) : (
        <p className="login-subtitle">{t('lock.lockedIntro')}</p>
      )}
      <form className="login-form" noValidate onSubmit={(e) => void submit(e)}>
        <PinInput
          id="unlock-pin"
          label={t('lock.pin')}
          value={pin}
          onChange={(value) => {
            if (value) prepareUnlock();
            setPin(value);
          }}
          inputRef={input}
          invalid={wrong}
          describedBy="unlock-tries"
        />
        <p id="unlock-tries" className="field-error" role="alert" data-testid="pin-tries">
          {triesText}
        </p>
        <button
          type="submit"
          className={`button ${biometric ? 'button--secondary' : 'button--primary'}`}
          disabled={busy || pin.length !== 6}
        >
          {busy ? t('lock.working') : t('lock.unlock')}
        </button>
        <button
          type="button"
          className="button button--link"
          onClick={() => void Promise.all([countLostWithPinHere(), loadConfirmDialog()]).then(([count]) => setForgetting(count))}
        >
          {t('lock.forgot')}
        </button>
      </form>
      <p className="field-note" role="status" data-testid="lock-waiting">
        {waiting > 0 ? t('lock.waiting', { count: waiting }) : ''}
      </p>
      {forgetting !== null && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={t('lock.forgotTitle')}
            message={t('lock.forgotMessage')}
            detail={forgetting > 0 ? t('lock.forgotUnsynced', { count: forgetting }) : undefined}
            confirmLabel={t('lock.forgotConfirm')}
            onConfirm={() => void wipeAndSignOut()}
            onCancel={() => setForgetting(null)}
          />
        </Suspense>
      )}
    </section>
  );
}
