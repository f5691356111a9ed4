import { describe, expect, it } from 'vitest';
import { toLocalMobile } from '../../../src/app/features/login/mobile-input';
import { digitAt, writeDigits } from '../../../src/app/components/otp-boxes';
import { initialLoginState, loginReducer, type LoginState } from '../../../src/app/features/login/login.reducer';

describe('toLocalMobile', () => {
  it('keeps digits only, capped at 10', () => {
    expect(toLocalMobile('98a76-54 3210')).toBe('9876543210');
    expect(toLocalMobile('98765432109')).toBe('9876543210');
  });

  it('drops a +91 or 0 prefix from an autofilled number', () => {
    expect(toLocalMobile('+91 98765 43210')).toBe('9876543210');
    expect(toLocalMobile('919876543210')).toBe('9876543210');
    expect(toLocalMobile('09876543210')).toBe('9876543210');
  });
});

describe('OTP code with gaps', () => {
  it('writes from a box and trims trailing gaps', () => {
    expect(writeDigits('', 0, '123456')).toBe('123456');
    expect(writeDigits('', 2, '7')).toBe('  7');
    expect(digitAt('  7', 0)).toBe('');
    expect(writeDigits('123', 2, ' ')).toBe('12');
    expect(writeDigits('12345', 4, '999')).toBe('123499');
  });
});

describe('loginReducer', () => {
  it('ticks down to zero and stops', () => {
    let state: LoginState = { ...initialLoginState, step: 'otp', secondsLeft: 1 };
    state = loginReducer(state, { type: 'tick' });
    expect(state.secondsLeft).toBe(0);
    expect(loginReducer(state, { type: 'tick' }).secondsLeft).toBe(0);
  });

  it('reset returns to the initial state', () => {
    const busy = { ...initialLoginState, step: 'otp' as const, mobile: '9000000001', otp: '12', secondsLeft: 3, error: 'x', notice: 'y' };
    expect(loginReducer(busy, { type: 'reset' })).toEqual(initialLoginState);
  });
});
