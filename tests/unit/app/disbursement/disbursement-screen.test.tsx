// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CoolingOffView, DisbursementView } from '../../../../src/domain';
import {
  approveDisbursement,
  fetchCoolingOff,
  fetchDisbursement,
  recordCoolingOffExit,
  requestDisbursement,
} from '../../../../src/app/api/disbursement.api';
import { setLanguage } from '../../../../src/app/i18n/language.store';
import { setProfile, setToken } from '../../../../src/app/session/session.storage';
import { APP_ID, db, freshApplication } from '../business/business-support';
import { makeProfile, renderRoutes, resetDevice, settleNavigation, teardown } from '../test-utils';

// Issue 34 item 6: the payout screen, for the maker (Disburse), the checker (Approve
// disbursement), the payout's state and UTR, and the cooling-off exit with its working; statuses
// in words in English and Hindi; reached from the case view for the reviewers.

vi.mock('../../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../../src/app/api/applications.api', () => ({ fetchApplication: vi.fn(() => new Promise(() => {})) }));
vi.mock('../../../../src/app/api/disbursement.api', () => ({
  fetchDisbursement: vi.fn(),
  requestDisbursement: vi.fn(),
  approveDisbursement: vi.fn(),
  fetchCoolingOff: vi.fn(),
  recordCoolingOffExit: vi.fn(),
}));

const SLOW = { timeout: 10_000 };
const BCM = makeProfile({ id: 2, mfi_employee: 'BRANCH_CREDIT_MANAGER', first_name: 'Meena' });
const BM = makeProfile({ id: 3, mfi_employee: 'BRANCH_MANAGER', first_name: 'Arjun' });

const view = (over: Partial<DisbursementView>): DisbursementView => ({
  state: 'NONE',
  application_status: 'DISBURSAL_READY',
  reference: null,
  amount: null,
  account: null,
  ifsc: null,
  beneficiary_name: null,
  disbursement_date: null,
  utr: null,
  requested_at: null,
  requested_by: null,
  approved_at: null,
  approved_by: null,
  settled_at: null,
  failure_reason: null,
  failed_attempts: 0,
  cooling_off_last_day: null,
  cancelled: false,
  planned: { amount: 96640, disbursement_date: '2026-01-15', account: 'XXXXXX5678', ifsc: 'SBIN0001234' },
  ...over,
});
const REQUESTED = view({
  state: 'REQUESTED',
  reference: `${APP_ID}-1`,
  amount: 96640,
  account: 'XXXXXX5678',
  ifsc: 'SBIN0001234',
  disbursement_date: '2026-01-15',
  requested_at: '2026-01-15T04:30:00.000Z',
  requested_by: 2,
});
const PAID = view({
  ...REQUESTED,
  state: 'PAID',
  application_status: 'DISBURSED',
  utr: '522217452233',
  approved_by: 3,
  approved_at: '2026-01-15T05:00:00.000Z',
  settled_at: '2026-01-15T05:00:01.000Z',
  cooling_off_last_day: '2026-01-18',
});
const QUOTE: CoolingOffView = {
  principal: 100000,
  interest: 149.81,
  total: 100149.81,
  days_held: 2,
  apr_percent: 27.34,
  disbursement_date: '2026-01-15',
  exit_date: '2026-01-17',
  last_day: '2026-01-18',
  within_window: true,
  working: '₹1,00,000.00 × 27.34% × 2 / 365 = ₹149.81',
  receipt_reference: null,
  recorded_at: null,
};
const ok = <T,>(data: T) => ({ success: true as const, data });

async function put(status: string) {
  const localId = await freshApplication();
  await db.applications.update(localId, {
    status,
    name: 'LAKSHMI DEVI',
    server: { id: APP_ID, status, name: 'LAKSHMI DEVI', tracker_id: 'SAH2611123456' },
  });
}

async function openPayout() {
  renderRoutes(`/application/disbursement?id=${APP_ID}`);
  await settleNavigation();
  await screen.findByRole('heading', { name: /^(Disbursement|वितरण)$/, level: 1 }, SLOW);
}
const fact = (testId: string) => screen.findByTestId(testId, {}, SLOW).then((el) => el.textContent);

