import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { useOnline } from '../../components/use-online';
import { useT } from '../../i18n/use-t';
import { LoginFooter } from './login-footer';
import { MobileStep } from './mobile-step';
import { useLogin } from './use-login';
import { GUEST_SIGN_IN, STAFF_SIGN_IN } from './sign-in-flows';
import { LanguageSwitch } from '../../components/language-switch';
import { setSignOutReason, signOutReason } from '../../session/sign-out-reason';
import { setDeviceWipe, useDeviceWipe } from '../../session/device-wipe.store';

// The OTP step (and its boxes) loads when the mobile is sent, not with the first paint of /login:
// its download runs beside the send request, and the step renders from that same download.
let otpStepImport: Promise<typeof import('./otp-step')> | undefined;
const loadOtpStep = () =>
  (otpStepImport ??= import('./otp-step').catch((error: unknown) => {
    otpStepImport = undefined; // offline before it was cached: the next Get OTP tries again
    throw error;
  }));
const OtpStep = lazy(() => loadOtpStep().then((module) => ({ default: module.OtpStep })));

/**
 * /login (spec 01 §2): 'Welcome Back', mobile then OTP. The same screen starts the public
 * applicant flow at /apply-loan/mobile (`guest`): the borrower first picks a language, and the
 * verified code gives the guest token and their application.
 */
export function LoginScreen({ guest = false }: { guest?: boolean }) {
  const { t, tm } = useT();
  const online = useOnline();
  const flow = guest ? GUEST_SIGN_IN : STAFF_SIGN_IN;
  const { state, setMobile, setOtp, sendOtp, resendOtp, verifyOtp, changeNumber } = useLogin(flow);
  const mobileInput = useRef<HTMLInputElement>(null);
  const previousStep = useRef(state.step);
  // Why the app signed this phone out, said until the next Get OTP.
  const [signedOutBecause, setSignedOutBecause] = useState(guest ? null : signOutReason);
  // A remote wipe (device marked lost): what happened to the items that waited on the phone.
  const deviceWipe = useDeviceWipe();
  const wipe = guest ? null : deviceWipe;

  // 'Change Number' (or a 400 reset) returns to the mobile field.
  useLayoutEffect(() => {
    if (previousStep.current === 'otp' && state.step === 'mobile') mobileInput.current?.focus();
    previousStep.current = state.step;
  }, [state.step]);

  return (
    <section className="login-screen" aria-labelledby="login-title">
      <h1 id="login-title">{t(flow.title)}</h1>
      {guest && state.step === 'mobile' && (
        <div className="apply-language">
          <p className="field-label">{t('apply.chooseLanguage')}</p>
          <LanguageSwitch />
        </div>
      )}
      {wipe && (
        <p id="device-wiped" role="status" className="form-notice" data-testid="device-wiped">
          {wipe.phase === 'sending' ? t('login.wipeSending') : t('login.wiped', { sent: wipe.sent, unsent: wipe.unsent })}
        </p>
      )}
      {signedOutBecause && (
        <p role="alert" className="form-error" data-testid="signed-out-reason">
          {t(signedOutBecause)}
        </p>
      )}
      {state.step === 'mobile' ? (
        <MobileStep
          subtitle={flow.subtitle}
          mobile={state.mobile}
          busy={state.busy === 'send'}
          online={online}
          // A new sign-in waits for the wipe: its deletion would take the new PIN with it.
          heldBy={wipe?.phase === 'sending' ? 'device-wiped' : undefined}
          errorId={state.error ? 'login-error' : undefined}
          inputRef={mobileInput}
          onMobileChange={setMobile}
          onSubmit={() => {
            setSignOutReason(null);
            setSignedOutBecause(null);
            if (wipe?.phase === 'done') setDeviceWipe(null);
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
      {!guest && <LoginFooter mobile={state.mobile} />}
    </section>
  );
}
