// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MandateView } from '../../../../src/domain';
import { authoriseMandate, fetchMandate, registerMandate } from '../../../../src/app/api/mandate.api';
import { MandatePanel } from '../../../../src/app/features/post-sanction/mandate-panel';
import { setLanguage } from '../../../../src/app/i18n/language.store';
import { setProfile, setToken } from '../../../../src/app/session/session.storage';
import { makeProfile, resetDevice, setOnline, teardown } from '../test-utils';

// The e-NACH mandate panel (issue 33): the HTTP layer (mandate.api) is the only thing mocked.

vi.mock('../../../../src/app/api/mandate.api', () => ({ fetchMandate: vi.fn(), registerMandate: vi.fn(), authoriseMandate: vi.fn() }));

const ID = '0123456789abcdef0123456789abcdef';
const SESSION = 'a'.repeat(32);
const SLOW = { timeout: 10_000 };

const base: MandateView = {
  application_id: ID,
  state: 'NONE',
  frequency: 'MONTHLY',
  max_amount: 123456.78,
  emi: 9455.96,
  first_debit: '2026-03-05',
  last_debit: '2027-02-05',
  instalments: 12,
  account: { account_number: 'XXXXXXXXXX6789', ifsc: 'HDFC0001234', bank_name: 'HDFC Bank' },
  umrn: null,
  session_id: null,
  mobile: 'XXXXXX1234',
  resend_after_seconds: null,
  registered_at: null,
  attempts: [],
};
const attempt = (state: MandateView['attempts'][number]['state'], reason: string | null = null) => ({
  id: 'b'.repeat(32),
  state,
  reason,
  created_at: '2026-01-15T04:30:00.000Z',
  updated_at: '2026-01-15T04:31:00.000Z',
});
const pending: MandateView = { ...base, state: 'PENDING', session_id: SESSION, attempts: [attempt('PENDING')] };
const registered: MandateView = {
  ...pending,
  state: 'REGISTERED',
  session_id: null,
  umrn: 'HDFC1234567890123456',
  attempts: [attempt('REGISTERED')],
};

const ok = (data: MandateView) => ({ success: true as const, data });
const fail = (message: string, status_code: number) => ({ success: false as const, message, status_code });

