import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { MSG } from '../../../domain';
import { checkLoginMobile, checkOtp } from '../../../domain/identity/auth.checks';
import { extractErrorMessage } from '../../api/error-message';
import { notifyError, notifySuccess } from '../../components/notify';
import { en } from '../../i18n/en';
import { initialLoginState, loginReducer, type LoginAction } from './login.reducer';
import { STAFF_SIGN_IN, type SignInFlow } from './sign-in-flows';

const BAD_REQUEST = 400;

/** Spec 01 login: mobile step, OTP step, 30 s resend countdown, and the error catalogue. */
export function useLogin(flow: SignInFlow = STAFF_SIGN_IN) {
  const [state, dispatch] = useReducer(loginReducer, initialLoginState);
  const navigate = useNavigate();
  const stateRef = useRef(state);
  stateRef.current = state;

  // One interval per countdown (send, or resend at zero), ticking each second down to 0.
  const counting = state.step === 'otp' && state.secondsLeft > 0;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => dispatch({ type: 'tick' }), 1000);
    return () => clearInterval(timer);
  }, [counting]);

  const setMobile = useCallback((mobile: string) => dispatch({ type: 'mobileChanged', mobile }), []);
  const setOtp = useCallback((otp: string) => dispatch({ type: 'otpChanged', otp }), []);
  const changeNumber = useCallback(() => dispatch({ type: 'reset' }), []);

  const sendOtp = useCallback(async () => {
    const current = stateRef.current;
    if (current.busy) return;
    const parsed = checkLoginMobile(current.mobile);
    if (!parsed.success) {
      dispatch({ type: 'failed', error: parsed.message });
      return;
    }
    dispatch({ type: 'started', busy: 'send' });
    try {
      const answer = await flow.send({ mobile: parsed.data, hostname: location.hostname });
      if (answer.success && answer.data?.session_id) {
        dispatch({ type: 'otpSent', sessionId: answer.data.session_id, notice: answer.message || en['login.otpSent'] });
      } else {
        failRequest(dispatch, answer.success ? '' : answer.message, answer.success ? 0 : answer.status_code);
      }
    } catch (error) {
      failRequest(dispatch, extractErrorMessage(error), 0);
    }
  }, [flow]);

  const resendOtp = useCallback(async () => {
    const current = stateRef.current;
    if (current.busy || !current.sessionId || current.secondsLeft > 0) return;
    dispatch({ type: 'started', busy: 'resend' });
    try {
      const answer = await flow.resend({ session_id: current.sessionId });
      if (answer.success) {
        const notice = answer.message || en['login.otpResent'];
        dispatch({ type: 'otpResent', notice });
        notifySuccess(notice);
      } else {
        failRequest(dispatch, answer.message, answer.status_code);
      }
    } catch (error) {
      failRequest(dispatch, extractErrorMessage(error), 0);
    }
  }, [flow]);

  const verifyOtp = useCallback(async () => {
    const current = stateRef.current;
    if (current.busy || !current.sessionId) return;
    const parsed = checkOtp(current.otp);
    if (!parsed.success) {
      dispatch({ type: 'failed', error: parsed.message, clearOtp: true });
      return;
    }
    dispatch({ type: 'started', busy: 'verify' });
    try {
      const answer = await flow.verify({ session_id: current.sessionId, otp: parsed.data });
      const next = answer.success ? flow.signedIn(answer.data) : null;
      if (next) {
        navigate(next, { replace: true });
        return;
      }
      dispatch({ type: 'failed', error: (!answer.success && answer.message) || MSG.invalidOtpTryAgain, clearOtp: true });
    } catch {
      dispatch({ type: 'failed', error: MSG.failedVerifyOtp, clearOtp: true });
    }
  }, [navigate, flow]);

  return { state, setMobile, setOtp, sendOtp, resendOtp, verifyOtp, changeNumber };
}

/** Send and resend failures: an error toast; a status_code 400 also returns to the start. */
function failRequest(dispatch: (action: LoginAction) => void, message: string, statusCode: number): void {
  notifyError(message || MSG.somethingWentWrong);
  dispatch(statusCode === BAD_REQUEST ? { type: 'reset' } : { type: 'failed', error: null });
}
