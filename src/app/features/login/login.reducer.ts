import { LIMITS } from '../../../domain';

export type LoginBusy = 'send' | 'resend' | 'verify' | null;

/** Messages are English catalogue texts (or server texts), translated when shown. */
export type LoginState = {
  step: 'mobile' | 'otp';
  mobile: string;
  otp: string;
  sessionId: string | null;
  secondsLeft: number;
  error: string | null;
  notice: string | null;
  busy: LoginBusy;
};

export type LoginAction =
  | { type: 'mobileChanged'; mobile: string }
  | { type: 'otpChanged'; otp: string }
  | { type: 'started'; busy: Exclude<LoginBusy, null> }
  | { type: 'otpSent'; sessionId: string; notice: string }
  | { type: 'otpResent'; notice: string }
  | { type: 'failed'; error: string | null; clearOtp?: boolean }
  | { type: 'tick' }
  | { type: 'reset' };

export const initialLoginState: LoginState = {
  step: 'mobile',
  mobile: '',
  otp: '',
  sessionId: null,
  secondsLeft: LIMITS.otpResendSeconds,
  error: null,
  notice: null,
  busy: null,
};

export function loginReducer(state: LoginState, action: LoginAction): LoginState {
  switch (action.type) {
    case 'mobileChanged':
      return { ...state, mobile: action.mobile, error: null };
    case 'otpChanged':
      return { ...state, otp: action.otp, error: null };
    case 'started':
      return { ...state, busy: action.busy, error: null };
    case 'otpSent':
      return {
        ...state,
        step: 'otp',
        sessionId: action.sessionId,
        otp: '',
        secondsLeft: LIMITS.otpResendSeconds,
        notice: action.notice,
        error: null,
        busy: null,
      };
    case 'otpResent':
      return { ...state, otp: '', secondsLeft: LIMITS.otpResendSeconds, notice: action.notice, error: null, busy: null };
    case 'failed':
      return { ...state, busy: null, error: action.error, notice: null, otp: action.clearOtp ? '' : state.otp };
    case 'tick':
      return state.secondsLeft > 0 ? { ...state, secondsLeft: state.secondsLeft - 1 } : state;
    case 'reset':
      return initialLoginState;
  }
}
