// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppContent } from '../../../../src/app/app';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchApplication } from '../../../../src/app/api/applications.api';
import { ensureLocalApplication } from '../../../../src/app/db/applications.repository';
import { getDb } from '../../../../src/app/db/db';
import { setLanguage } from '../../../../src/app/i18n/language.store';
import { getApplicationId, setApplicationId, setProfile, setToken } from '../../../../src/app/session/session.storage';
import { makeProfile, resetDevice, settleNavigation, teardown } from '../test-utils';

vi.mock('../../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../../src/app/api/applications.api', () => ({ fetchApplication: vi.fn(() => new Promise(() => {})) }));

const ID = '0123456789abcdef0123456789abcdef';
const GUARANTOR = 'b'.repeat(32);
const db = getDb();
/** The server's view of a bureau rejection (KYC submit): REJECTED with bureau_deviation_exists. */
const REJECTED = {
  status: 'REJECTED',
  bureau_deviation_exists: true,
  approval_checks: {
    decision: 'REJECTED',
    rejected: true,
    reasons: ['OVERDUE_AMOUNT_PRESENT', 'LOW_BUREAU_SCORE'],
    check_values: { overdue_amount: 18500 },
  },
};

async function application(server: Record<string, unknown>): Promise<string> {
  const localId = await ensureLocalApplication(db, ID);
  await db.applications.update(localId, { status: 'REJECTED', server: { id: ID, ...server } });
  return localId;
}

/** Where the app went: path and query. */
function Probe() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}
const where = () => screen.getByTestId('where').textContent;

function show(query: string) {
  render(
    <MemoryRouter initialEntries={[`/application/rejection?${query}`]}>
      <AppContent />
      <Probe />
    </MemoryRouter>,
  );
}

async function open(query: string) {
  show(query);
  await settleNavigation();
  expect(await screen.findByRole('heading', { name: 'Application Rejected!', level: 1 })).toBeTruthy();
}

const reasons = () => within(screen.getByRole('region', { name: 'Reasons' }));

