import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { notifySuccess } from '../../components/notify';
import { PinInput } from '../../components/pin-input';
import type { BiometricStatus } from '../../db/device-vault.actions';
import { biometricText, ENROL_FAILURE_TEXT, type BiometricKey } from '../../i18n/biometric-unlock.text';
import { useFeatureT } from '../../i18n/feature-text';
import { appBiometricStatus, enrolAppBiometric, removeAppBiometric } from '../../session/app-lock.store';
import { profileText } from './profile.text';

/**
 * Profile's "Fingerprint or face": turn it on (the PIN opens the data key for its second
 * wrapping) or off (that wrapping is deleted). Shown only where the phone can, or it is on.
 */
export function BiometricSetting() {
  const { t } = useFeatureT(profileText, biometricText);
  const id = useId();
  const pinField = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<BiometricStatus | null>(null);
  const [asking, setAsking] = useState(false);
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<BiometricKey | null>(null);

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
    const outcome = await enrolAppBiometric(pin);
    setPin('');
    setBusy(false);
    if (outcome === 'on') {
      setStatus('enrolled');
      setAsking(false);
      notifySuccess(t('bio.isOn'));
      return;
    }
    setError(ENROL_FAILURE_TEXT[outcome]);
    if (outcome === 'unsupported') (setStatus('unavailable'), setAsking(false));
  };

  const cancel = () => {
    setAsking(false);
    setError(null);
    setPin('');
  };

  const turnOff = async () => {
    await removeAppBiometric();
    setStatus(await appBiometricStatus());
    notifySuccess(t('bio.turnedOff'));
  };

  return (
    <section className="biometric-setting" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('bio.title')}</h2>
      {status === 'enrolled' ? (
        <>
          <p>{t('bio.isOn')}</p>
          <button type="button" className="button button--secondary" onClick={() => void turnOff()}>
            {t('bio.turnOff')}
          </button>
        </>
      ) : asking ? (
        <form className="login-form" noValidate onSubmit={(e) => void turnOn(e)}>
          <PinInput
            id={`${id}-pin`}
            label={t('bio.pinPrompt')}
            value={pin}
            onChange={setPin}
            inputRef={pinField}
            invalid={error === 'bio.wrongPin'}
            describedBy={`${id}-error`}
          />
          <p id={`${id}-error`} className="field-error" role="alert">
            {error ? t(error) : ''}
          </p>
          <div className="biometric-setting__actions">
            <button type="submit" className="button button--primary" disabled={busy || pin.length !== 6}>
              {busy ? t('bio.working') : t('bio.turnOn')}
            </button>
            <button type="button" className="button button--secondary" disabled={busy} onClick={cancel}>
              {t('common.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <p>{t('bio.intro')}</p>
          <p className="field-error" role="alert">
            {error ? t(error) : ''}
          </p>
          {status === 'available' && (
            <button type="button" className="button button--secondary" onClick={() => setAsking(true)}>
              {t('bio.unlock')}
            </button>
          )}
        </>
      )}
    </section>
  );
}
