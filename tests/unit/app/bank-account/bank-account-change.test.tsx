// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyBankAccount } from '../../../../src/app/api/bank-verification.api';
import { matchNames } from '../../../../src/app/api/verification.api';
import { draftKey } from '../../../../src/app/db/drafts.repository';
import type { JsonRequest } from '../../../../src/app/db/records';
import { setLanguage } from '../../../../src/app/i18n/language.store';
import { setProfile, setToken } from '../../../../src/app/session/session.storage';
import { currentLocation, makeProfile, renderRoutes, resetDevice, settleNavigation, teardown } from '../test-utils';
import { APP_ID, db, freshApplication, putBanks, putDraft, putFileWithBlob } from '../business/business-support';

// Issue 21 D1: Verify refuses while the account and its confirmation differ, and a verified
// account can always be given up with "Change account" (a confirm, then the fields are editable
// again), also from a draft of an older version that was verified with two different numbers.

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
const TYPED = {
  account_holder_name: 'LAKSHMI DEVI',
  account_number: '30098765432',
  confirm_account_number: '30098765433',
  account_type: 'SAVINGS',
  ifsc_code: 'SBIN0001234',
  bank_name: 'State Bank of India',
};
/** What an older version left: verified although the confirmation differs. */
const LOCKED_DRAFT = {
  ...TYPED,
  checks: {
    verified: { account_number: '30098765432', ifsc: 'SBIN0001234', holder: 'LAKSHMI DEVI' },
    nameMatch: { holder: 'LAKSHMI DEVI', result: { is_match: true } },
  },
};

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const jsonEntries = async () => (await db.outbox.toArray()).filter((e) => e.request.kind === 'json');
const bankDraft = async (applicationLocalId: string) => (await db.drafts.get(draftKey('bank_account', applicationLocalId)))?.values;

async function openForm() {
  renderRoutes(`/application/bank-account-details?id=${APP_ID}`);
  await settleNavigation();
  await screen.findByRole('heading', { level: 1 }, SLOW);
  await screen.findByLabelText(/Account holder name|खाताधारक का नाम/, undefined, SLOW);
}

