// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Envelope } from '../../../../src/domain';
import { AppToaster } from '../../../../src/app/components/app-toaster';
import { OtpModal, type OtpModalProps } from '../../../../src/app/components/otp-modal';
import { flush, resetDevice, setOnline, teardown, useFakeClock } from '../test-utils';

type Verified = { application_id: string };
const ok = <T,>(data: T, message?: string): Envelope<T> => ({ success: true, data, message });
const fail = (status_code: number, message: string): Envelope<never> => ({ success: false, status_code, message });

function setup(overrides: Partial<OtpModalProps<Verified>> = {}) {
  const props = {
    onSend: vi.fn(async () => ok({ session_id: 's-1' }, 'OTP sent to 9876543210')),
    onResend: vi.fn(async () => ok(null, 'OTP sent again to 9876543210')),
    onVerify: vi.fn(async (_otp: string) => ok<Verified>({ application_id: 'a'.repeat(32) })),
    onVerified: vi.fn(),
    onClose: vi.fn(),
    ...overrides,
  };
  function Harness() {
    const [open, setOpen] = useState(true);
    return (
      <>
        <AppToaster />
        <OtpModal<Verified>
          open={open}
          mode="validate"
          destination="9876543210"
          {...props}
          onVerified={(data) => {
            props.onVerified(data);
            setOpen(false);
          }}
          onClose={() => {
            props.onClose();
            setOpen(false);
          }}
        />
      </>
    );
  }
  const user = userEvent.setup({ delay: null });
  render(<Harness />);
  return { user, props };
}

const boxes = () => screen.getAllByRole('textbox', { name: /Digit \d of 6/ }) as HTMLInputElement[];
const verifyButton = () => screen.getByRole('button', { name: 'Verify OTP' }) as HTMLButtonElement;

async function typeCode(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.click(boxes()[0]!);
  await user.keyboard(code);
}

describe('OtpModal', () => {
  beforeEach(() => {
    resetDevice();
    useFakeClock();
  });
  afterEach(teardown);

  it('sends the code once on open, then shows six boxes, Verify OTP and a 30 s resend countdown', async () => {
    const { user, props } = setup();
    await flush();
    expect(props.onSend).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog', { name: 'Verify Mobile' })).toBeTruthy();
    expect(screen.getByText('Enter the OTP sent to 9876543210')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('OTP sent to 9876543210');
    expect(boxes()).toHaveLength(6);
    expect(document.activeElement).toBe(boxes()[0]);
    expect(screen.getByText('Resend OTP in 30s')).toBeTruthy();

    await act(async () => vi.advanceTimersByTime(29_000));
    expect(screen.getByText('Resend OTP in 1s')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(1_000));
    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    await flush();
    expect(props.onResend).toHaveBeenCalledTimes(1);
    expect(props.onSend).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Resend OTP in 30s')).toBeTruthy();
  });

  it('each box takes one digit; Verify OTP sends the code and hands the answer over', async () => {
    const { user, props } = setup();
    await flush();
    await typeCode(user, '1a2345');
    expect(
      boxes()
        .map((b) => b.value)
        .join(''),
    ).toBe('12345');
    await user.keyboard('6');
    await user.click(verifyButton());
    await flush();
    expect(props.onVerify).toHaveBeenCalledWith('123456');
    expect(props.onVerified).toHaveBeenCalledWith({ application_id: 'a'.repeat(32) });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("an incomplete code says 'Invalid OTP' without a call", async () => {
    const { user, props } = setup();
    await flush();
    await typeCode(user, '123');
    await user.click(verifyButton());
    expect(screen.getByRole('alert').textContent).toBe('Invalid OTP');
    expect(props.onVerify).not.toHaveBeenCalled();
  });

  it("a 400 shows the server's message in the modal, clears the code and keeps the modal open", async () => {
    const { user, props } = setup({ onVerify: vi.fn(async () => fail(400, 'Incorrect OTP. 4 tries left.')) });
    await flush();
    await typeCode(user, '999999');
    await user.click(verifyButton());
    await flush();
    const dialog = screen.getByRole('dialog');
    const alert = screen.getByRole('alert');
    expect(dialog.contains(alert)).toBe(true);
    expect(alert.textContent).toBe('Incorrect OTP. 4 tries left.');
    expect(boxes().every((b) => b.value === '')).toBe(true);
    expect(boxes()[0]!.getAttribute('aria-invalid')).toBe('true');
    expect(props.onClose).not.toHaveBeenCalled();
    expect(props.onVerified).not.toHaveBeenCalled();
  });

  it('a 500 shows the message as a toast and closes the modal', async () => {
    const { user, props } = setup({ onVerify: vi.fn(async () => fail(500, 'OTP service is down')) });
    await flush();
    await typeCode(user, '123456');
    await user.click(verifyButton());
    await flush();
    expect(props.onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('OTP service is down')).toBeTruthy();
  });

  it('a network failure while sending is a toast and closes the modal', async () => {
    const { props } = setup({ onSend: vi.fn(async () => Promise.reject(new Error('Network Error'))) });
    await flush();
    expect(props.onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Something went wrong!')).toBeTruthy();
  });

  it('a 400 on send shows the message and lets the officer send again at once', async () => {
    const onSend = vi
      .fn()
      .mockResolvedValueOnce(fail(429, 'Too many codes: try again in an hour'))
      .mockResolvedValueOnce(ok({ session_id: 's-2' }));
    const { user, props } = setup({ onSend });
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('Too many codes: try again in an hour');
    expect(verifyButton().disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    await flush();
    expect(onSend).toHaveBeenCalledTimes(2);
    expect(props.onResend).not.toHaveBeenCalled();
    expect(verifyButton().disabled).toBe(false);
    expect(screen.getByText('OTP sent')).toBeTruthy();
  });

  it('offline: Verify OTP is disabled with the Needs connection note', async () => {
    setup();
    await flush();
    act(() => setOnline(false));
    expect(verifyButton().disabled).toBe(true);
    expect(verifyButton().getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Needs connection')).toBeTruthy();
  });

  it("aadhaar mode is titled 'Verify Aadhaar'; Close and Escape close it", async () => {
    const onClose = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(
      <OtpModal
        open
        mode="aadhaar"
        destination="XXXX XXXX 0124"
        onSend={async () => ok({ ref_id: 'r' })}
        onVerify={async () => ok({})}
        onVerified={() => {}}
        onClose={onClose}
      />,
    );
    await flush();
    expect(screen.getByRole('dialog', { name: 'Verify Aadhaar' })).toBeTruthy();
    expect(screen.getByText('Enter the OTP sent to the mobile linked with Aadhaar XXXX XXXX 0124')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('renders nothing and sends nothing while closed', async () => {
    const onSend = vi.fn();
    render(<OtpModal open={false} mode="mobile" onSend={onSend} onVerify={vi.fn()} onVerified={() => {}} onClose={() => {}} />);
    await flush();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onSend).not.toHaveBeenCalled();
  });
});
