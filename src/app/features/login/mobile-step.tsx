import type { FormEvent, Ref } from 'react';
import { NeedsConnection } from '../../components/needs-connection';
import type { MessageKey } from '../../i18n/en';
import { useT } from '../../i18n/use-t';
import { toLocalMobile } from './mobile-input';

type MobileStepProps = {
  subtitle?: MessageKey;
  mobile: string;
  busy: boolean;
  online: boolean;
  /** The id of what holds the sign-in back (a remote wipe still sending): Get OTP waits for it. */
  heldBy?: string;
  errorId?: string;
  inputRef: Ref<HTMLInputElement>;
  onMobileChange: (mobile: string) => void;
  onSubmit: () => void;
};

export function MobileStep({
  subtitle = 'login.mobileSubtitle',
  mobile,
  busy,
  online,
  heldBy,
  errorId,
  inputRef,
  onMobileChange,
  onSubmit,
}: MobileStepProps) {
  const { t } = useT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const describedBy = ['login-country-code', errorId].filter(Boolean).join(' ');

  return (
    <form className="login-form" noValidate onSubmit={submit}>
      <p className="login-subtitle">{t(subtitle)}</p>
      <label htmlFor="login-mobile" className="field-label">
        {t('login.mobileLabel')}
      </label>
      <div className="mobile-field">
        <span id="login-country-code" className="mobile-field__prefix">
          {t('login.countryCode')}
        </span>
        <input
          id="login-mobile"
          ref={inputRef}
          name="mobile"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          value={mobile}
          aria-describedby={describedBy}
          aria-invalid={errorId ? true : undefined}
          onChange={(event) => onMobileChange(toLocalMobile(event.target.value))}
        />
      </div>
      <button
        type="submit"
        className="button button--primary"
        disabled={busy || !online || !!heldBy}
        aria-describedby={online ? heldBy : 'login-send-offline'}
      >
        {busy ? t('login.sendingOtp') : t('login.getOtp')}
      </button>
      {!online && <NeedsConnection id="login-send-offline" />}
    </form>
  );
}
