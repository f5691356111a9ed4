import { useEffect, useRef, useState } from 'react';
import { useFeatureT } from '../../i18n/feature-text';
import { enrolAppBiometric } from '../../session/app-lock.store';
import { biometricText, ENROL_FAILURE_TEXT, type BiometricKey } from '../../i18n/biometric-unlock.text';
import { appLockText } from './app-lock.text';

type BiometricOfferProps = {
  /** The PIN just set: it opens the data key for its second wrapping. */
  pin: string;
  /** The officer answered (turned on, not now, or the phone cannot): the app opens. */
  onDone: () => void;
};

/** Right after the PIN is set, where the phone can: "Unlock with fingerprint or face?" */
export function BiometricOffer({ pin, onDone }: BiometricOfferProps) {
  const { t } = useFeatureT(appLockText, biometricText);
  const heading = useRef<HTMLHeadingElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<BiometricKey | null>(null);

  useEffect(() => heading.current?.focus(), []);

  const turnOn = async () => {
    setBusy(true);
    setError(null);
    const outcome = await enrolAppBiometric(pin);
    setBusy(false);
    if (outcome === 'on') onDone();
    else setError(ENROL_FAILURE_TEXT[outcome]);
  };

  const unsupported = error === 'bio.unsupported';
  return (
    <section className="lock-screen" aria-labelledby="bio-offer-title">
      <h1 id="bio-offer-title" ref={heading} tabIndex={-1}>
        {t('lock.bioOfferTitle')}
      </h1>
      <p className="login-subtitle">{t('lock.bioOfferIntro')}</p>
      <div className="login-form">
        <p className="field-error" role="alert">
          {error ? t(error) : ''}
        </p>
        {unsupported ? (
          <button type="button" className="button button--primary" onClick={onDone}>
            {t('lock.bioContinue')}
          </button>
        ) : (
          <>
            <button type="button" className="button button--primary" disabled={busy} onClick={() => void turnOn()}>
              {busy ? t('lock.working') : t('bio.unlock')}
            </button>
            <button type="button" className="button button--secondary" disabled={busy} onClick={onDone}>
              {t('lock.bioNotNow')}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
