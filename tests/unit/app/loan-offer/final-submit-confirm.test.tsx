// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { approveApplication } from '../../../../src/app/api/loan-offer.api';
import { ensureLocalApplication } from '../../../../src/app/db/applications.repository';
import { getDb } from '../../../../src/app/db/db';
import { setLanguage } from '../../../../src/app/i18n/language.store';
import { setProfile, setToken } from '../../../../src/app/session/session.storage';
import { makeProfile, partOf, renderRoutes, resetDevice, settleNavigation, teardown } from '../test-utils';

// Issue 21 D13: Final Submit approves the loan for good, so it asks first; Cancel changes nothing.

vi.mock('../../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../../src/app/api/applications.api', () => ({ fetchApplication: vi.fn(() => new Promise(() => {})) }));
vi.mock('../../../../src/app/api/loan-offer.api', () => ({
  fetchLoanOffer: vi.fn(),
  updateLoanOffer: vi.fn(),
  fetchEmiStartDate: vi.fn(),
  approveApplication: vi.fn(),
}));

const SLOW = { timeout: 10_000 };
const ID = '0123456789abcdef0123456789abcdef';
const db = getDb();
const OFFER = {
  bre_score: 742,
  decision: 'APPROVED',
  reasons: [],
  interest_rate: 24,
  final_suggested_emi: 5287,
  total_processing_fee_amount: 2360,
  insurance_fee: 1000,
  final_suggested_loan_amount: 100000,
  risk_category_and_loan_type_wise_max_tenure: 24,
  disbursement_date: '2026-12-10',
  emi_start_date: '2027-01-05',
  is_accepted: true,
};

async function openFinalSubmit() {
  const localId = await ensureLocalApplication(db, ID);
  await db.applications.update(localId, {
    status: 'PD2_COMPLETE',
    server: { id: ID, status: 'PD2_COMPLETE', name: 'LAKSHMI DEVI', tracker_id: 'SAH2611000123', loan_offer: OFFER },
  });
  renderRoutes(`/application/final-submit?id=${ID}`);
  await settleNavigation();
  await screen.findByRole('heading', { level: 1 }, SLOW);
}

describe('final submit asks before it approves', () => {
  beforeEach(async () => {
    resetDevice();
    await Promise.all(db.tables.map((t) => t.clear()));
    setToken('tok-1');
    setProfile(makeProfile({ mfi_employee: 'BRANCH_CREDIT_MANAGER' }));
    vi.mocked(approveApplication).mockReset();
    vi.mocked(approveApplication).mockResolvedValue({
      success: true,
      data: partOf({ id: ID, status: 'APPROVED', stage: [], tracker_id: 'SAH2611000123', loan_offer: OFFER }),
    });
  });
  afterEach(teardown);

  it('Final Submit opens a confirm that says it cannot be undone; Cancel sends nothing; Yes, approve sends once and shows the approval', async () => {
    await openFinalSubmit();
    const user = userEvent.setup();
    const submit = await screen.findByRole('button', { name: 'Final Submit' }, SLOW);
    await user.click(submit);
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve the application?' }, SLOW);
    expect(within(dialog).getByText('Final Submit approves the loan with the accepted offer. This cannot be undone.')).toBeTruthy();
    // Cancel has the focus: a stray Enter does not approve.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), SLOW);
    expect(approveApplication).not.toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: 'Application approved' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Final Submit' }));
    await user.click(within(await screen.findByRole('alertdialog', undefined, SLOW)).getByRole('button', { name: 'Yes, approve' }));
    expect(await screen.findByRole('heading', { name: 'Application approved' }, SLOW)).toBeTruthy();
    expect(approveApplication).toHaveBeenCalledTimes(1);
    expect(approveApplication).toHaveBeenCalledWith(ID, expect.any(String));
  });

  it('in Hindi, the confirm is in Hindi', async () => {
    await setLanguage('hi');
    await openFinalSubmit();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'अंतिम सबमिट' }, SLOW));
    const dialog = await screen.findByRole('alertdialog', { name: 'आवेदन स्वीकृत करें?' }, SLOW);
    expect(within(dialog).getByRole('button', { name: 'हाँ, स्वीकृत करें' })).toBeTruthy();
    expect(approveApplication).not.toHaveBeenCalled();
  });
});
