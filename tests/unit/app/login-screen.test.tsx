// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resendLoginOtp, sendLoginOtp, verifyLoginOtp } from '../../../src/app/api/auth.api';
import { getDeviceWipe, setDeviceWipe } from '../../../src/app/session/device-wipe.store';
import { getToken } from '../../../src/app/session/session.storage';
import { currentLocation, flush, renderRoutes, resetDevice, setOnline, settleNavigation, teardown, useFakeClock } from './test-utils';

// The shell's sync runtime is not under test here: started for real it would refresh the bank
// list and business categories over the network, which no server answers in jsdom.
vi.mock('../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../src/app/api/auth.api');
vi.mock('../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));

const sent = { success: true as const, data: { session_id: 's-1' }, message: 'OTP sent to 9000000001' };

function setup() {
  const user = userEvent.setup({ delay: null });
  renderRoutes('/login');
  return user;
}

const mobileInput = () => screen.getByLabelText('Mobile number');
const otpBoxes = () => screen.getAllByRole('textbox', { name: /Digit \d of 6/ }) as HTMLInputElement[];
const code = () =>
  otpBoxes()
    .map((box) => box.value)
    .join('');

/** The send's answer, then the OTP step (its lazy import: transformed once in beforeAll, as the precache has it). */
async function showOtpStep() {
  await settleNavigation();
}

async function reachOtpStep(user: ReturnType<typeof userEvent.setup>) {
  vi.mocked(sendLoginOtp).mockResolvedValueOnce(sent);
  await user.type(mobileInput(), '9000000001');
  await user.click(screen.getByRole('button', { name: 'Get OTP' }));
  await showOtpStep();
  expect(screen.getByText('Enter the OTP sent to your mobile')).toBeTruthy();
}

async function seconds(n: number) {
  await act(async () => {
    vi.advanceTimersByTime(n * 1000);
  });
}

describe('LoginScreen', () => {
  beforeAll(() => import('../../../src/app/features/login/otp-step'));
  beforeEach(() => {
    resetDevice();
    useFakeClock();
    vi.mocked(sendLoginOtp).mockReset();
    vi.mocked(resendLoginOtp).mockReset();
    vi.mocked(verifyLoginOtp).mockReset();
  });
  afterEach(teardown);

  it('shows step 1: heading, subtitle, +91 prefix, and a numeric input capped at 10 digits', async () => {
    const user = setup();
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(screen.getByText('Sign in with your mobile number')).toBeTruthy();
    expect(screen.getByText('+91')).toBeTruthy();
    const input = mobileInput() as HTMLInputElement;
    expect(input.inputMode).toBe('numeric');
    expect(input.autocomplete).toBe('tel');
    await user.type(input, '98a7654321099');
    expect(input.value).toBe('9876543210');
  });

  it("invalid mobile: 'Invalid mobile number' and no call", async () => {
    const user = setup();
    await user.type(mobileInput(), '12345');
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect(screen.getByRole('alert').textContent).toBe('Invalid mobile number');
    expect(sendLoginOtp).not.toHaveBeenCalled();
  });

  it("reads 'Sending OTP...' while busy, then shows step 2 with the success notice", async () => {
    let answer!: (value: typeof sent) => void;
    vi.mocked(sendLoginOtp).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const user = setup();
    await user.type(mobileInput(), '9000000001');
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    const busy = screen.getByRole('button', { name: 'Sending OTP...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(sendLoginOtp).toHaveBeenCalledWith({ mobile: '9000000001', hostname: location.hostname });
    answer(sent);
    await showOtpStep();
    expect(otpBoxes()).toHaveLength(6);
    expect(otpBoxes()[0]!.autocomplete).toBe('one-time-code');
    expect(screen.getByText('OTP sent to 9000000001').getAttribute('role')).toBe('status');
  });

  it('counts down from 30 each second, then offers Resend OTP; resend restarts at 30 and toasts', async () => {
    const user = setup();
    await reachOtpStep(user);
    expect(screen.getByText('Resend OTP in 30s')).toBeTruthy();
    await seconds(1);
    expect(screen.getByText('Resend OTP in 29s')).toBeTruthy();
    await seconds(28);
    expect(screen.getByText('Resend OTP in 1s')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend OTP' })).toBeNull();
    await seconds(1);
    expect(screen.queryByText(/Resend OTP in/)).toBeNull();

    vi.mocked(resendLoginOtp).mockResolvedValueOnce({ success: true, data: null, message: 'OTP sent again to 9000000001' });
    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    await flush();
    expect(resendLoginOtp).toHaveBeenCalledWith({ session_id: 's-1' });
    expect(screen.getByText('Resend OTP in 30s')).toBeTruthy();
    // Shown as the success notice and as a toast.
    expect(screen.getAllByText('OTP sent again to 9000000001')).toHaveLength(2);
  });

  it('Change Number resets everything: mobile, code, messages and the countdown', async () => {
    const user = setup();
    await reachOtpStep(user);
    await seconds(5);
    await user.type(otpBoxes()[0]!, '12');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(screen.getByRole('alert').textContent).toBe('Invalid OTP');
    await user.click(screen.getByRole('button', { name: 'Change Number' }));
    expect((mobileInput() as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('OTP sent to 9000000001')).toBeNull();
    await reachOtpStep(user);
    expect(code()).toBe('');
    expect(screen.getByText('Resend OTP in 30s')).toBeTruthy();
  });

  it('a status_code 400 on send returns to the initial state with the server message as a toast', async () => {
    vi.mocked(sendLoginOtp).mockResolvedValueOnce({ success: false, message: 'Mobile number is not registered', status_code: 400 });
    const user = setup();
    await user.type(mobileInput(), '9000000009');
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    await flush();
    expect((mobileInput() as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Mobile number is not registered')).toBeTruthy();
  });

  it('a 429 on send keeps the number (only 400 resets)', async () => {
    vi.mocked(sendLoginOtp).mockResolvedValueOnce({ success: false, message: 'Too many OTP requests', status_code: 429 });
    const user = setup();
    await user.type(mobileInput(), '9000000001');
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    await flush();
    expect((mobileInput() as HTMLInputElement).value).toBe('9000000001');
    expect(screen.getByText('Too many OTP requests')).toBeTruthy();
  });

  it('a status_code 400 on resend returns to the initial state', async () => {
    const user = setup();
    await reachOtpStep(user);
    await seconds(30);
    vi.mocked(resendLoginOtp).mockResolvedValueOnce({ success: false, message: 'OTP session expired', status_code: 400 });
    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    await flush();
    expect(screen.getByText('Sign in with your mobile number')).toBeTruthy();
    expect((mobileInput() as HTMLInputElement).value).toBe('');
  });

  it('boxes advance, Backspace goes back, and a pasted 6-digit code fills all boxes', async () => {
    const user = setup();
    await reachOtpStep(user);
    const boxes = otpBoxes();
    expect(document.activeElement).toBe(boxes[0]);
    await user.keyboard('12');
    expect(code()).toBe('12');
    expect(document.activeElement).toBe(boxes[2]);
    await user.keyboard('{Backspace}');
    expect(code()).toBe('1');
    expect(document.activeElement).toBe(boxes[1]);
    fireEvent.paste(boxes[3]!, { clipboardData: { getData: () => '654 321' } });
    expect(code()).toBe('654321');
  });

  it("wrong-format OTP: 'Invalid OTP', code cleared, no call", async () => {
    const user = setup();
    await reachOtpStep(user);
    await user.keyboard('123');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(screen.getByRole('alert').textContent).toBe('Invalid OTP');
    expect(code()).toBe('');
    expect(verifyLoginOtp).not.toHaveBeenCalled();
  });

  it("verify unsuccessful: the server's message, else 'Invalid OTP. Please try again.', code cleared", async () => {
    const user = setup();
    await reachOtpStep(user);
    vi.mocked(verifyLoginOtp).mockResolvedValueOnce({ success: false, message: 'Incorrect OTP, 4 tries left', status_code: 400 });
    await user.keyboard('111111');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('Incorrect OTP, 4 tries left');
    expect(code()).toBe('');

    vi.mocked(verifyLoginOtp).mockResolvedValueOnce({ success: true, data: {} });
    await user.keyboard('222222');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('Invalid OTP. Please try again.');
    expect(code()).toBe('');
  });

  it("verify throws: 'Failed to verify OTP. Please try again.', code cleared", async () => {
    const user = setup();
    await reachOtpStep(user);
    vi.mocked(verifyLoginOtp).mockRejectedValueOnce(new Error('Network Error'));
    await user.keyboard('333333');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('Failed to verify OTP. Please try again.');
    expect(code()).toBe('');
  });

  it("reads 'Verifying...' while busy, then stores the token and replaces the route with /", async () => {
    const user = setup();
    await reachOtpStep(user);
    let answer!: (value: { success: true; data: { token: string } }) => void;
    vi.mocked(verifyLoginOtp).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    await user.keyboard('123456');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect((screen.getByRole('button', { name: 'Verifying...' }) as HTMLButtonElement).disabled).toBe(true);
    expect(verifyLoginOtp).toHaveBeenCalledWith({ session_id: 's-1', otp: '123456' });
    answer({ success: true, data: { token: 'tok-1' } });
    await settleNavigation();
    expect(getToken()).toBe('tok-1');
    expect(currentLocation()).toMatchObject({ pathname: '/', navigation: 'REPLACE' });
  });

  it("offline: send and verify say 'Needs connection' and are disabled", async () => {
    const user = setup();
    await reachOtpStep(user);
    act(() => setOnline(false));
    expect((screen.getByRole('button', { name: 'Verify OTP' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Needs connection')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Change Number' }));
    expect((screen.getByRole('button', { name: 'Get OTP' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Needs connection')).toBeTruthy();
    act(() => setOnline(true));
    expect(screen.queryByText('Needs connection')).toBeNull();
  });

  it('footer: terms, privacy, contact, join-us (with the mobile), apply for a loan and the two tracking links named by whose request', async () => {
    const user = setup();
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms.html');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy.html');
    expect(screen.getByText(/Don't have an account\?/).textContent).toBe("Don't have an account? contact us");
    expect(screen.getByRole('link', { name: 'contact us' }).getAttribute('href')).toBe('/terms.html#contact');
    expect(screen.getByRole('link', { name: 'Track a partner request' }).getAttribute('href')).toBe('/join-us/track');
    expect(screen.getByRole('link', { name: 'Track a loan application' }).getAttribute('href')).toBe('/apply-loan/track');
    expect(screen.getByRole('link', { name: 'Apply for a loan' }).getAttribute('href')).toBe('/apply-loan/mobile');
    await user.type(mobileInput(), '9000000001');
    await user.click(screen.getByRole('link', { name: 'Join us' }));
    await settleNavigation();
    expect(currentLocation()).toMatchObject({ pathname: '/join-us', state: { mobile: '9000000001' } });
  });

  it('switches to Hindi', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'हिन्दी' }));
    expect(screen.getByRole('heading', { name: 'फिर से स्वागत है' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('hi');
    await user.click(screen.getByRole('button', { name: 'OTP पाएं' }));
    expect(screen.getByRole('alert').textContent).toBe('अमान्य मोबाइल नंबर');
  });

  it('after a remote wipe, says the branch signed this phone out and what became of its unsent items, in English and Hindi, until Get OTP', async () => {
    setDeviceWipe({ phase: 'sending' });
    const user = setup();
    const notice = () => screen.queryByTestId('device-wiped')?.textContent;
    expect(notice()).toBe('Your branch signed this phone out. Sending the items waiting on it to the server before its data is removed…');
    // A new sign-in waits for the wipe (its deletion would take the new PIN with it).
    expect(screen.getByRole('button', { name: 'Get OTP' }).hasAttribute('disabled')).toBe(true);
    act(() => setDeviceWipe({ phase: 'done', sent: 3, unsent: 2 }));
    expect(screen.getByRole('button', { name: 'Get OTP' }).hasAttribute('disabled')).toBe(false);
    expect(notice()).toBe(
      'Your branch signed this phone out and removed its data from it. Unsent items sent to the server first: 3. Lost (could not be sent): 2.',
    );
    expect(localStorage.getItem('device_wipe')).toBe('{"sent":3,"unsent":2}');
    await user.type(mobileInput(), '9000000001');
    await user.click(screen.getByRole('button', { name: 'हिन्दी' }));
    expect(notice()).toBe(
      'आपकी शाखा ने इस फ़ोन को साइन आउट कर दिया है और इसका डेटा इससे हटा दिया है। जो आइटम भेजे नहीं गए थे, उनमें से पहले सर्वर को भेजे गए: 3। खो गए (भेजे नहीं जा सके): 2।',
    );
    vi.mocked(sendLoginOtp).mockResolvedValueOnce(sent);
    await user.click(screen.getByRole('button', { name: 'OTP पाएं' }));
    expect(notice()).toBeUndefined();
    expect(getDeviceWipe()).toBeNull();
    expect(localStorage.getItem('device_wipe')).toBeNull();
  });
});
