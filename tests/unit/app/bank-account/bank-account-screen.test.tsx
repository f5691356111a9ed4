// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyBankAccount } from '../../../../src/app/api/bank-verification.api';
import { matchNames } from '../../../../src/app/api/verification.api';
import type { JsonRequest } from '../../../../src/app/db/records';
import { saveStatementIdentities } from '../../../../src/app/db/statement-identities.actions';
import { setProfile, setToken } from '../../../../src/app/session/session.storage';
import { currentLocation, makeProfile, renderRoutes, resetDevice, setOnline, settleNavigation, teardown } from '../test-utils';
import { APP_ID, db, freshApplication, putBanks, putDraft, putFileWithBlob } from '../business/business-support';

vi.mock('../../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../../src/app/api/applications.api', () => ({ fetchApplication: vi.fn(() => new Promise(() => {})) }));
vi.mock('../../../../src/app/api/business-lookups.api', () => ({
  refreshBankList: vi.fn(async () => {}),
  refreshBusinessCategories: vi.fn(async () => {}),
}));
vi.mock('../../../../src/app/api/bank-verification.api', async (original) => ({
  ...(await original<typeof import('../../../../src/app/api/bank-verification.api')>()),
  verifyBankAccount: vi.fn(),
}));
vi.mock('../../../../src/app/api/verification.api', () => ({ matchNames: vi.fn() }));

const SLOW = { timeout: 10_000 };
const VALID = {
  account_holder_name: 'LAKSHMI DEVI',
  account_number: '123456789012',
  confirm_account_number: '123456789012',
  account_type: 'SAVINGS',
  ifsc_code: 'SBIN0001234 ',
  bank_name: 'State Bank of India',
};

async function openForm() {
  renderRoutes(`/application/bank-account-details?id=${APP_ID}`);
  await settleNavigation();
  expect(await screen.findByRole('heading', { name: 'Bank Account Details', level: 1 }, SLOW)).toBeTruthy();
  await screen.findByLabelText('Account holder name', undefined, SLOW);
}

