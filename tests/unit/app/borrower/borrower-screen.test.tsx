// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchApplication } from '../../../../src/app/api/applications.api';
import { lookupPincode } from '../../../../src/app/api/pincode.api';
import {
  matchNames,
  requestAadhaarOtp,
  sendValidationOtp,
  submitAadhaarOtp,
  verifyPan,
  verifyValidationOtp,
  verifyVoterId,
} from '../../../../src/app/api/verification.api';
import { ensureLocalApplication } from '../../../../src/app/db/applications.repository';
import { getDb } from '../../../../src/app/db/db';
import { loadDraft, saveDraft } from '../../../../src/app/db/drafts.repository';
import { removeToken, resetProfile, setGuestToken, setProfile, setToken } from '../../../../src/app/session/session.storage';
import { NO_CHECKS, type BorrowerChecks } from '../../../../src/app/features/borrower/borrower-checks';
import { EMPTY_BORROWER_VALUES, type BorrowerValues } from '../../../../src/app/features/borrower/borrower-fields';
import {
  currentLocation,
  flush,
  makeProfile,
  partOf,
  renderRoutes,
  resetDevice,
  setOnline,
  settleNavigation,
  teardown,
} from '../test-utils';

vi.mock('../../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../../src/app/api/verification.api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  sendValidationOtp: vi.fn(),
  resendValidationOtp: vi.fn(),
  verifyValidationOtp: vi.fn(),
  requestAadhaarOtp: vi.fn(),
  submitAadhaarOtp: vi.fn(),
  verifyPan: vi.fn(),
  verifyVoterId: vi.fn(),
  matchNames: vi.fn(),
}));
vi.mock('../../../../src/app/api/applications.api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  fetchApplication: vi.fn(),
}));
vi.mock('../../../../src/app/api/pincode.api', () => ({ lookupPincode: vi.fn(async () => null) }));
// The next screen is another feature's: only where the submit goes matters here.
vi.mock('../../../../src/app/features/kyc-documents/kyc-screen', () => ({ KycScreen: () => <h1>KYC stub</h1> }));

const ID = '0123456789abcdef0123456789abcdef';
const db = getDb();

/** Lakshmi Devi, the sandbox persona of DECISIONS.md: every field valid. */
const VALID: BorrowerValues = {
  ...EMPTY_BORROWER_VALUES,
  phone: '9000000011',
  aadhaar: '234567890124',
  title: 'Mrs.',
  name: 'Lakshmi Kumari',
  gender: 'FEMALE',
  marital_status: 'Married',
  dob: '12-04-1985',
  pan: 'BDVPD4821K',
  voter_id: 'XKD1234566',
  pincode: '422001',
  city: 'Nashik',
  district: 'Nashik',
  state: 'Maharashtra',
  address: '14 Gandhi Nagar, Ward 3',
  address_ownership_type: 'SELF_OWNED',
  years_of_residence: '5',
  house_type: 'Pakka',
  loan_type: 'MFI_BUSINESS_LOAN',
  amount_requested: '100000',
  tenure_requested: '12',
  emi_requested: '5000',
  purpose: 'expansion of existing business',
  terms_accepted: true,
};

const ok = <T,>(data: T, message?: string) => ({ success: true as const, data, message });

async function seedApplication(values: Partial<BorrowerValues>, checks: Partial<BorrowerChecks> = {}) {
  const localId = await ensureLocalApplication(db, ID);
  await saveDraft(
    db,
    'borrower',
    { values: { ...EMPTY_BORROWER_VALUES, ...values }, checks: { ...NO_CHECKS, mobile: true, ...checks } },
    localId,
  );
  return localId;
}

async function open(path: string) {
  const user = userEvent.setup();
  renderRoutes(path);
  await settleNavigation();
  await screen.findByRole('heading', { name: 'Borrower info', level: 1 });
  await waitFor(() => expect(screen.queryByText('Loading...')).toBeNull());
  return user;
}