describe('the payout screen (/application/disbursement)', () => {
  beforeEach(async () => {
    resetDevice();
    setToken('tok-1');
    for (const fn of [fetchDisbursement, requestDisbursement, approveDisbursement, fetchCoolingOff, recordCoolingOffExit])
      vi.mocked(fn).mockReset();
  });
  afterEach(teardown);

  it('the maker: what will be paid, then Request payout with the statement’s date and a key', async () => {
    setProfile(BCM);
    await put('DISBURSAL_READY');
    vi.mocked(fetchDisbursement)
      .mockResolvedValueOnce(ok(view({})))
      .mockResolvedValue(ok(REQUESTED));
    vi.mocked(requestDisbursement).mockResolvedValue(ok(REQUESTED));
    const user = userEvent.setup();
    await openPayout();
    expect(await fact('application-status')).toBe('Ready for disbursal');
    expect(await fact('payout-state')).toBe('Not requested yet');
    expect(screen.getByText('₹96,640.00')).toBeTruthy();
    expect(screen.getByText('XXXXXX5678 · SBIN0001234')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve and send' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Request payout' }));
    await waitFor(() => expect(requestDisbursement).toHaveBeenCalledTimes(1));
    const [id, date, key] = vi.mocked(requestDisbursement).mock.calls[0]!;
    expect([id, date]).toEqual([APP_ID, '2026-01-15']);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(async () => expect(await fact('payout-state')).toBe('Requested, waiting for the branch manager’s approval'));
    expect(screen.queryByRole('button', { name: 'Request payout' })).toBeNull();
  });

  it('the checker: Approve and send, then the state and UTR in words', async () => {
    setProfile(BM);
    await put('DISBURSAL_READY');
    vi.mocked(fetchDisbursement).mockResolvedValueOnce(ok(REQUESTED)).mockResolvedValue(ok(PAID));
    vi.mocked(approveDisbursement).mockResolvedValue(ok(PAID));
    vi.mocked(fetchCoolingOff).mockResolvedValue(ok(QUOTE));
    const user = userEvent.setup();
    await openPayout();
    expect(screen.queryByRole('button', { name: 'Request payout' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Approve and send' }, SLOW));
    // The approved application's "read-only" notice would contradict the payout's actions: not here.
    expect(screen.queryByText(/it is read-only/)).toBeNull();
    await waitFor(async () => expect(await fact('payout-state')).toBe('Paid'));
    expect(await fact('payout-utr')).toBe('522217452233');
    expect(await fact('application-status')).toBe('Disbursed');
    expect(approveDisbursement).toHaveBeenCalledTimes(1);
    // A branch manager reads the cooling-off figures but does not record the exit.
    await screen.findByTestId('cooling-off-working', {}, SLOW);
    expect(screen.queryByRole('button', { name: 'Record receipt and cancel the loan' })).toBeNull();
  });

  it('never the maker’s own request: the checker is told why, and has no button', async () => {
    setProfile(makeProfile({ id: 2, mfi_employee: 'BRANCH_MANAGER' }));
    await put('DISBURSAL_READY');
    vi.mocked(fetchDisbursement).mockResolvedValue(ok(REQUESTED));
    await openPayout();
    await screen.findByText('You requested this payout: another person, a branch manager, must approve it.', {}, SLOW);
    expect(screen.queryByRole('button', { name: 'Approve and send' })).toBeNull();
  });

  it('in Hindi: the statuses and the actions in words', async () => {
    setLanguage('hi');
    setProfile(BM);
    await put('DISBURSAL_READY');
    vi.mocked(fetchDisbursement).mockResolvedValue(ok(REQUESTED));
    await openPayout();
    expect(await fact('payout-state')).toBe('अनुरोध हो गया, शाखा प्रबंधक की स्वीकृति की प्रतीक्षा');
    expect(await fact('application-status')).toBe('वितरण के लिए तैयार');
    expect(screen.getByRole('button', { name: 'स्वीकृत करें और भेजें' })).toBeTruthy();
  });

  it('the cooling-off exit: the amount with its working, then the receipt cancels the loan', async () => {
    setProfile(BCM);
    await put('DISBURSED');
    vi.mocked(fetchDisbursement).mockResolvedValue(ok(PAID));
    vi.mocked(fetchCoolingOff).mockResolvedValue(ok(QUOTE));
    const recorded = { ...QUOTE, receipt_reference: 'RCPT-1', recorded_at: '2026-01-17T05:00:00.000Z' };
    vi.mocked(recordCoolingOffExit).mockResolvedValue(ok(recorded));
    const user = userEvent.setup();
    await openPayout();
    const card = (await screen.findByRole('heading', { name: 'Cooling-off exit' }, SLOW)).closest('section')!;
    expect(within(card).getByTestId('cooling-off-total').textContent).toBe('₹1,00,149.81');
    expect(within(card).getByTestId('cooling-off-working').textContent).toBe('₹1,00,000.00 × 27.34% × 2 / 365 = ₹149.81');
    expect(
      within(card).getByText(
        'Until 18-01-2026 the borrower may exit by paying the principal and interest at the APR for the days held, with no penalty.',
      ),
    ).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Record receipt and cancel the loan' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('Enter the receipt reference (1 to 40 letters, digits, / or -)');
    expect(recordCoolingOffExit).not.toHaveBeenCalled();
    await user.type(within(card).getByLabelText('Receipt reference'), 'RCPT-1');
    vi.mocked(fetchCoolingOff).mockResolvedValue(ok(recorded));
    await user.click(within(card).getByRole('button', { name: 'Record receipt and cancel the loan' }));
    await waitFor(() => expect(recordCoolingOffExit).toHaveBeenCalledTimes(1));
    expect(vi.mocked(recordCoolingOffExit).mock.calls[0]!.slice(0, 2)).toEqual([
      APP_ID,
      { amount_received: 100149.81, receipt_reference: 'RCPT-1' },
    ]);
    await within(card).findByText('Exit recorded on 17-01-2026: receipt RCPT-1, ₹1,00,149.81.', {}, SLOW);
  });

  it('is reached from the case view: Disburse for the credit manager, Approve disbursement for the branch manager', async () => {
    setProfile(BCM);
    await put('DISBURSAL_READY');
    renderRoutes(`/application/case?id=${APP_ID}`);
    await settleNavigation();
    const disburse = await screen.findByRole('link', { name: 'Disburse' }, SLOW);
    expect(disburse.getAttribute('href')).toBe(`/application/disbursement?id=${APP_ID}`);
    teardown();
    resetDevice();
    setToken('tok-1');
    setProfile(BM);
    await put('DISBURSAL_READY');
    renderRoutes(`/application/case?id=${APP_ID}`);
    await settleNavigation();
    expect((await screen.findByRole('link', { name: 'Approve disbursement' }, SLOW)).getAttribute('href')).toBe(
      `/application/disbursement?id=${APP_ID}`,
    );
  });
});
