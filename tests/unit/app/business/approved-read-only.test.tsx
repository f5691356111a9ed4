// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../../src/app/i18n/language.store';
import { setProfile, setToken } from '../../../../src/app/session/session.storage';
import { makeProfile, renderRoutes, resetDevice, settleNavigation, teardown } from '../test-utils';
import { APP_ID, db, freshApplication, putBanks, putDraft, putFileWithBlob } from './business-support';

// Issue 21 D16: an APPROVED application is read-only for everyone. A reviewer opening one of its
// steps is told so, its fields take no input, no file can be added, and Submit queues nothing
// (before, the edit was sent, refused by the server and parked in the sync centre).

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

const SLOW = { timeout: 10_000 };
const READ_ONLY = 'This application is approved: it is read-only, and nothing on it can be changed any more.';
const VALID = {
  account_holder_name: 'LAKSHMI DEVI',
  account_number: '30098765432',
  confirm_account_number: '30098765432',
  account_type: 'SAVINGS',
  ifsc_code: 'SBIN0001234',
  bank_name: 'State Bank of India',
};

async function openBank(status: string) {
  const appLocalId = await freshApplication();
  await putBanks();
  await db.applications.update(appLocalId, { status, server: { status, name: 'LAKSHMI DEVI' } });
  await putDraft('bank_account', appLocalId, VALID);
  await putFileWithBlob(appLocalId, 'bank_account.bank_proof', 'proof');
  renderRoutes(`/application/bank-account-details?id=${APP_ID}`);
  await settleNavigation();
  await screen.findByLabelText(/Account holder name|खाताधारक का नाम/, undefined, SLOW);
}

describe('an approved application is read-only', () => {
  beforeEach(() => {
    resetDevice();
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    setToken('tok-1');
    setProfile(makeProfile({ mfi_employee: 'BRANCH_CREDIT_MANAGER' }));
  });
  afterEach(teardown);

  it('says so, takes no input, and Submit queues nothing', async () => {
    await openBank('APPROVED');
    expect(screen.getByText(READ_ONLY)).toBeTruthy();
    const holder = screen.getByLabelText('Account holder name') as HTMLInputElement;
    expect(holder.readOnly).toBe(true);
    const user = userEvent.setup();
    await user.type(holder, 'X');
    expect(holder.value).toBe('LAKSHMI DEVI');

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(document.getElementById('bank-error')?.textContent).toBe(READ_ONLY), SLOW);
    expect(await db.outbox.count()).toBe(0);
  });

  it('in Hindi, the notice is in Hindi', async () => {
    await setLanguage('hi');
    await openBank('APPROVED');
    expect(await screen.findByText('यह आवेदन स्वीकृत है: यह केवल पढ़ने के लिए है, और इसमें अब कुछ भी बदला नहीं जा सकता।', undefined, SLOW)).toBeTruthy();
  });

  it('before approval the same reviewer may still change it', async () => {
    await openBank('PD2_COMPLETE');
    expect(screen.queryByText(READ_ONLY)).toBeNull();
    expect((screen.getByLabelText('Account holder name') as HTMLInputElement).readOnly).toBe(false);
  });
});