describe('bank account (/application/bank-account-details)', () => {
  let appLocalId: string;
  beforeEach(async () => {
    resetDevice();
    appLocalId = await freshApplication();
    await putBanks();
    await db.applications.update(appLocalId, {
      steps: { borrower: { name: 'Lakshmi Devi', phone: '9876543210' } },
      tracker_id: 'SAH2611000123',
    });
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    setToken('tok-1');
    setProfile(makeProfile());
  });
  afterEach(teardown);

  it('offline, the account read from a bank statement is offered and fills the form in (issue 21 D10)', async () => {
    setOnline(false);
    await saveStatementIdentities(appLocalId, [
      {
        name: 'LAKSHMI DEVI',
        account_number: '30012345678',
        ifsc: 'SBIN0001234',
        bank_name: 'State Bank of India',
        account_type: 'Savings',
      },
    ]);
    const user = userEvent.setup();
    await openForm();
    const offer = await screen.findByRole('region', { name: 'Read from the bank statements' }, SLOW);
    expect(within(offer).getByText('LAKSHMI DEVI, account 30012345678, IFSC SBIN0001234, State Bank of India, Savings')).toBeTruthy();
    await user.click(within(offer).getByRole('button', { name: 'Fill in these details' }));
    const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
    await waitFor(() => expect(value('Account number')).toBe('30012345678'), SLOW);
    expect(value('Account holder name')).toBe('LAKSHMI DEVI');
    expect(value('Confirm account number')).toBe('30012345678');
    expect(value('IFSC code')).toBe('SBIN0001234');
    expect(screen.getByLabelText('Account type', { selector: 'button' }).textContent).toContain('Savings');
    expect(screen.getByLabelText('Bank name', { selector: 'button' }).textContent).toContain('State Bank of India');
    // The draft keeps what was filled in.
    await waitFor(
      async () =>
        expect((await db.drafts.get(`${appLocalId}:bank_account`))?.values).toMatchObject({
          account_number: '30012345678',
          account_type: 'SAVINGS',
        }),
      SLOW,
    );
  });

  it('offline, Verify is disabled and says it needs a connection; Submit still queues (IFSC trimmed) and the success page waits for the tracker id', async () => {
    setOnline(false);
    await putDraft('bank_account', appLocalId, VALID);
    await putFileWithBlob(appLocalId, 'bank_account.bank_proof', 'proof');
    await db.applications.update(appLocalId, { tracker_id: undefined });
    const user = userEvent.setup();
    await openForm();
    const verify = screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement;
    expect(verify.disabled).toBe(true);
    expect(verify.getAttribute('aria-describedby')).toBe('bank-verify-offline');
    expect(document.getElementById('bank-verify-offline')?.textContent).toBe('Needs connection');
    // Issue 21 D21: no example in the IFSC box that looks typed; the example is in the hint under it.
    const ifsc = screen.getByLabelText('IFSC code') as HTMLInputElement;
    expect(ifsc.placeholder).toBe('');
    expect(document.getElementById(ifsc.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(
      '11 characters, as on the cheque book, for example SBIN0001234.',
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await settleNavigation();
    await waitFor(() => expect(currentLocation().pathname).toBe('/application/success'), SLOW);
    const entries = (await db.outbox.toArray()).filter((e) => e.request.kind === 'json');
    expect(entries).toHaveLength(1);
    const request = entries[0]!.request as JsonRequest;
    expect(request).toMatchObject({ method: 'POST', url: '/v1/app/mfi/{app}/bank-account' });
    expect(request.body).toMatchObject({ ifsc_code: 'SBIN0001234', account_type: 'SAVINGS', bank_proof: { $file: 'proof' } });
    expect((request.body as Record<string, unknown>).deviations).toBeUndefined();
    expect((await db.applications.get(appLocalId))?.stage).toContain('BANK_ACCOUNT');
    expect(await screen.findByText('The tracker id shows here once the application reaches the server.', undefined, SLOW)).toBeTruthy();
  });

  it('a queued submit the server refused for the names reopens the form with the warning and Continue with Deviation, which sends the deviation', async () => {
    setOnline(false);
    await putDraft('bank_account', appLocalId, VALID);
    await putFileWithBlob(appLocalId, 'bank_account.bank_proof', 'proof');
    const user = userEvent.setup();
    await openForm();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await settleNavigation();
    await waitFor(() => expect(currentLocation().pathname).toBe('/application/success'), SLOW);
    const [entry] = (await db.outbox.toArray()).filter((e) => e.request.kind === 'json');
    await db.outbox.update(entry!.seq!, {
      state: 'needs_attention',
      lastError: 'Name mismatch detected. Please review or continue with deviation.',
    });
    teardown();
    await openForm();
    expect(await screen.findByText(/The server refused the bank account: the name does not match/, undefined, SLOW)).toBeTruthy();
    expect((screen.getByLabelText('Account holder name') as HTMLInputElement).value).toBe('LAKSHMI DEVI');
    await user.click(await screen.findByRole('button', { name: 'Continue with Deviation' }, SLOW));
    await waitFor(
      async () =>
        expect((await db.outbox.toArray()).filter((e) => e.request.kind === 'json' && e.state !== 'needs_attention')).toHaveLength(1),
      SLOW,
    );
    const resent = (await db.outbox.toArray()).find((e) => e.request.kind === 'json' && e.state !== 'needs_attention')!
      .request as JsonRequest;
    // The refused item is replaced by the resubmit, not left waiting in the sync centre.
    await waitFor(async () => expect((await db.outbox.toArray()).filter((e) => e.state === 'needs_attention')).toHaveLength(0), SLOW);
    expect((resent.body as { deviations: { type: string }[] }).deviations[0]!.type).toBe('BANK_NAME_MISMATCH_DEVIATION');
  });

  it('Verify online: the verified state is one-way, a holder name that does not match leads to Continue with Deviation', async () => {
    vi.mocked(verifyBankAccount).mockResolvedValue({
      success: true,
      data: { account_holder_name: 'RAMESH YADAV' },
      message: 'Bank verified successfully',
    });
    vi.mocked(matchNames).mockResolvedValue({ success: true, data: { is_match: false, score: 0.2 } });
    await putDraft('bank_account', appLocalId, VALID);
    await putFileWithBlob(appLocalId, 'bank_account.bank_proof', 'proof');
    const user = userEvent.setup();
    await openForm();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Bank Verified ✓', undefined, SLOW)).toBeTruthy();
    expect(vi.mocked(verifyBankAccount).mock.calls[0]![0]).toMatchObject({
      account_number: '123456789012',
      ifsc: 'SBIN0001234',
      application_id: APP_ID,
    });
    expect(vi.mocked(matchNames).mock.calls[0]![1]).toEqual([
      { value: 'RAMESH YADAV', source: 'BANK_ACCOUNT' },
      { value: 'Lakshmi Devi', source: 'INPUT' },
    ]);
    expect((screen.getByLabelText('Account number') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByText('Name mismatch detected. Please review or continue with deviation.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue with Deviation' }));
    await settleNavigation();
    await waitFor(() => expect(currentLocation().pathname).toBe('/application/success'), SLOW);
    const request = (await db.outbox.toArray()).find((e) => e.request.kind === 'json')!.request as JsonRequest;
    expect((request.body as Record<string, unknown>).deviations).toEqual([
      { type: 'BANK_NAME_MISMATCH_DEVIATION', info: { is_match: false, score: 0.2 } },
    ]);
    expect(await screen.findByTestId('tracker-id', undefined, SLOW)).toHaveProperty('textContent', 'SAH2611000123');
  });

  it('the branch credit manager goes on to cpv-info; a missing proof is the message', async () => {
    setProfile(makeProfile({ mfi_employee: 'BRANCH_CREDIT_MANAGER' }));
    await putDraft('bank_account', appLocalId, VALID);
    const user = userEvent.setup();
    await openForm();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(document.getElementById('bank-error')?.textContent).toBe('Please upload bank proof'), SLOW);
    await putFileWithBlob(appLocalId, 'bank_account.bank_proof', 'proof');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await settleNavigation();
    await waitFor(() => expect(currentLocation().pathname).toBe('/application/cpv-info'), SLOW);
  });
});
