import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { notifySuccess } from '../../components/notify';
import { useFeatureT } from '../../i18n/feature-text';
import { appBiometricStatus, enrolAppBiometric, removeAppBiometric } from '../../session/app-lock.store';
import type { BiometricStatus } from '../../db/device-vault.actions';
import { appLockText, type AppLockKey } from './app-lock.text';
import { enrolErrorText } from './biometric-errors';
import { PinInput } from './pin-input';

/**
 * Profile's "Fingerprint or face": turn it on (the PIN opens the data key for its second
 * wrapping) or off (that wrapping is deleted). Shown only where the phone can, or it is on.
 */
export function BiometricSetting() {
  const { t } = useFeatureT(appLockText);
  const id = useId();
  const pinField = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<BiometricStatus | null>(null);
  const [asking, setAsking] = useState(false);
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppLockKey | null>(null);

  useEffect(() => {
    let live = true;
    void appBiometricStatus().then((next) => live && setStatus(next));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (asking) pinField.current?.focus();
  }, [asking]);

  if (status === null || (status === 'unavailable' && error === null)) return null;

  const turnOn = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || pin.length !== 6) return;
    setBusy(true);
    setError(null);
    try {
      await enrolAppBiometric(pin);
      setStatus('enrolled');
      setAsking(false);
      notifySuccess(t('lock.bioTurnedOn'));
    } catch (caught) {
      const text = enrolErrorText(caught);
      setError(text);
      if (text === 'lock.bioUnsupported') (setStatus('unavailable'), setAsking(false));
    } finally {
      setPin('');
      setBusy(false);
    }
  };

  const turnOff = async () => {
    await removeAppBiometric();
    setStatus(await appBiometricStatus());
    notifySuccess(t('lock.bioTurnedOff'));
  };

  return (
    <section className="biometric-setting" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('lock.bioTitle')}</h2>
      {status === 'enrolled' ? (
        <>
          <p>{t('lock.bioIsOn')}</p>
          <button type="button" className="button button--secondary" onClick={() => void turnOff()}>
            {t('lock.bioTurnOff')}
          </button>
        </>
      ) : asking ? (
        <form className="login-form" noValidate onSubmit={(e) => void turnOn(e)}>
          <PinInput
            id={`${id}-pin`}
            label={t('lock.bioPinPrompt')}
            value={pin}
            onChange={setPin}
            inputRef={pinField}
            invalid={error === 'lock.wrongPinOnly'}
            describedBy={`${id}-error`}
          />
          <p id={`${id}-error`} className="field-error" role="alert">
            {error ? t(error) : ''}
          </p>
          <div className="biometric-setting__actions">
            <button type="submit" className="button button--primary" disabled={busy || pin.length !== 6}>
              {busy ? t('lock.working') : t('lock.bioTurnOn')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => (setAsking(false), setError(null), setPin(''))}
            >
              {t('lock.bioCancel')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <p>{t('lock.bioIntro')}</p>
          <p className="field-error" role="alert">
            {error ? t(error) : ''}
          </p>
          {status === 'available' && (
            <button type="button" className="button button--secondary" onClick={() => setAsking(true)}>
              {t('lock.bioUnlock')}
            </button>
          )}
        </>
      )}
    </section>
  );
}