describe('rejection page (/application/rejection)', () => {
  beforeEach(async () => {
    resetDevice();
    await Promise.all(db.tables.map((t) => t.clear()));
    setToken('tok-1');
    setProfile(makeProfile());
  });
  afterEach(teardown);

  it("names the application, lists its reasons in words and the overdue amount in rupees, without 'Add Another guarantor'", async () => {
    // Issue 31 N15: the application named as other pages name it, the reasons as sentences, not codes in capitals.
    await application({ ...REJECTED, name: 'LAKSHMI DEVI', tracker_id: 'SAH2611000123' });
    await open(`id=${ID}`);
    await waitFor(() => expect(reasons().getByText('An overdue amount is present on the credit record')).toBeTruthy());
    expect(reasons().getByText('Overdue amount: ₹18,500.00')).toBeTruthy();
    expect(reasons().getByText('The bureau score is too low')).toBeTruthy();
    expect(reasons().queryByText(/OVERDUE|LOW BUREAU/)).toBeNull();
    expect(screen.getByTestId('rejected-application').textContent).toBe('LAKSHMI DEVI · Loan id SAH2611000123');
    expect(screen.getByRole('button', { name: 'Change Loan Type' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start New Application' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Another guarantor' })).toBeNull();
    // The refresh starts once the phone's copy is read and nothing of it waits to be sent.
    await waitFor(() => expect(fetchApplication).toHaveBeenCalledWith(ID));
  });

  it('in Hindi the bureau reasons are in words (issue 21 D5); an unknown one is its code in sentence case', async () => {
    await application({
      ...REJECTED,
      approval_checks: { ...REJECTED.approval_checks, reasons: ['OVERDUE_AMOUNT_PRESENT', 'LOW_BUREAU_SCORE', 'SOME_NEW_REASON'] },
    });
    await open(`id=${ID}`);
    await waitFor(() => expect(reasons().getByText('An overdue amount is present on the credit record')).toBeTruthy());
    await setLanguage('hi');
    const list = within(await screen.findByRole('region', { name: 'कारण' }, { timeout: 10_000 }));
    await waitFor(() => expect(list.getByText('क्रेडिट रिकॉर्ड में बकाया राशि मौजूद है')).toBeTruthy());
    expect(list.getByText('ब्यूरो स्कोर बहुत कम है')).toBeTruthy();
    expect(list.getByText('Some new reason')).toBeTruthy();
  });

  it('a reviewer’s rejection is final: the reason, a note saying so, and no way out but a new application', async () => {
    await application({ status: 'REJECTED', bureau_deviation_exists: false, approval_checks: null, rejection_reason: 'FRAUD_SUSPECTED' });
    await open(`id=${ID}`);
    await waitFor(() => expect(reasons().getByText('Fraud suspected')).toBeTruthy());
    expect(screen.getByTestId('rejection-final').textContent).toBe(
      'A reviewer or the business rules engine rejected this application: the rejection is final. Start a new application if the borrower applies again.',
    );
    expect(screen.queryByRole('button', { name: 'Change Loan Type' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Another guarantor' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Start New Application' })).toBeTruthy();
  });

  it('a confirmed BRE rejection names the application, says who decided, is final, and offers only a new application', async () => {
    await application({
      status: 'REJECTED',
      name: 'LAKSHMI DEVI',
      tracker_id: 'SAH2611000123',
      rejection_reason: 'INSUFFICIENT_SURPLUS',
      loan_offer: {
        decision: 'REJECTED',
        reasons: ['INSUFFICIENT_SURPLUS'],
        bre_score: 742,
        monthly_surplus: -4750,
        loan_type: 'MFI_BUSINESS_LOAN',
        rejection_confirmed_at: '2026-11-20T10:00:00.000Z',
      },
    });
    await open(`id=${ID}`);
    expect(screen.getByTestId('rejected-application').textContent).toBe('LAKSHMI DEVI · Loan id SAH2611000123');
    expect(screen.getByText('Proposed by the business rules engine and confirmed by the branch credit manager.')).toBeTruthy();
    expect(screen.getByTestId('rejection-final')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change Loan Type' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Another guarantor' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Start New Application' })).toBeTruthy();
  });

  it("reads rejection_reason when there are no approval checks; 'Change Loan Type' goes to the mobile step", async () => {
    const user = userEvent.setup();
    await application({ approval_checks: null, rejection_reason: 'WRITTEN_OFF_ACCOUNT' });
    await open(`id=${ID}`);
    await waitFor(() => expect(reasons().getByText('An account on the credit record was written off')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Change Loan Type' }));
    await settleNavigation();
    expect(where()).toBe(`/application/mobile?id=${ID}&rejection_status=true`);
  });

  it("shows a rejected guarantor's reasons and 'Add Another guarantor' to replace it", async () => {
    const user = userEvent.setup();
    const localId = await application({ status: 'DRAFT' });
    await db.records.put({
      localId: GUARANTOR,
      applicationLocalId: localId,
      kind: 'co_applicant',
      values: { type: 'GUARANTOR', name: 'Vikram Joshi' },
      syncState: 'synced',
      server: { id: GUARANTOR, type: 'GUARANTOR', name: 'Vikram Joshi', ...REJECTED },
      createdAt: 1,
      updatedAt: 1,
    });
    await open(`id=${ID}&type=GUARANTOR&co_applicant_id=${GUARANTOR}`);
    expect(await screen.findByText('Guarantor: Vikram Joshi')).toBeTruthy();
    expect(reasons().getByText('Overdue amount: ₹18,500.00')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add Another guarantor' }));
    await settleNavigation();
    expect(where()).toBe(`/application/co-applicant-details?id=${ID}&type=GUARANTOR&rejected_guarantor_id=${GUARANTOR}`);
  });

  it("'Start New Application' clears the flow state and goes to the mobile step", async () => {
    const user = userEvent.setup();
    await application(REJECTED);
    setApplicationId(ID);
    await open('');
    // Without an id in the address, the application being worked on is read.
    await waitFor(() => expect(reasons().getByText('The bureau score is too low')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Start New Application' }));
    await settleNavigation();
    expect(where()).toBe('/application/mobile');
    expect(getApplicationId()).toBe(-1);
  });

  it("a GUARANTOR rejection whose guarantor is not on the phone sends 'Add Another guarantor' to the co-applicants list", async () => {
    const user = userEvent.setup();
    // The application itself is still a draft (a guarantor's rejection does not reject it): the policy lets the officer add one.
    await application({ status: 'DRAFT' });
    await open(`id=${ID}&type=GUARANTOR`);
    await user.click(await screen.findByRole('button', { name: 'Add Another guarantor' }));
    await settleNavigation();
    expect(where()).toBe(`/application/co-applicants?id=${ID}`);
  });

  it('says the reasons are not on the phone yet when nothing arrived', async () => {
    const localId = await ensureLocalApplication(db, ID);
    await db.applications.update(localId, { status: 'REJECTED' });
    await open(`id=${ID}`);
    expect(await screen.findByText('The reasons are not on this phone yet: they appear here once the server has answered.')).toBeTruthy();
  });

  it('an application that is not rejected gets a "not rejected" page with the way back, never "Application Rejected!"', async () => {
    const user = userEvent.setup();
    const localId = await ensureLocalApplication(db, ID);
    await db.applications.update(localId, { status: 'DRAFT', stage: ['BORROWER_INFO'], server: { id: ID, status: 'DRAFT' } });
    show(`id=${ID}`);
    await settleNavigation();
    expect(await screen.findByRole('heading', { name: 'This application is not rejected', level: 1 })).toBeTruthy();
    expect(screen.queryByText('Application Rejected!')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change Loan Type' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Back to the application' }));
    await settleNavigation();
    expect(where()).toBe(`/application/kyc?id=${ID}`);
  });

  it('turns into the rejection once the server says so', async () => {
    const localId = await ensureLocalApplication(db, ID);
    show(`id=${ID}`);
    await settleNavigation();
    expect(await screen.findByRole('heading', { name: 'This application is not rejected' })).toBeTruthy();
    await db.applications.update(localId, { status: 'REJECTED', server: { id: ID, ...REJECTED } });
    expect(await screen.findByRole('heading', { name: 'Application Rejected!' })).toBeTruthy();
    await waitFor(() => expect(reasons().getByText('The bureau score is too low')).toBeTruthy());
  });

  it('a co-applicant that is not rejected is named, and the way back is the co-applicants list', async () => {
    const localId = await ensureLocalApplication(db, ID);
    await db.records.put({
      localId: GUARANTOR,
      applicationLocalId: localId,
      kind: 'co_applicant',
      values: { type: 'GUARANTOR', name: 'Vikram Joshi' },
      syncState: 'synced',
      server: { id: GUARANTOR, type: 'GUARANTOR', name: 'Vikram Joshi', status: 'ACTIVE' },
      createdAt: 1,
      updatedAt: 1,
    });
    show(`id=${ID}&type=GUARANTOR&co_applicant_id=${GUARANTOR}`);
    await settleNavigation();
    expect(await screen.findByText('Vikram Joshi is not rejected.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the application' }).getAttribute('href')).toBe(`/application/co-applicants?id=${ID}`);
  });

  it('an invalid id says so instead of showing a rejection', async () => {
    show('id=nope');
    await settleNavigation();
    expect(await screen.findByRole('heading', { name: 'Application not found' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Open this page from an application: the link has no valid application id.');
  });
});

// Issue 21 D15: the page offers each role only what the access policy lets it do. A reviewer
// neither changes the loan type (the officer's update; it went on to a name match the server
// refused with 409) nor starts an application or adds a guarantor: their way on is the list.
describe('rejection page as a reviewer', () => {
  beforeEach(async () => {
    resetDevice();
    await Promise.all(db.tables.map((t) => t.clear()));
    setToken('tok-1');
    setProfile(makeProfile({ mfi_employee: 'BRANCH_CREDIT_MANAGER' }));
  });
  afterEach(teardown);

  const noOfficerActions = () => {
    for (const name of ['Change Loan Type', 'Start New Application', 'Add Another guarantor'])
      expect(screen.queryByRole('button', { name }), name).toBeNull();
  };

  it('a bureau rejection: the reasons, no officer action, and the way back to the applications list', async () => {
    const user = userEvent.setup();
    await application(REJECTED);
    await open(`id=${ID}`);
    await waitFor(() => expect(reasons().getByText('The bureau score is too low')).toBeTruthy());
    noOfficerActions();
    await user.click(screen.getByRole('link', { name: 'Back to applications' }));
    await settleNavigation();
    expect(where()).toBe('/applications');
  });

  it('a final rejection says so without telling the reviewer to start an application', async () => {
    await application({ status: 'REJECTED', bureau_deviation_exists: false, approval_checks: null, rejection_reason: 'FRAUD_SUSPECTED' });
    await open(`id=${ID}`);
    expect((await screen.findByTestId('rejection-final')).textContent).toBe(
      'A reviewer or the business rules engine rejected this application: the rejection is final.',
    );
    noOfficerActions();
    expect(screen.getByRole('link', { name: 'Back to applications' })).toBeTruthy();
  });

  it("a rejected guarantor: no 'Add Another guarantor' (the officer adds records)", async () => {
    const localId = await application({ status: 'PD1_REVIEW' });
    await db.records.put({
      localId: GUARANTOR,
      applicationLocalId: localId,
      kind: 'co_applicant',
      values: { type: 'GUARANTOR', name: 'Vikram Joshi' },
      syncState: 'synced',
      server: { id: GUARANTOR, type: 'GUARANTOR', name: 'Vikram Joshi', ...REJECTED },
      createdAt: 1,
      updatedAt: 1,
    });
    await open(`id=${ID}&type=GUARANTOR&co_applicant_id=${GUARANTOR}`);
    expect(await screen.findByText('Guarantor: Vikram Joshi')).toBeTruthy();
    noOfficerActions();
  });

  it('in Hindi, the way back is in Hindi', async () => {
    await setLanguage('hi');
    await application(REJECTED);
    show(`id=${ID}`);
    await settleNavigation();
    expect(await screen.findByRole('link', { name: 'आवेदनों की सूची पर वापस जाएँ' })).toBeTruthy();
  });
});
