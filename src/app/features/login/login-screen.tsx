import { lazy, Suspense, useLayoutEffect, useRef } from 'react';
import { useOnline } from '../../components/use-online';
import { useT } from '../../i18n/use-t';
import { LoginFooter } from './login-footer';
import { MobileStep } from './mobile-step';
import { useLogin } from './use-login';

// The OTP step (and its boxes) loads when the mobile is sent, not with the first paint of /login:
// its download runs beside the send request, and the step renders from that same download.
let otpStepImport: Promise<typeof import('./otp-step')> | undefined;
const loadOtpStep = () =>
  (otpStepImport ??= import('./otp-step').catch((error: unknown) => {
    otpStepImport = undefined; // offline before it was cached: the next Get OTP tries again
    throw error;
  }));
const OtpStep = lazy(() => loadOtpStep().then((module) => ({ default: module.OtpStep })));

/** /login (spec 01 §2): 'Welcome Back', mobile then OTP. */
export function LoginScreen() {
  const { t, tm } = useT();
  const online = useOnline();
  const { state, setMobile, setOtp, sendOtp, resendOtp, verifyOtp, changeNumber } = useLogin();
  const mobileInput = useRef<HTMLInputElement>(null);
  const previousStep = useRef(state.step);

  // 'Change Number' (or a 400 reset) returns to the mobile field.
  useLayoutEffect(() => {
    if (previousStep.current === 'otp' && state.step === 'mobile') mobileInput.current?.focus();
    previousStep.current = state.step;
  }, [state.step]);

  return (
    <section className="login-screen" aria-labelledby="login-title">
      <h1 id="login-title">{t('login.title')}</h1>
      {state.step === 'mobile' ? (
        <MobileStep
          mobile={state.mobile}
          busy={state.busy === 'send'}
          online={online}
          errorId={state.error ? 'login-error' : undefined}
          inputRef={mobileInput}
          onMobileChange={setMobile}
          onSubmit={() => {
            void loadOtpStep();
            void sendOtp();
          }}
        />
      ) : (
        <Suspense fallback={<p className="form-notice">{t('common.loading')}</p>}>
          <OtpStep
            state={state}
            online={online}
            onOtpChange={setOtp}
            onVerify={() => void verifyOtp()}
            onResend={() => void resendOtp()}
            onChangeNumber={changeNumber}
          />
        </Suspense>
      )}
      {state.error && (
        <p id="login-error" role="alert" className="form-error">
          {tm(state.error)}
        </p>
      )}
      <p role="status" className="form-notice">
        {state.notice ? tm(state.notice) : ''}
      </p>
      <LoginFooter mobile={state.mobile} />
    </section>
  );
}