const nextButton = () => screen.getByRole('button', { name: /^(Next|Continue with Deviation)$/ }) as HTMLButtonElement;
const input = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const dropdown = (label: string) => screen.getByLabelText(label, { selector: 'button' }) as HTMLButtonElement;

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(dropdown(label));
  await user.click(screen.getByRole('option', { name: option }));
}

describe('Borrower info screen (/application/mobile)', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    resetDevice();
    await Promise.all(db.tables.map((t) => t.clear()));
    setToken('tok-1');
    setProfile(makeProfile());
    vi.mocked(matchNames).mockResolvedValue(ok({ is_match: true, score: 1 }));
    vi.mocked(lookupPincode).mockResolvedValue(null);
  });
  afterEach(teardown);

  it('verifies the mobile by OTP (an invalid one refused before any OTP is sent): the application is created, the screen moves onto it and keeps what was typed', async () => {
    vi.mocked(sendValidationOtp).mockResolvedValue(ok({ session_id: 's-1' }, 'OTP sent'));
    vi.mocked(verifyValidationOtp).mockResolvedValue(ok({ application_id: ID }));
    const user = await open('/application/mobile');
    expect(nextButton().disabled).toBe(true);
    expect(screen.getByText('Verify the mobile, PAN and voter ID (when required) before Next.')).toBeTruthy();

    await user.type(input('Contact number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Verify Mobile' }));
    expect(screen.getByRole('alert').textContent).toBe('Invalid mobile number');
    expect(input('Contact number').getAttribute('aria-invalid')).toBe('true');
    expect(sendValidationOtp).not.toHaveBeenCalled();

    await user.type(input('Full name'), 'Lakshmi Devi');
    await user.clear(input('Contact number'));
    await user.type(input('Contact number'), '9000000011');
    await user.click(screen.getByRole('button', { name: 'Verify Mobile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify Mobile' });
    expect(sendValidationOtp).toHaveBeenCalledWith('9000000011');
    await user.click(within(dialog).getAllByRole('textbox')[0]!);
    await user.keyboard('123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify OTP' }));

    await waitFor(() => expect(currentLocation().pathname).toBe('/application/mobile'));
    await waitFor(() => expect(screen.getByText('Mobile Verified ✓')).toBeTruthy());
    expect(verifyValidationOtp).toHaveBeenCalledWith('s-1', '123456');
    expect(currentLocation().navigation).toBe('REPLACE');
    expect(input('Contact number').readOnly).toBe(true);
    expect(input('Contact number').value).toBe('9000000011');
    expect(input('Full name').value).toBe('Lakshmi Devi');
    expect(await db.applications.where('serverId').equals(ID).count()).toBe(1);
    expect(await loadDraft(db, 'borrower')).toBeUndefined();
  });

  it('issue 31 N10: an agent opening the screen by its URL is told it is not for the role, and gets no form', async () => {
    setProfile(makeProfile({ role: 'AGENT', mfi_employee: null }));
    await open('/application/mobile');
    expect(
      screen.getByText('This screen is not for your role: applications are made and reviewed by the branch staff.').getAttribute('role'),
    ).toBe('status');
    expect(screen.queryByRole('button', { name: 'Verify Mobile' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it("Next stays disabled for the relationship officer until the PAN and (not male) the voter ID are verified; issue 31 N2: 'Invalid PAN' beside Next goes once the corrected PAN verifies", async () => {
    vi.mocked(verifyPan).mockResolvedValue(ok({ name_pan_card: 'LAKSHMI KUMARI', pan: 'BDVPD4821K' }, 'PAN verified successfully'));
    vi.mocked(verifyVoterId).mockResolvedValue(ok({ result: { name: 'LAKSHMI KUMARI', voter_id: 'XKD1234566' } }));
    // A company's PAN (fourth letter C) is not a person's: refused on the phone.
    await seedApplication({ ...VALID, pan: 'BDVCD4821K' });
    const user = await open(`/application/mobile?id=${ID}`);
    expect(nextButton().disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Verify PAN' }));
    expect(screen.getByRole('alert').textContent).toBe('Invalid PAN');
    expect(verifyPan).not.toHaveBeenCalled();

    await user.clear(input('PAN'));
    await user.type(input('PAN'), 'BDVPD4821K');
    await user.click(screen.getByRole('button', { name: 'Verify PAN' }));
    expect(await screen.findByText('PAN Verified ✓')).toBeTruthy();
    expect(screen.queryByText('Invalid PAN')).toBeNull();
    expect(input('PAN').getAttribute('aria-invalid')).toBeNull();
    expect(verifyPan).toHaveBeenCalledWith('BDVPD4821K', ID);
    expect(input('PAN').readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Verify PAN' })).toBeNull();
    // Female: the voter ID is required too.
    expect(nextButton().disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Verify Voter Id' }));
    expect(await screen.findByText('Voter Id Verified ✓')).toBeTruthy();
    expect(nextButton().disabled).toBe(false);
    // The name match runs again after each check: the last one (after the voter ID) has all three names.
    await waitFor(() =>
      expect(vi.mocked(matchNames).mock.calls.at(-1)).toEqual([
        ID,
        [
          { value: 'Lakshmi Kumari', source: 'INPUT' },
          { value: 'LAKSHMI KUMARI', source: 'PAN' },
          { value: 'LAKSHMI KUMARI', source: 'VOTER_ID' },
        ],
      ]),
    );
  });

  it('a male borrower needs only the PAN; the voter ID check-digit warning does not block', async () => {
    vi.mocked(verifyPan).mockResolvedValue(ok({ name_pan_card: 'RAMESH YADAV', pan: 'CRYPY5532L' }));
    await seedApplication({ ...VALID, name: 'Ramesh Yadav', gender: 'MALE', pan: 'CRYPY5532L', voter_id: 'XKD2345677' });
    const user = await open(`/application/mobile?id=${ID}`);
    expect(screen.getByText('Voter ID check digit does not match: check the number')).toBeTruthy();
    expect(nextButton().disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Verify PAN' }));
    await waitFor(() => expect(nextButton().disabled).toBe(false));
  });

  it("a name mismatch turns Next into 'Continue with Deviation', and the submit queues one outbox entry carrying the deviation", async () => {
    const mismatch = { is_match: false, score: 0.41, pairs: [] };
    vi.mocked(matchNames).mockResolvedValue(ok(mismatch));
    await seedApplication(VALID, { pan: { value: 'BDVPD4821K', name: 'LAKSHMI KUMARI' } });
    vi.mocked(verifyVoterId).mockResolvedValue(ok({ result: { name: 'LAKSHMI DEVI', voter_id: 'XKD1234566' } }));
    const user = await open(`/application/mobile?id=${ID}`);
    await user.click(screen.getByRole('button', { name: 'Verify Voter Id' }));

    expect(await screen.findByRole('button', { name: 'Continue with Deviation' })).toBeTruthy();
    expect(screen.getByText('Name mismatch detected. Please review or continue with deviation.')).toBeTruthy();

    await user.click(nextButton());
    // React Router navigates in a transition: the location changes once the KYC screen's code has loaded.
    await settleNavigation();
    await waitFor(() => expect(currentLocation().pathname).toBe('/application/kyc'), { timeout: 10_000 });
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    const request = entries[0]!.request as { method: string; url: string; body: Record<string, unknown> };
    expect(request.method).toBe('PUT');
    expect(request.url).toBe('/v1/app/mfi/{app}');
    expect(request.body.deviations).toEqual([{ type: 'BORROWER_NAME_MISMATCH_DEVIATION', info: mismatch }]);
    expect(request.body).toMatchObject({
      aadhaar: '234567890124',
      dob: '1985-04-12',
      age: expect.any(Number),
      amount_requested: 100000,
      tenure_requested: 12,
      is_phone_verified: true,
    });
    const app = await db.applications.where('serverId').equals(ID).first();
    expect(app?.stage).toContain('BORROWER_INFO');
    expect(app?.steps?.borrower?.aadhaar).toBe('XXXX XXXX 0124');
    expect(await loadDraft(db, 'borrower', app!.localId)).toBeUndefined();
  });

  it("issue 31 N7: in the public flow the borrower reads plain words for a name mismatch, not 'Continue with Deviation'", async () => {
    removeToken();
    resetProfile();
    setGuestToken('guest-1');
    vi.mocked(matchNames).mockResolvedValue(ok({ is_match: false, score: 0.41, pairs: [] }));
    await seedApplication(VALID, { pan: { value: 'BDVPD4821K', name: 'LAKSHMI KUMARI' } });
    vi.mocked(verifyVoterId).mockResolvedValue(ok({ result: { name: 'LAKSHMI DEVI', voter_id: 'XKD1234566' } }));
    const user = await open(`/apply-loan/mobile?id=${ID}`);
    await user.click(screen.getByRole('button', { name: 'Verify Voter Id' }));

    expect(await screen.findByRole('button', { name: 'Continue anyway' })).toBeTruthy();
    expect(
      screen.getByText(
        'The name on your documents is not the same as the name you typed. Check it, or continue and the branch will check it with you.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/deviation/i)).toBeNull();
  });

  it('works offline after the mobile step: the verify buttons need a connection, the submit is queued', async () => {
    await seedApplication({ ...VALID, gender: 'MALE' }, { pan: { value: 'BDVPD4821K', name: 'LAKSHMI KUMARI' }, nameMatch: null });
    const user = await open(`/application/mobile?id=${ID}`);
    act(() => setOnline(false));
    for (const name of ['Verify Aadhaar', 'Verify Voter Id']) {
      const button = screen.getByRole('button', { name }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      const note = document.getElementById(button.getAttribute('aria-describedby') ?? '');
      expect(note?.textContent).toBe('Needs connection');
    }
    expect(screen.getAllByText('Needs connection').length).toBeGreaterThanOrEqual(2);

    await user.click(nextButton());
    await settleNavigation();
    await waitFor(() => expect(currentLocation().pathname).toBe('/application/kyc'), { timeout: 10_000 });
    expect(await db.outbox.count()).toBe(1);
    expect(matchNames).not.toHaveBeenCalled();
  });

  it('shows the first message in the banner and each message beside its field', async () => {
    await seedApplication(
      { ...VALID, name: 'Al', dob: '', terms_accepted: false },
      { pan: { value: 'BDVPD4821K', name: 'X' }, voter: { value: 'XKD1234566', name: 'X' } },
    );
    const user = await open(`/application/mobile?id=${ID}`);
    await user.click(nextButton());
    const banner = screen.getByRole('alert');
    expect(banner.textContent).toBe('Invalid name');
    expect(input('Full name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input('Full name'));
    expect(screen.getByText('DOB must be between 21 and 60 years')).toBeTruthy();
    expect(screen.getByText('You must accept the Terms & Conditions')).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
  });

  it('fields that follow another: owned-by only for a family-owned address; the tenure defaults to the first option of the loan type, with that type’s options; a 6-digit pincode fills city, district and state (state read-only)', async () => {
    vi.mocked(lookupPincode).mockResolvedValue({ city: 'Nashik', district: 'Nashik', state: 'Maharashtra' });
    await seedApplication({});
    const user = await open(`/application/mobile?id=${ID}`);
    expect(screen.queryByLabelText('Owned by')).toBeNull();
    await choose(user, 'Address ownership type', 'Family Owned');
    expect(input('Owned by')).toBeTruthy();
    await choose(user, 'Address ownership type', 'Rented');
    expect(screen.queryByLabelText('Owned by')).toBeNull();

    expect(dropdown('Tenure requested (months)').disabled).toBe(true);
    await choose(user, 'Loan type', 'Unsecured Business Loan');
    expect(dropdown('Tenure requested (months)').textContent).toContain('12');
    await user.click(dropdown('Tenure requested (months)'));
    expect(screen.getAllByRole('option').map((o) => o.textContent?.replace('✓', ''))).toEqual(['12', '18', '24', '30', '36']);
    await user.click(screen.getByRole('option', { name: '36' }));
    await choose(user, 'Loan type', 'MFI Business Loan');
    expect(dropdown('Tenure requested (months)').textContent).toContain('12');
    expect(screen.getByText('Between 75000 and 125000')).toBeTruthy();

    await user.type(input('Pincode'), '422001');
    await waitFor(() => expect(input('State').value).toBe('Maharashtra'));
    expect(input('City').value).toBe('Nashik');
    expect(input('District').value).toBe('Nashik');
    expect(input('State').readOnly).toBe(true);
    await user.type(input('Pincode'), '{Backspace}');
    expect(input('City').value).toBe('');
  });

  it('the Aadhaar shows masked once entered; its OTP fills the empty fields from Aadhaar, the place included', async () => {
    vi.mocked(lookupPincode).mockImplementation(async (pin) =>
      pin === '422001' ? { city: 'Nashik', district: 'Nashik', state: 'Maharashtra' } : null,
    );
    vi.mocked(requestAadhaarOtp).mockResolvedValue(ok({ status: 'SUCCESS', ref_id: 'ref-1', origin: 'GL' }));
    vi.mocked(submitAadhaarOtp).mockResolvedValue(
      ok({
        status: 'VERIFIED',
        name: 'LAKSHMI DEVI',
        dob: '12-04-1985',
        gender: 'F',
        address: '14 Gandhi Nagar, Nashik',
        pincode: '422001',
      }),
    );
    await seedApplication({});
    const user = await open(`/application/mobile?id=${ID}`);
    await user.type(input('Aadhaar'), '2345 6789 0124');
    expect(input('Aadhaar').value).toBe('234567890124');
    await user.tab();
    expect(input('Aadhaar').value).toBe('XXXX XXXX 0124');
    expect(input('Aadhaar').readOnly).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Verify Aadhaar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify Aadhaar' });
    expect(requestAadhaarOtp).toHaveBeenCalledWith('234567890124', ID);
    await user.click(within(dialog).getAllByRole('textbox')[0]!);
    await user.keyboard('654321');
    await user.click(within(dialog).getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('Aadhaar Verified ✓')).toBeTruthy();
    expect(submitAadhaarOtp).toHaveBeenCalledWith({ ref_id: 'ref-1', origin: 'GL', otp: '654321', application_id: ID });
    expect(input('Full name').value).toBe('LAKSHMI DEVI');
    expect(input('Date of birth').value).toBe('12-04-1985');
    expect(dropdown('Gender').textContent).toContain('Female');
    expect(input('Address').value).toBe('14 Gandhi Nagar, Nashik');
    // Issue 21 D6: the pincode too, and its city, district and state from the lookup.
    expect(input('Pincode').value).toBe('422001');
    await waitFor(() => expect(input('State').value).toBe('Maharashtra'));
    expect(input('City').value).toBe('Nashik');
    expect(input('District').value).toBe('Nashik');
    expect(await screen.findByText('Address prefilled from Aadhaar')).toBeTruthy();
    expect(await screen.findByText('Aadhaar verification successful')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change Aadhaar number' })).toBeNull();
  });

  it('every change is saved as the draft and a reload restores it', async () => {
    await seedApplication({});
    const user = await open(`/application/mobile?id=${ID}`);
    await user.type(input('Full name'), 'Mohan Lal');
    await choose(user, 'Gender', 'Male');
    const localId = (await db.applications.where('serverId').equals(ID).first())!.localId;
    await waitFor(async () =>
      expect((await loadDraft(db, 'borrower', localId))?.values).toMatchObject({ name: 'Mohan Lal', gender: 'MALE' }),
    );

    teardown();
    setProfile(makeProfile());
    await open(`/application/mobile?id=${ID}`);
    expect(input('Full name').value).toBe('Mohan Lal');
    expect(dropdown('Gender').textContent).toContain('Male');
  });

  it('a reviewer sees the server’s data and its remarks, and saves with PATCH', async () => {
    setProfile(makeProfile({ mfi_employee: 'BRANCH_CREDIT_MANAGER' }));
    const { aadhaar: _full, ...rest } = VALID;
    vi.mocked(fetchApplication).mockResolvedValue(
      ok(
        partOf({
          id: ID,
          status: 'PD1_REVIEW',
          stage: ['BORROWER_INFO'],
          remarks: 'Check the address proof.',
          ...rest,
          aadhaar: 'XXXX XXXX 0124',
          dob: '1985-04-12',
          amount_requested: 100000,
          tenure_requested: 12,
          is_phone_verified: true,
          verifications: {
            mobile: true,
            aadhaar: 'VERIFIED',
            pan: { pan: 'BDVPD4821K', name: 'LAKSHMI KUMARI', status: 'VERIFIED' },
            voter_id: null,
          },
        }),
      ),
    );
    const user = await open(`/application/mobile?id=${ID}`);
    expect(fetchApplication).toHaveBeenCalledWith(ID);
    expect(input('Full name').value).toBe('Lakshmi Kumari');
    expect(input('Date of birth').value).toBe('12-04-1985');
    expect(input('Aadhaar').value).toBe('XXXX XXXX 0124');
    // The remarks panel's content loads with it (review/review-remarks.tsx).
    expect((await screen.findByRole('region', { name: 'Review remarks' }, { timeout: 10_000 })).textContent).toContain(
      'Check the address proof.',
    );
    expect(screen.getByText('PAN Verified ✓')).toBeTruthy();
    // Not the relationship officer: Next is not held back by the voter ID.
    expect(nextButton().disabled).toBe(false);

    await user.click(nextButton());
    await settleNavigation();
    await waitFor(() => expect(currentLocation().pathname).toBe('/application/kyc'), { timeout: 10_000 });
    const [entry] = await db.outbox.toArray();
    const request = entry!.request as { method: string; body: Record<string, unknown> };
    expect(request.method).toBe('PATCH');
    expect(request.body).not.toHaveProperty('aadhaar');
    expect(request.body).not.toHaveProperty('phone');
    expect(request.body.name).toBe('Lakshmi Kumari');
  });

  it('issue 32: a conflict of the borrower record waits for the decision on this screen too, where its fields are edited', async () => {
    const localId = await seedApplication(VALID, { pan: { value: VALID.pan, name: 'LAKSHMI KUMARI' } });
    await db.applications.update(localId, {
      sentBodies: { borrower: { address: '9 Station Road, Ward 1' } },
      decisions: [
        {
          record: 'borrower',
          version: 5,
          label: 'Borrower details',
          write: { method: 'PUT', url: '/v1/app/mfi/{app}', effect: { type: 'application-answer', applicationLocalId: localId } },
          at: 1,
          fields: [
            {
              field: 'address',
              base: '14 Gandhi Nagar, Ward 3',
              theirs: '7 Temple Street, Ward 2',
              yours: '9 Station Road, Ward 1',
              changed_by: 'Ravi Kumar',
              changed_at: '2026-11-29T05:12:00.000Z',
            },
          ],
        },
      ],
    });
    await open(`/application/mobile?id=${ID}`);
    const panel = await screen.findByRole('region', { name: 'Needs your decision' });
    const address = within(panel).getByRole('group', { name: 'Address' });
    expect(within(address).getByRole('radio', { name: 'Yours: 9 Station Road, Ward 1' })).toBeTruthy();
    expect(within(address).getByRole('radio', { name: /^On the server, by Ravi Kumar at .*: 7 Temple Street, Ward 2$/ })).toBeTruthy();
  });

  it('an id that is not an application id says so', async () => {
    await open('/application/mobile?id=nope');
    expect(screen.getByText('Open this screen from an application: the link has no valid application id.')).toBeTruthy();
    await flush();
    expect(await db.applications.count()).toBe(0);
  });
});
