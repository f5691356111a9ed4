import { useState, type FormEvent } from 'react';
import { PIN_PATTERN } from '../../crypto/data-key';
import { useFeatureT } from '../../i18n/feature-text';
import { appBiometricStatus, idleLockMs, openAfterPin, setAppPin } from '../../session/app-lock.store';
import { PinInput } from '../../components/pin-input';
import { appLockText } from './app-lock.text';
import { BiometricOffer } from './biometric-offer';

/**
 * At the first sign-in on this device: the officer sets the PIN that seals its data, then, where
 * the phone has a fingerprint or face authenticator, is offered to unlock with it.
 */
export function SetPinScreen() {
  const { t } = useFeatureT(appLockText);
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<'lock.pinFormat' | 'lock.pinMismatch' | null>(null);
  const [busy, setBusy] = useState(false);
  const [offering, setOffering] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!PIN_PATTERN.test(pin)) return setError('lock.pinFormat');
    if (pin !== again) return setError('lock.pinMismatch');
    setError(null);
    setBusy(true);
    try {
      await setAppPin(pin);
      if ((await appBiometricStatus()) === 'available') setOffering(true);
      else openAfterPin();
    } finally {
      setBusy(false);
    }
  };

  if (offering) return <BiometricOffer pin={pin} onDone={openAfterPin} />;

  return (
    <section className="lock-screen" aria-labelledby="set-pin-title">
      <h1 id="set-pin-title">{t('lock.setTitle')}</h1>
      <p className="login-subtitle">{t('lock.setIntro', { minutes: Math.round(idleLockMs() / 60_000) })}</p>
      <form className="login-form" noValidate onSubmit={(e) => void submit(e)}>
        <PinInput
          id="set-pin"
          label={t('lock.pin')}
          value={pin}
          onChange={setPin}
          invalid={error === 'lock.pinFormat'}
          describedBy="set-pin-error"
        />
        <PinInput
          id="set-pin-again"
          label={t('lock.confirmPin')}
          value={again}
          onChange={setAgain}
          invalid={error === 'lock.pinMismatch'}
          describedBy="set-pin-error"
        />
        <p id="set-pin-error" className="field-error" role="alert">
          {error ? t(error) : ''}
        </p>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('lock.working') : t('lock.setButton')}
        </button>
      </form>
    </section>
  );
}
