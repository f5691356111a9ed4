// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchApplication } from '../../../../src/app/api/applications.api';
import { fetchFileUrl } from '../../../../src/app/api/server-file.api';
import { setLanguage } from '../../../../src/app/i18n/language.store';
import { setProfile, setToken } from '../../../../src/app/session/session.storage';
import { APP_ID, db, freshApplication, putFileWithBlob } from '../business/business-support';
import { makeProfile, renderRoutes, resetDevice, setOnline, settleNavigation, teardown } from '../test-utils';

vi.mock('../../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../../src/app/api/applications.api', () => ({ fetchApplication: vi.fn(() => new Promise(() => {})) }));
vi.mock('../../../../src/app/api/server-file.api', () => ({ fetchFileUrl: vi.fn() }));

const SLOW = { timeout: 10_000 };
const BM = makeProfile({ mfi_employee: 'BRANCH_MANAGER', first_name: 'Arjun' });
const BCM = makeProfile({ mfi_employee: 'BRANCH_CREDIT_MANAGER', first_name: 'Meena' });
const CO_ID = `c0${'a'.repeat(30)}`;
const FAMILY_ID = `f0${'a'.repeat(30)}`;

/** The server's view of an application as mirrored on the phone (docs/application-api.md). */
const serverView = (status: string) => ({
  id: APP_ID,
  tracker_id: 'SAH2611123456',
  status,
  stage: ['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'CO_BORROWER', 'FAMILY_MEMBER', 'BUSINESS_INFO', 'BANK_ACCOUNT'],
  phone: '9876501234',
  is_phone_verified: true,
  aadhaar: 'XXXX XXXX 4321',
  title: 'Smt.',
  name: 'LAKSHMI DEVI',
  gender: 'FEMALE',
  dob: '1985-05-12',
  pan: 'ABCPD1234F',
  voter_id: 'XKD3456787',
  pincode: '302001',
  city: 'Jaipur',
  address: '14 Bapu Bazaar, Jaipur',
  loan_type: 'MFI_BUSINESS_LOAN',
  amount_requested: 100000,
  tenure_requested: 12,
  kyc: { guardian_name: 'RAMESH', mother_name: 'SITA', category: 'OBC', photo_file: 'srv-photo', pan_file: 'srv-pan' },
  verifications: {
    mobile: true,
    aadhaar: 'VERIFIED',
    pan: { pan: 'ABCPD1234F', name: 'LAKSHMI DEVI', status: 'VERIFIED' },
    voter_id: null,
  },
  approval_checks: { decision: 'PASS', reasons: [], rejected: false, check_values: { overdue_amount: 0 } },
  deviations: [{ type: 'BORROWER_NAME_MISMATCH_DEVIATION', info: {}, status: 'APPROVED', remarks: 'Known as Lakshmi on the roll' }],
  job_type: 'SELF_EMPLOYED',
  app_mfi_business_details: { business_name: 'Lakshmi Tailors', business_address_ownership_type: 'SELF_OWNED', years_in_business: 6 },
  app_mfi_bank_account: {
    account_holder_name: 'LAKSHMI DEVI',
    account_number: '123456789012',
    ifsc_code: 'SBIN0000001',
    is_verified: true,
    verified_name: 'LAKSHMI DEVI',
    bank_proof: 'srv-bank',
  },
  app_mfi_cpv_info: {
    business_place: {
      monthly_sales: 60000,
      gross_margin_percentage: 25,
      debtor_days: 15,
      geo_pincode: '302001',
      geo_checks: [
        { field: 'shop_photo_file', latitude: 26.9, longitude: 75.8, distance_km: 1.2, flagged: false, not_captured: false },
        { field: 'shop_selfie_photo_file', latitude: 27, longitude: 75.9, distance_km: 7.4, flagged: true, not_captured: false },
      ],
    },
    residence: null,
  },
  reference_list: [
    { id: `r0${'a'.repeat(30)}`, type: 'PERSONAL_REFERENCE', name: 'GEETA', phone: '9876500001', address: '12 Johari Bazaar' },
  ],
  loan_offer: {
    bre_score: 720,
    decision: 'APPROVED',
    reasons: [],
    interest_rate: 24,
    final_suggested_emi: 9456,
    total_processing_fee_amount: 2360,
    insurance_fee: 500,
    final_suggested_loan_amount: 100000,
    risk_category_and_loan_type_wise_max_tenure: 12,
    disbursement_date: '2026-11-27',
    emi_start_date: '2026-12-27',
    is_accepted: false,
    computed_at: '2026-11-26T10:00:00.000Z',
    loan_type: 'MFI_BUSINESS_LOAN',
    monthly_surplus: 9000,
    bre_suggested_loan_amount: 100000,
    bre_max_tenure: 24,
    inputs: {
      loan_type: 'MFI_BUSINESS_LOAN',
      amount_requested: 100000,
      business: { monthly_sales: 60000, gross_margin_percentage: 25 },
      house: {},
      gross_profit: 15000,
      business_expenses: 2000,
      household_expenses: 4000,
      monthly_surplus: 9000,
    },
  },
  history: [
    {
      at: '2026-11-25T10:00:00.000Z',
      actor_name: 'Arjun Singh',
      actor_designation: 'BRANCH_MANAGER',
      action: 'MOVED',
      from: 'DRAFT',
      to: 'PD1_COMPLETE',
      remarks: null,
    },
  ],
});

async function putApplication(appLocalId: string, status: string) {
  await db.applications.update(appLocalId, { status, name: 'LAKSHMI DEVI', server: serverView(status) });
  await db.records.put({
    localId: CO_ID,
    applicationLocalId: appLocalId,
    kind: 'co_applicant',
    values: {},
    server: {
      id: CO_ID,
      type: 'CO_BORROWER',
      name: 'RAJU',
      relationship: 'SPOUSE',
      status: 'ACTIVE',
      approval_checks: { decision: 'PASS' },
      pan_file: 'srv-co-pan',
      deviations: [],
    },
    syncState: 'synced',
    createdAt: 1,
    updatedAt: 1,
  });
  await db.records.put({
    localId: FAMILY_ID,
    applicationLocalId: appLocalId,
    kind: 'family_member',
    values: {},
    server: { id: FAMILY_ID, name: 'MEENA', relation_to_borrower: 'Daughter', guardian_relationship: 'Father', income: 5000 },
    syncState: 'synced',
    createdAt: 2,
    updatedAt: 2,
  });
}

async function openCase() {
  renderRoutes(`/application/case?id=${APP_ID}`);
  await settleNavigation();
  await screen.findByRole('heading', { name: 'Case file', level: 1 }, SLOW);
  await screen.findByRole('heading', { name: 'Borrower', level: 2 }, SLOW);
}
const sectionOf = (name: string) => screen.getByRole('region', { name });
const editLinks = () =>
  screen.queryAllByRole('link', { name: /^Edit / }).map((a) => [a.getAttribute('aria-label'), a.getAttribute('href')]);

describe('case view (/application/case)', () => {
  let appLocalId: string;
  beforeEach(async () => {
    resetDevice();
    vi.mocked(fetchApplication).mockClear();
    vi.mocked(fetchFileUrl)
      .mockReset()
      .mockImplementation(() => new Promise(() => {}));
    appLocalId = await freshApplication();
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    setToken('tok-1');
  });
  afterEach(teardown);

  it('shows every section from the phone: people, documents, business, bank, CPV with distances, references, checks, BRE, review', async () => {
    setProfile(BM);
    await putApplication(appLocalId, 'PD1_COMPLETE');
    // The borrower's photo was captured on this phone: its thumbnail comes from the stored bytes.
    await putFileWithBlob(appLocalId, 'kyc.photo_file', 'local-photo', {
      mime: 'image/jpeg',
      name: 'photo.jpg',
      serverFileId: 'srv-photo',
    });
    vi.mocked(fetchFileUrl).mockImplementation(async (id) => ({ success: true, data: { file_url: `https://files.test/${id}` } }) as never);
    const user = userEvent.setup();
    await openCase();

    expect(screen.getByTestId('case-subtitle').textContent).toBe('LAKSHMI DEVI · SAH2611123456');
    const names = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    for (const title of [
      'Borrower',
      'KYC',
      'Co-borrowers and guarantors',
      'Family members',
      'Business',
      'Bank account',
      'Field verification (CPV)',
      'References',
      'Verifications',
      'Business rules engine (BRE)',
    ])
      expect(names).toContain(title);

    const borrower = sectionOf('Borrower');
    expect(within(borrower).getByText('Date of birth').nextSibling?.textContent).toBe('12-05-1985');
    expect(within(borrower).getByText('Amount requested').nextSibling?.textContent).toBe('₹1,00,000.00');
    expect(within(borrower).getByText('Tenure requested').nextSibling?.textContent).toBe('12 months');
    expect(within(borrower).getByText('Aadhaar').nextSibling?.textContent).toBe('XXXX XXXX 4321');
    expect(within(sectionOf('KYC')).getByText('Category').nextSibling?.textContent).toBe('OBC');
    expect(
      await within(sectionOf('Co-borrowers and guarantors')).findByRole('heading', { name: 'Co-borrower 1: RAJU' }, SLOW),
    ).toBeTruthy();
    expect((await within(sectionOf('Family members')).findByText('Monthly income', undefined, SLOW)).nextSibling?.textContent).toBe(
      '₹5,000.00',
    );
    expect(within(sectionOf('Business')).getByText('Place ownership').nextSibling?.textContent).toBe('Self Owned');
    expect(within(sectionOf('Bank account')).getByText('IFSC').nextSibling?.textContent).toBe('SBIN0000001');
    expect(within(sectionOf('References')).getByRole('heading', { name: 'Reference 1: GEETA' })).toBeTruthy();

    const cpv = sectionOf('Field verification (CPV)');
    expect(within(cpv).getByText('Debtor days').nextSibling?.textContent).toBe('15 days');
    expect(within(cpv).getByText('Gross margin').nextSibling?.textContent).toBe('25%');
    expect(within(cpv).getByText('Distance of the photos from pincode 302001')).toBeTruthy();
    expect(cpv.querySelector('[data-geo="shop_photo_file"]')?.textContent).toBe('Shop photo: 1.2 km');
    expect(cpv.querySelector('[data-geo="shop_selfie_photo_file"]')?.textContent).toBe(
      'Shop selfie with BCM: 7.4 km ⚠ more than 5 km away',
    );

    const checks = sectionOf('Verifications');
    expect(checks.querySelector('[data-check="mobile"]')?.textContent).toContain('Verified');
    expect(checks.querySelector('[data-check="pan"]')?.textContent).toContain('Name on record: LAKSHMI DEVI');
    expect(checks.querySelector('[data-check="bureau"]')?.textContent).toContain('Passed');
    expect(checks.querySelector('[data-check="co-0"]')?.textContent).toContain('Co-borrower: RAJU');
    expect(checks.querySelector('[data-check="bank"]')?.textContent).toContain('Name at the bank: LAKSHMI DEVI');

    const bre = sectionOf('Business rules engine (BRE)');
    expect(within(bre).getByTestId('bre-inputs').textContent).toContain('₹9,000.00');
    const answer = within(bre).getByTestId('case-bre-answer');
    expect(within(answer).getByText('BRE score').nextSibling?.textContent).toBe('720');
    expect(within(answer).getByText('Decision').nextSibling?.textContent).toBe('Approved');
    expect(within(answer).getByText('EMI').nextSibling?.textContent).toBe('₹9,456.00');
    expect(within(answer).getByText('Disbursement date').nextSibling?.textContent).toBe('27-11-2026');

    // The review section (its content loads with it: review/review-section.tsx): the deviation with its decision, and the history.
    const review = await screen.findByRole('region', { name: 'Review' }, SLOW);
    expect(within(review).getByText('borrower name mismatch (borrower)')).toBeTruthy();
    expect(within(review).getByText('Approved')).toBeTruthy();
    expect(within(review).getByText('History (1)')).toBeTruthy();

    // Documents: the local photo opens the preview; a server document is a thumbnail of its signed link.
    await user.click(await within(sectionOf('KYC')).findByRole('button', { name: 'Open Photo' }, SLOW));
    expect(await screen.findByRole('dialog', { name: 'Preview of Photo' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    const pan = await within(sectionOf('KYC')).findByRole('link', { name: 'Open PAN card' }, SLOW);
    expect(pan.getAttribute('href')).toBe('https://files.test/srv-pan');
    expect(vi.mocked(fetchFileUrl).mock.calls.map(([id]) => id)).not.toContain('srv-photo');
  });

  it('offers Edit only where the access policy allows it, for the caller and the status', async () => {
    setProfile(BCM);
    await putApplication(appLocalId, 'PD2_COMPLETE');
    await openCase();
    // PD2 complete: the credit manager still changes the steps, but the field verification is closed.
    expect(editLinks()).toEqual([
      ['Edit Borrower', `/application/mobile?id=${APP_ID}`],
      ['Edit KYC', `/application/kyc?id=${APP_ID}`],
      ['Edit Co-borrowers and guarantors', `/application/co-applicants?id=${APP_ID}`],
      ['Edit Family members', `/application/family-details?id=${APP_ID}`],
      ['Edit Business', `/application/business?id=${APP_ID}`],
      ['Edit Bank account', `/application/bank-account-details?id=${APP_ID}`],
    ]);
  });

  it('offers no Edit on an approved application, nor to an officer once PD1 is complete', async () => {
    setProfile(BM);
    await putApplication(appLocalId, 'APPROVED');
    await openCase();
    expect(editLinks()).toEqual([]);
    teardown();

    setProfile(makeProfile());
    await db.applications.update(appLocalId, { status: 'PD1_COMPLETE', server: serverView('PD1_COMPLETE') });
    await openCase();
    expect(editLinks()).toEqual([]);
  });

  it("issue 31 N12: 'Correct the figures there' only while the caller may still change the field verification", async () => {
    const CORRECT = 'From the field verification. Correct the figures there if they are wrong.';
    const note = () =>
      within(within(sectionOf('Business rules engine (BRE)')).getByTestId('bre-inputs')).getByText(/^From the field verification\./);
    setProfile(BCM);
    await putApplication(appLocalId, 'PD2_REVIEW');
    await openCase();
    expect(note().textContent).toBe(CORRECT);
    teardown();

    await putApplication(appLocalId, 'APPROVED');
    await openCase();
    expect(note().textContent).toBe('From the field verification.');
    teardown();

    // The officer never changes the field verification.
    setProfile(makeProfile());
    await putApplication(appLocalId, 'PD2_REVIEW');
    await openCase();
    expect(note().textContent).toBe('From the field verification.');
  });

  it('offline, renders from the phone without asking the server; a document not on the phone needs a connection', async () => {
    setOnline(false);
    setProfile(BM);
    await putApplication(appLocalId, 'PD1_COMPLETE');
    await openCase();
    expect(screen.getByText('You are offline: this case file is from this phone and may be out of date.')).toBeTruthy();
    expect(within(sectionOf('Borrower')).getByText('Name').nextSibling?.textContent).toBe('LAKSHMI DEVI');
    expect(within(sectionOf('Field verification (CPV)')).getByText('Monthly cash sales').nextSibling?.textContent).toBe('₹60,000.00');
    expect((await within(sectionOf('KYC')).findAllByText('Needs connection', undefined, SLOW)).length).toBe(2);
    expect(vi.mocked(fetchApplication)).not.toHaveBeenCalled();
    expect(vi.mocked(fetchFileUrl)).not.toHaveBeenCalled();
  });

  it('speaks Hindi', async () => {
    setLanguage('hi');
    setProfile(BM);
    await putApplication(appLocalId, 'PD1_COMPLETE');
    renderRoutes(`/application/case?id=${APP_ID}`);
    await settleNavigation();
    await screen.findByRole('heading', { name: 'केस फ़ाइल', level: 1 }, SLOW);
    expect(await screen.findByRole('heading', { name: 'उधारकर्ता', level: 2 }, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'केवाईसी बदलें' })).toBeTruthy());
    // Coded values through the forms' label tables, in Hindi (issue 21).
    const valueOf = (field: string) => [...document.querySelectorAll(`[data-field="${field}"] dd`)].map((dd) => dd.textContent);
    expect(valueOf('gender')).toEqual(['महिला']);
    expect(valueOf('loan_type')).toEqual(['MFI व्यवसाय ऋण']);
    expect(valueOf('business_address_ownership_type')).toEqual(['स्वयं का']);
    expect(await screen.findByText('पति/पत्नी', { selector: '[data-field="relationship"] dd' }, SLOW)).toBeTruthy();
    expect(valueOf('type')).toEqual(['सह-उधारकर्ता', 'व्यक्तिगत संदर्भ']);
    expect(valueOf('status')).toEqual(['सक्रिय']);
    expect(await screen.findByText('पिता', { selector: '[data-field="guardian_relationship"] dd' }, SLOW)).toBeTruthy();
    // The relation is the guardian's, not the member's to the borrower (issue 31 N5).
    expect(document.querySelector('[data-field="guardian_relationship"] dt')?.textContent).toBe('अभिभावक का संबंध');
    // And her own relation to the borrower, captured on the family form, is shown beside it.
    expect(document.querySelector('[data-field="relation_to_borrower"] dt')?.textContent).toBe('उधारकर्ता से संबंध');
    expect(valueOf('relation_to_borrower')).toEqual(['पुत्री']);
  });
});