describe('the mandate panel', () => {
  beforeEach(() => {
    resetDevice();
    setToken('tok-1');
    setProfile(makeProfile({ mfi_employee: 'BRANCH_CREDIT_MANAGER' }));
    vi.mocked(fetchMandate).mockReset();
    vi.mocked(registerMandate).mockReset();
    vi.mocked(authoriseMandate).mockReset();
  });
  afterEach(teardown);

  it('shows the limits in rupees with Indian grouping, the dates, the masked account; registers, takes the code, shows the UMRN', async () => {
    vi.mocked(fetchMandate).mockResolvedValue(ok(base));
    vi.mocked(registerMandate).mockResolvedValue(ok(pending));
    vi.mocked(authoriseMandate).mockResolvedValue(ok(registered));
    render(<MandatePanel serverId={ID} />);
    const user = userEvent.setup();
    expect(await screen.findByText('₹1,23,456.78', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('₹9,455.96')).toBeTruthy();
    expect(screen.getByText('05-03-2026')).toBeTruthy();
    expect(screen.getByText('05-02-2027')).toBeTruthy();
    expect(screen.getByText('XXXXXXXXXX6789 · HDFC0001234')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Not registered yet');
    expect(screen.queryByText('UMRN')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Register mandate' }));
    expect(registerMandate).toHaveBeenCalledTimes(1);
    expect(vi.mocked(registerMandate).mock.calls[0]![0]).toBe(ID);
    const code = await screen.findByLabelText('Borrower’s code from the bank', undefined, SLOW);
    expect(screen.getByText('The bank sent a code to XXXXXX1234.')).toBeTruthy();
    const confirm = screen.getByRole('button', { name: 'Confirm code' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.type(code, '12a3456');
    expect((code as HTMLInputElement).value).toBe('123456');
    await user.click(confirm);
    expect(authoriseMandate).toHaveBeenCalledWith(ID, { session_id: SESSION, otp: '123456' }, expect.any(String));
    expect(await screen.findByText('HDFC1234567890123456', undefined, SLOW)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Registered');
    expect(screen.queryByRole('button', { name: /Register mandate/ })).toBeNull();
  });

  it('a wrong code is said in words and the field takes another; each tap has its own Idempotency-Key', async () => {
    vi.mocked(fetchMandate).mockResolvedValue(ok(pending));
    vi.mocked(authoriseMandate).mockResolvedValueOnce(fail('Invalid OTP. Please try again.', 400)).mockResolvedValueOnce(ok(registered));
    render(<MandatePanel serverId={ID} />);
    const user = userEvent.setup();
    const code = await screen.findByLabelText('Borrower’s code from the bank', undefined, SLOW);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm code' }));
    expect((await screen.findByRole('alert', undefined, SLOW)).textContent).toContain('Invalid OTP. Please try again.');
    expect((code as HTMLInputElement).value).toBe('');
    await user.type(code, '123456{Enter}');
    expect(await screen.findByText('HDFC1234567890123456', undefined, SLOW)).toBeTruthy();
    // Two taps, two answers: two keys (a key is kept only while its tap has no answer).
    const keys = vi.mocked(authoriseMandate).mock.calls.map((c) => c[2]);
    expect(new Set(keys).size).toBe(2);
  });

  it('after a rejection: the reason, and "Register mandate again"', async () => {
    const reason = 'Too many wrong codes: the bank declined this authorisation. Register the mandate again to get a new code.';
    vi.mocked(fetchMandate).mockResolvedValue(ok({ ...base, state: 'REJECTED', attempts: [attempt('REJECTED', reason)] }));
    vi.mocked(registerMandate).mockResolvedValue(ok({ ...pending, attempts: [attempt('REJECTED', reason), attempt('PENDING')] }));
    render(<MandatePanel serverId={ID} />);
    const user = userEvent.setup();
    expect(await screen.findByText(`Last attempt: ${reason}`, undefined, SLOW)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Rejected');
    await user.click(screen.getByRole('button', { name: 'Register mandate again' }));
    expect(await screen.findByLabelText('Borrower’s code from the bank', undefined, SLOW)).toBeTruthy();
  });

  it('a refusal of Register is shown in words and the panel reads the mandate again', async () => {
    const message =
      'The bank rejected the mandate: this account does not allow e-NACH debits. Verify another account in the bank account step.';
    vi.mocked(fetchMandate)
      .mockResolvedValueOnce(ok(base))
      .mockResolvedValueOnce(ok({ ...base, state: 'REJECTED', attempts: [attempt('REJECTED', message)] }));
    vi.mocked(registerMandate).mockResolvedValue(fail(message, 422));
    render(<MandatePanel serverId={ID} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Register mandate' }, SLOW));
    expect((await screen.findByRole('alert', undefined, SLOW)).textContent).toContain(message);
    await waitFor(() => expect(fetchMandate).toHaveBeenCalledTimes(2), SLOW);
    expect(await screen.findByRole('button', { name: 'Register mandate again' }, SLOW)).toBeTruthy();
  });

  it('a replayed answer (ids and states only) makes the panel read the whole mandate again', async () => {
    vi.mocked(fetchMandate).mockResolvedValueOnce(ok(base)).mockResolvedValueOnce(ok(pending));
    vi.mocked(registerMandate).mockResolvedValue({ success: true, data: { session_id: SESSION } as unknown as MandateView });
    render(<MandatePanel serverId={ID} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Register mandate' }, SLOW));
    expect(await screen.findByLabelText('Borrower’s code from the bank', undefined, SLOW)).toBeTruthy();
    expect(fetchMandate).toHaveBeenCalledTimes(2);
    expect(screen.getByText('₹1,23,456.78')).toBeTruthy();
  });

  it('in Hindi; read-only for another designation; offline it says it needs a connection', async () => {
    setLanguage('hi');
    setProfile(makeProfile({ mfi_employee: 'BRANCH_MANAGER' }));
    vi.mocked(fetchMandate).mockResolvedValue(ok(pending));
    const { unmount } = render(<MandatePanel serverId={ID} />);
    expect(await screen.findByText('मैंडेट शाखा क्रेडिट मैनेजर दर्ज करते हैं।', undefined, SLOW)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'ई-NACH मैंडेट' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('उधारकर्ता के कोड की प्रतीक्षा');
    expect(screen.getByText('अधिकतम डेबिट (मासिक)')).toBeTruthy();
    // Another designation sees it and cannot register it or type a code.
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    unmount();

    setLanguage('en');
    act(() => setOnline(false));
    render(<MandatePanel serverId={ID} />);
    expect(screen.getByText('The mandate needs a connection: it is registered with the bank. Connect to continue.')).toBeTruthy();
    expect(fetchMandate).toHaveBeenCalledTimes(1);
  });
});