describe('bank account: the confirmation and Change account', () => {
  let appLocalId: string;
  beforeEach(async () => {
    resetDevice();
    appLocalId = await freshApplication();
    await putBanks();
    await db.applications.update(appLocalId, { steps: { borrower: { name: 'Lakshmi Devi', phone: '9876543210' } } });
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    setToken('tok-1');
    setProfile(makeProfile());
    vi.mocked(verifyBankAccount).mockReset();
    vi.mocked(matchNames).mockReset();
  });
  afterEach(teardown);

  it('Verify refuses while the two numbers differ: the message is on the confirm field, nothing is asked of the bank', async () => {
    await putDraft('bank_account', appLocalId, TYPED);
    const user = userEvent.setup();
    await openForm();
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    const confirm = input('Confirm account number');
    await waitFor(() => expect(confirm.getAttribute('aria-invalid')).toBe('true'), SLOW);
    const describedBy = (confirm.getAttribute('aria-describedby') ?? '').split(' ');
    const message = describedBy.map((id) => document.getElementById(id)?.textContent).find(Boolean);
    expect(message).toBe('Account numbers do not match');
    expect(document.activeElement).toBe(confirm);
    expect(input('Account number').getAttribute('aria-invalid')).toBeNull();
    expect(verifyBankAccount).not.toHaveBeenCalled();
    expect(screen.queryByText('Bank Verified ✓')).toBeNull();
    expect(confirm.readOnly).toBe(false);

    // Corrected, Verify asks the bank with the account typed twice.
    vi.mocked(verifyBankAccount).mockResolvedValue({ success: true, data: { account_holder_name: 'LAKSHMI DEVI' }, message: '' });
    vi.mocked(matchNames).mockResolvedValue({ success: true, data: { is_match: true, score: 1 } });
    await user.clear(confirm);
    await user.type(confirm, '30098765432');
    await waitFor(() => expect(confirm.getAttribute('aria-invalid')).toBeNull(), SLOW);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Bank Verified ✓', undefined, SLOW)).toBeTruthy();
    expect(vi.mocked(verifyBankAccount).mock.calls[0]![0]).toMatchObject({ account_number: '30098765432', ifsc: 'SBIN0001234' });
  });

  it('in Hindi, the refusal is the Hindi text of the same message', async () => {
    await setLanguage('hi');
    await putDraft('bank_account', appLocalId, TYPED);
    const user = userEvent.setup();
    await openForm();
    await user.click(screen.getByRole('button', { name: 'सत्यापित करें' }));
    const confirm = input('खाता संख्या की पुष्टि करें');
    await waitFor(() => expect(confirm.getAttribute('aria-invalid')).toBe('true'), SLOW);
    expect(screen.getByText('खाता संख्याएँ मेल नहीं खातीं')).toBeTruthy();
    expect(verifyBankAccount).not.toHaveBeenCalled();
  });

  it('a draft verified with two different numbers: Submit says how to fix it, Change account (confirmed) clears the verification and unlocks the fields, also after a reload', async () => {
    await putDraft('bank_account', appLocalId, LOCKED_DRAFT);
    await putFileWithBlob(appLocalId, 'bank_account.bank_proof', 'proof');
    const user = userEvent.setup();
    await openForm();
    expect(screen.getByText('Bank Verified ✓')).toBeTruthy();
    for (const label of ['Account number', 'Confirm account number', 'IFSC code']) expect(input(label).readOnly).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(input('Confirm account number').getAttribute('aria-invalid')).toBe('true'), SLOW);
    expect(document.getElementById('bank-error')?.textContent).toBe('Account numbers do not match');
    const hint = screen.getByText('The account is verified, so these fields are locked: press Change account to correct them.');
    expect(screen.getByRole('button', { name: 'Change account' }).getAttribute('aria-describedby')).toBe(hint.id);
    expect(await jsonEntries()).toHaveLength(0);

    // Cancel keeps everything as it was.
    await user.click(screen.getByRole('button', { name: 'Change account' }));
    const first = await screen.findByRole('alertdialog', undefined, SLOW);
    expect(within(first).getByText('The verification of the account ending 5432 (SBIN0001234) will be cleared.')).toBeTruthy();
    await user.click(within(first).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), SLOW);
    expect(input('Account number').readOnly).toBe(true);
    expect(await jsonEntries()).toHaveLength(0);

    // Confirmed: the fields unlock at once and the server is told through the outbox.
    await user.click(screen.getByRole('button', { name: 'Change account' }));
    const dialog = await screen.findByRole('alertdialog', undefined, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Change account' }));
    await waitFor(() => expect(input('Account number').readOnly).toBe(false), SLOW);
    expect(input('Confirm account number').readOnly).toBe(false);
    expect(input('IFSC code').readOnly).toBe(false);
    expect(screen.queryByText('Bank Verified ✓')).toBeNull();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(input('Account number')), SLOW);

    const [entry] = await jsonEntries();
    expect(entry!.request as JsonRequest).toMatchObject({
      method: 'POST',
      url: '/v1/app/mfi/{app}/bank-account/change',
      body: { account_number: '30098765432', ifsc_code: 'SBIN0001234' },
    });
    expect(entry!.effect).toEqual({ type: 'application-answer', applicationLocalId: appLocalId });
    expect((await bankDraft(appLocalId))?.checks).toEqual({});

    // A reload restores the unlocked form, and the confirmation can be corrected.
    teardown();
    await openForm();
    const confirm = input('Confirm account number');
    expect(confirm.readOnly).toBe(false);
    await user.clear(confirm);
    await user.type(confirm, '30098765432');
    await waitFor(async () => expect((await bankDraft(appLocalId))?.confirm_account_number).toBe('30098765432'), SLOW);
  });

  it('Change account is offered only to whoever may still change the application (never on an approved one)', async () => {
    await putDraft('bank_account', appLocalId, LOCKED_DRAFT);
    const cases: [string, string, boolean][] = [
      ['BRANCH_CREDIT_MANAGER', 'APPROVED', false],
      ['BRANCH_MANAGER', 'REJECTED', false],
      ['RELATIONSHIP_OFFICER', 'PD1_COMPLETE', false],
      ['BRANCH_CREDIT_MANAGER', 'PD1_COMPLETE', true],
    ];
    for (const [designation, status, offered] of cases) {
      setProfile(makeProfile({ mfi_employee: designation }));
      await db.applications.update(appLocalId, { status, server: { status } });
      await openForm();
      expect(await screen.findByText('Bank Verified ✓', undefined, SLOW)).toBeTruthy();
      expect(!!screen.queryByRole('button', { name: 'Change account' }), `${designation} in ${status}`).toBe(offered);
      teardown();
    }
  });

  it("the history shows the change: who, when, and the account's last 4 digits with its IFSC", async () => {
    await db.applications.update(appLocalId, {
      server: {
        status: 'DRAFT',
        history: [
          {
            at: '2026-01-15T05:00:00.000Z',
            actor_name: 'Ravi Kumar',
            actor_designation: 'RELATIONSHIP_OFFICER',
            action: 'BANK_ACCOUNT_CHANGED',
            from: 'DRAFT',
            to: 'DRAFT',
            remarks: null,
            detail: { account_last4: '5432', ifsc: 'SBIN0001234', was_saved: true },
          },
        ],
      },
    });
    await openForm();
    const history = (await screen.findByText('History (1)', undefined, SLOW)).closest('details')!;
    const [item] = within(history).getAllByRole('listitem');
    expect(within(item!).getByText('Bank account changed')).toBeTruthy();
    expect(within(item!).getByText('Verification cleared for the account ending 5432 (SBIN0001234)')).toBeTruthy();
    expect(item!.textContent).toContain('Ravi Kumar');
  });

  it('a submitted verified step: Change account drops its checks too, so leaving and coming back does not lock it again', async () => {
    await db.applications.update(appLocalId, {
      steps: {
        borrower: { name: 'Lakshmi Devi', phone: '9876543210' },
        bank_account: { ...LOCKED_DRAFT, confirm_account_number: '30098765432' },
      },
      stage: ['BANK_ACCOUNT'],
    });
    const user = userEvent.setup();
    await openForm();
    expect(input('Account number').readOnly).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Change account' }));
    await user.click(within(await screen.findByRole('alertdialog', undefined, SLOW)).getByRole('button', { name: 'Change account' }));
    await waitFor(() => expect(input('Account number').readOnly).toBe(false), SLOW);
    expect((await db.applications.get(appLocalId))?.steps?.bank_account?.checks).toEqual({});
    await db.drafts.delete(draftKey('bank_account', appLocalId));
    teardown();
    await openForm();
    expect(input('Account number').readOnly).toBe(false);
    expect(currentLocation().pathname).toBe('/application/bank-account-details');
  });
});
