import { useLayoutEffect, useRef, type FormEvent } from 'react';
import { NeedsConnection } from '../../components/needs-connection';
import { useT } from '../../i18n/use-t';
import type { LoginState } from './login.reducer';
import { OtpBoxes } from '../../components/otp-boxes';

type OtpStepProps = {
  state: LoginState;
  online: boolean;
  onOtpChange: (otp: string) => void;
  onVerify: () => void;
  onResend: () => void;
  onChangeNumber: () => void;
};

export function OtpStep({ state, online, onOtpChange, onVerify, onResend, onChangeNumber }: OtpStepProps) {
  const { t } = useT();
  const firstBox = useRef<HTMLInputElement>(null);

  // On arrival, after a cleared code (wrong OTP) and after a resend: back to the first box.
  const codeEmpty = state.otp === '';
  useLayoutEffect(() => {
    if (codeEmpty) firstBox.current?.focus();
  }, [codeEmpty, state.error, state.notice]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onVerify();
  };
  const verifying = state.busy === 'verify';

  return (
    <form className="login-form" noValidate onSubmit={submit}>
      <p id="login-otp-subtitle" className="login-subtitle">
        {t('login.otpSubtitle')}
      </p>
      <OtpBoxes value={state.otp} onChange={onOtpChange} labelledBy="login-otp-subtitle" firstBoxRef={firstBox} />
      <button
        type="submit"
        className="button button--primary"
        disabled={state.busy !== null || !online}
        aria-describedby={online ? undefined : 'login-verify-offline'}
      >
        {verifying ? t('login.verifying') : t('login.verifyOtp')}
      </button>
      {!online && <NeedsConnection id="login-verify-offline" />}
      <div className="login-otp-actions">
        {state.secondsLeft > 0 ? (
          <p className="countdown">{t('login.resendIn', { seconds: state.secondsLeft })}</p>
        ) : (
          <button type="button" className="button button--link" disabled={state.busy !== null || !online} onClick={onResend}>
            {t('login.resendOtp')}
          </button>
        )}
        <button type="button" className="button button--link" onClick={onChangeNumber}>
          {t('login.changeNumber')}
        </button>
      </div>
    </form>
  );
}
