// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUSINESS_FIGURES, RESIDENCE_FIGURES } from '../../../../src/domain';
import type { JsonRequest } from '../../../../src/app/db/records';
import { setLanguage } from '../../../../src/app/i18n/language.store';
import { setProfile, setToken } from '../../../../src/app/session/session.storage';
import { APP_ID, db, freshApplication, putDraft, putFileWithBlob } from '../business/business-support';
import { currentLocation, makeProfile, renderRoutes, resetDevice, setOnline, settleNavigation, teardown } from '../test-utils';

vi.mock('../../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../../src/app/api/applications.api', () => ({ fetchApplication: vi.fn(() => new Promise(() => {})) }));

const SLOW = { timeout: 10_000 };
const BCM = makeProfile({ mfi_employee: 'BRANCH_CREDIT_MANAGER', first_name: 'Meena' });
const BM = makeProfile({ mfi_employee: 'BRANCH_MANAGER', first_name: 'Arjun' });
const figures = (spec: Record<string, unknown>, value: string | number | null) =>
  Object.fromEntries(Object.keys(spec).map((k) => [k, value]));
const BUSINESS_DRAFT = {
  ...figures(BUSINESS_FIGURES, '1000'),
  gross_margin_percentage: '22.5',
  online_sales_percentage: '10',
  remarks: 'Stock seen',
};
const RESIDENCE_DRAFT = { ...figures(RESIDENCE_FIGURES, '500'), remarks: '' };
const HERE = { latitude: 19.998, longitude: 73.791 };

const jsonEntries = async () => (await db.outbox.toArray()).filter((e) => e.request.kind === 'json');
const photo = (appLocalId: string, field: string, localId: string, geo = HERE) =>
  putFileWithBlob(appLocalId, `cpv.${field}`, localId, { mime: 'image/jpeg', name: `${localId}.jpg`, geo });

async function openScreen({ forms = true } = {}) {
  renderRoutes(`/application/cpv-info?id=${APP_ID}`);
  await settleNavigation();
  expect(await screen.findByRole('heading', { name: 'Field Verification (CPV)', level: 1 }, SLOW)).toBeTruthy();
  // The forms open once their drafts are read.
  if (forms) await screen.findByTestId('cpv-residence', undefined, SLOW);
}
const section = (kind: 'business_place' | 'residence') => screen.getByTestId(`cpv-${kind}`);

describe('field verification (/application/cpv-info)', () => {
  let appLocalId: string;
  beforeEach(async () => {
    resetDevice();
    appLocalId = await freshApplication();
    await db.applications.update(appLocalId, {
      status: 'PD1_COMPLETE',
      phone: '9876501234',
      server: { id: APP_ID, status: 'PD1_COMPLETE', phone: '9876501234', deviations: [] },
    });
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    setToken('tok-1');
    setProfile(BCM);
  });
  afterEach(teardown);

  it('offline, the credit manager queues both places with their photos and geo tags, then goes to the references', async () => {
    setOnline(false);
    await putDraft('cpv_business_place', appLocalId, BUSINESS_DRAFT);
    await putDraft('cpv_residence', appLocalId, RESIDENCE_DRAFT);
    await photo(appLocalId, 'shop_photo_file', 'shop');
    await photo(appLocalId, 'shop_selfie_photo_file', 'selfie', { latitude: 0, longitude: 0 });
    await photo(appLocalId, 'qr_code_upload', 'qr');
    await photo(appLocalId, 'house_selfie_photo_file', 'house');
    const user = userEvent.setup();
    await openScreen();
    expect(screen.getAllByText(/You are offline: Submit saves the verification/)).toHaveLength(2);
    await waitFor(() =>
      expect((within(section('business_place')).getByLabelText('Monthly cash sales') as HTMLInputElement).value).toBe('1000'),
    );

    await user.click(screen.getByRole('button', { name: 'Submit Business CPV' }));
    await waitFor(async () => expect(await jsonEntries()).toHaveLength(1), SLOW);
    const business = (await jsonEntries())[0]!.request as JsonRequest;
    expect(business).toMatchObject({ method: 'POST', url: '/v1/app/mfi/{app}/business-cpv-info' });
    expect(business.body).toMatchObject({
      phone: '9876501234',
      verification_type: 'BUSINESS_PLACE_VERIFICATION',
      monthly_sales: 1000,
      gross_margin_percentage: 22.5,
      shop_photo_file: { $file: 'shop' },
      shop_photo_file_geo_tag: HERE,
      shop_selfie_photo_file: { $file: 'selfie' },
      shop_selfie_photo_file_geo_tag: { latitude: 0, longitude: 0 },
      shop_photo_pd2_file: null,
      qr_code_upload: { $file: 'qr' },
    });
    expect((await db.applications.get(appLocalId))?.stage).toContain('CPV_BUSINESS_PLACE');
    expect(currentLocation().pathname).toBe('/application/cpv-info');

    await user.click(screen.getByRole('button', { name: 'Submit Residence CPV' }));
    await settleNavigation();
    await waitFor(() => expect(currentLocation().pathname).toBe('/application/references'), SLOW);
    const entries = await jsonEntries();
    expect(entries).toHaveLength(2);
    expect(entries[1]!.request).toMatchObject({
      url: '/v1/app/mfi/{app}/residence-cpv-info',
      body: { verification_type: 'RESIDENCE_VERIFICATION', house_rent: 500, house_selfie_photo_file: { $file: 'house' } },
    });
    // The photos go as references to the phone's files: the engine sends each file's upload first
    // (queued when it was captured) and puts in its server id.
    expect(entries[1]!.request).toMatchObject({ body: { house_selfie_photo_file_geo_tag: HERE, house_photo_pd2_file: null } });
    const app = await db.applications.get(appLocalId);
    expect(app?.stage).toEqual(expect.arrayContaining(['CPV_BUSINESS_PLACE', 'CPV_RESIDENCE']));
  });

  it("issue 31 N14: the uploads Submit needs are marked before it, for the eye and for screen readers; the credit manager's note beside each selfie with BCM", async () => {
    const input = (kind: 'business_place' | 'residence', label: string) =>
      within(section(kind)).getByLabelText(label, { selector: 'input[type=file]' }) as HTMLInputElement;
    const label = (field: string) => screen.getByTestId(`upload-cpv.${field}`).querySelector('.field-label')?.textContent;
    await openScreen();
    expect(input('business_place', 'QR code upload').required).toBe(true);
    expect(label('qr_code_upload')).toBe('QR code upload (required)');
    // The credit manager's selfies with BCM (the CPV role's rule).
    expect(input('business_place', 'Shop selfie with BCM').required).toBe(true);
    expect(input('residence', 'House selfie with BCM').required).toBe(true);
    expect(label('house_selfie_photo_file')).toBe('House selfie with BCM (required)');
    expect(input('business_place', 'Shop photo').required).toBe(false);
    expect(label('shop_photo_file')).toBe('Shop photo');
    // The credit manager's note stands beside each of the two selfies with BCM (issue 21 D17).
    const notes = screen.getAllByText('Required from the branch credit manager.');
    expect(notes).toHaveLength(2);
    expect(notes.map((note) => note.previousElementSibling?.getAttribute('data-field'))).toEqual([
      'cpv.shop_selfie_photo_file',
      'cpv.house_selfie_photo_file',
    ]);
    await act(() => setLanguage('hi'));
    await waitFor(() => expect(label('qr_code_upload')).toMatch(/\(आवश्यक\)$/));
    await act(() => setLanguage('en'));
    teardown();

    // The branch manager takes no selfie: only the QR code is required of them.
    setProfile(BM);
    await openScreen();
    expect(input('business_place', 'QR code upload').required).toBe(true);
    expect(input('business_place', 'Shop selfie with BCM').required).toBe(false);
    expect(label('shop_selfie_photo_file')).toBe('Shop selfie with BCM');
    expect(input('residence', 'House selfie with BCM').required).toBe(false);
  });

  it("the spec's messages: a negative figure, the QR code, the credit manager's selfie with BCM", async () => {
    await putDraft('cpv_business_place', appLocalId, { ...BUSINESS_DRAFT, monthly_sales: '' });
    // The household expenses typed (required since issue 21), so the selfie rule is what stops the residence.
    await putDraft('cpv_residence', appLocalId, RESIDENCE_DRAFT);
    await photo(appLocalId, 'shop_photo_file', 'shop');
    const user = userEvent.setup();
    await openScreen();
    const sales = (await within(section('business_place')).findByLabelText('Monthly cash sales', undefined, SLOW)) as HTMLInputElement;
    // The input keeps digits only; a negative value can only come from elsewhere (the schema is the check).
    await user.type(sales, '-5');
    expect(sales.value).toBe('5');
    await user.click(screen.getByRole('button', { name: 'Submit Business CPV' }));
    await waitFor(
      () =>
        expect(document.getElementById('cpv-business_place-error')?.textContent).toBe(
          'QR code upload is required for the business place verification',
        ),
      SLOW,
    );
    await photo(appLocalId, 'qr_code_upload', 'qr');
    await user.click(screen.getByRole('button', { name: 'Submit Business CPV' }));
    await waitFor(
      () => expect(document.getElementById('cpv-business_place-error')?.textContent).toBe('Shop selfie with BCM is required'),
      SLOW,
    );
    await user.click(screen.getByRole('button', { name: 'Submit Residence CPV' }));
    await waitFor(
      () => expect(document.getElementById('cpv-residence-error')?.textContent).toBe('House selfie with BCM is required'),
      SLOW,
    );
    expect(await jsonEntries()).toHaveLength(0);
  });

  it('a blank required figure is refused, never sent as 0; an optional figure left blank goes blank (null) and 0 typed goes as 0', async () => {
    await putDraft('cpv_business_place', appLocalId, { ...BUSINESS_DRAFT, monthly_sales: '', rent: '', salary: '0' });
    await photo(appLocalId, 'shop_selfie_photo_file', 'selfie');
    await photo(appLocalId, 'qr_code_upload', 'qr');
    const user = userEvent.setup();
    await openScreen();
    const sales = (await within(section('business_place')).findByLabelText('Monthly cash sales', undefined, SLOW)) as HTMLInputElement;
    await user.click(screen.getByRole('button', { name: 'Submit Business CPV' }));
    await waitFor(
      () => expect(document.getElementById('cpv-business_place-error')?.textContent).toBe('Monthly cash sales is required'),
      SLOW,
    );
    expect(sales.getAttribute('aria-invalid')).toBe('true');
    expect(await jsonEntries()).toHaveLength(0);
    await user.type(sales, '90000');
    await user.click(screen.getByRole('button', { name: 'Submit Business CPV' }));
    await waitFor(async () => expect(await jsonEntries()).toHaveLength(1), SLOW);
    const body = ((await jsonEntries())[0]!.request as JsonRequest).body as Record<string, unknown>;
    expect(body).toMatchObject({ monthly_sales: 90000, rent: null, salary: 0, gross_margin_percentage: 22.5 });
  });

  it("reopened, a submitted section says so and shows the server's values (blank stays blank, 0 stays 0); each figure shows its unit", async () => {
    const record = {
      ...figures(BUSINESS_FIGURES, null),
      monthly_sales: 90000,
      gross_margin_percentage: 20,
      salary: 0,
      shop_selfie_photo_file: 'f'.repeat(32),
      qr_code_upload: 'e'.repeat(32),
    };
    await db.applications.update(appLocalId, {
      stage: ['CPV_BUSINESS_PLACE'],
      server: { id: APP_ID, status: 'PD1_COMPLETE', phone: '9876501234', app_mfi_cpv_info: { business_place: record, residence: null } },
    });
    await openScreen();
    const business = section('business_place');
    expect((await within(business).findByTestId('cpv-business_place-state', undefined, SLOW)).textContent).toBe(
      'Submitted. To correct a figure, change it and submit again.',
    );
    expect(within(section('residence')).queryByTestId('cpv-residence-state')).toBeNull();
    const value = (label: string) => (within(business).getByLabelText(label) as HTMLInputElement).value;
    expect(value('Monthly cash sales')).toBe('90000');
    expect(value('Gross margin percentage')).toBe('20');
    expect(value('Salary')).toBe('0');
    expect(value('Rent')).toBe('');
    // The units: rupees, per cent, days, each describing its input.
    const unit = (label: string) => {
      const input = within(business).getByLabelText(label);
      const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
      return ids.map((id) => document.getElementById(id)?.textContent).find((text) => text && text.length <= 4);
    };
    expect(unit('Monthly cash sales')).toBe('₹');
    expect(unit('Gross margin percentage')).toBe('%');
    expect(unit('Debtor days')).toBe('days');
  });

  it('a negative figure from a draft is refused with its label', async () => {
    await putDraft('cpv_residence', appLocalId, { ...RESIDENCE_DRAFT, food_expenses: '-20' });
    await photo(appLocalId, 'house_selfie_photo_file', 'house');
    const user = userEvent.setup();
    await openScreen();
    await within(section('residence')).findByLabelText('Food expenses', undefined, SLOW);
    await user.click(screen.getByRole('button', { name: 'Submit Residence CPV' }));
    await waitFor(
      () => expect(document.getElementById('cpv-residence-error')?.textContent).toBe('Food expenses must be a non-negative number'),
      SLOW,
    );
    expect(await jsonEntries()).toHaveLength(0);
  });

  it('the branch manager needs no selfie with BCM', async () => {
    setProfile(BM);
    await putDraft('cpv_residence', appLocalId, RESIDENCE_DRAFT);
    const user = userEvent.setup();
    await openScreen();
    await within(section('residence')).findByLabelText('Food expenses', undefined, SLOW);
    expect(screen.queryByText('Required from the branch credit manager.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit Residence CPV' }));
    await waitFor(async () => expect(await jsonEntries()).toHaveLength(1), SLOW);
    expect((await jsonEntries())[0]!.request).toMatchObject({ body: { house_selfie_photo_file: null } });
  });

  it("earlier values are read-only for the branch manager until Edit; the server's photo distances show, flagged beyond 5 km", async () => {
    setProfile(BM);
    const record = {
      ...figures(RESIDENCE_FIGURES, 700),
      house_selfie_photo_file: 'f'.repeat(32),
      geo_pincode: '422001',
      geo_checks: [
        { field: 'house_selfie_photo_file', latitude: 20.1, longitude: 73.79, distance_km: 11.3, flagged: true, not_captured: false },
        { field: 'house_photo_pd2_file', latitude: 0, longitude: 0, distance_km: null, flagged: false, not_captured: true },
      ],
    };
    await db.applications.update(appLocalId, {
      server: { id: APP_ID, status: 'PD1_COMPLETE', phone: '9876501234', app_mfi_cpv_info: { business_place: null, residence: record } },
    });
    const user = userEvent.setup();
    await openScreen();
    const residence = section('residence');
    const rent = (await within(residence).findByLabelText('House rent', undefined, SLOW)) as HTMLInputElement;
    expect(rent.value).toBe('700');
    expect(rent.closest('fieldset:disabled')).not.toBeNull();
    expect(within(residence).getByText(/House selfie with BCM: 11.3 km from pincode 422001/)).toBeTruthy();
    expect(within(residence).getByText(/more than 5 km away/)).toBeTruthy();
    expect(within(residence).getByText('PD2 house photo: location not captured')).toBeTruthy();
    await user.click(within(residence).getByRole('button', { name: 'Edit' }));
    expect(rent.closest('fieldset:disabled')).toBeNull();
    // The business place has no earlier record: open at once.
    expect((within(section('business_place')).getByLabelText('Rent') as HTMLInputElement).closest('fieldset:disabled')).toBeNull();
  });

  it("an unapproved deviation shows 'Unapproved Deviations Detected' and blocks the submit", async () => {
    await db.applications.update(appLocalId, {
      server: {
        id: APP_ID,
        status: 'PD1_COMPLETE',
        phone: '9876501234',
        deviations: [{ type: 'BANK_NAME_MISMATCH_DEVIATION', info: {}, status: 'PENDING' }],
      },
    });
    await putDraft('cpv_residence', appLocalId, RESIDENCE_DRAFT);
    await photo(appLocalId, 'house_selfie_photo_file', 'house');
    const user = userEvent.setup();
    await openScreen();
    const banner = await screen.findByTestId('cpv-deviations', undefined, SLOW);
    expect(banner.getAttribute('role')).toBe('alert');
    expect(within(banner).getByText('Unapproved Deviations Detected')).toBeTruthy();
    expect(within(banner).getByText(/contact your supervisor or the compliance team/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit Residence CPV' }));
    await waitFor(
      () => expect(document.getElementById('cpv-residence-error')?.textContent).toBe('Cannot proceed with unapproved deviations'),
      SLOW,
    );
    expect(await jsonEntries()).toHaveLength(0);
  });

  it('a co-applicant deviation blocks too; an approved one does not', async () => {
    const co = (status: string) => ({
      localId: 'c'.repeat(32),
      applicationLocalId: appLocalId,
      kind: 'co_applicant' as const,
      values: { id: 'c'.repeat(32), status: 'ACTIVE', deviations: [{ type: 'CO_BORROWER_NAME_MISMATCH_DEVIATION', info: {}, status }] },
      syncState: 'synced' as const,
      createdAt: 1,
      updatedAt: 1,
    });
    await db.records.put(co('REJECTED'));
    await openScreen();
    expect(await screen.findByTestId('cpv-deviations', undefined, SLOW)).toBeTruthy();
    await db.records.put(co('APPROVED'));
    await waitFor(() => expect(screen.queryByTestId('cpv-deviations')).toBeNull(), SLOW);
  });

  it('the relationship officer does not fill field verification', async () => {
    setProfile(makeProfile());
    await openScreen({ forms: false });
    expect(
      await screen.findByText('Field verification is done by the branch credit manager or the branch manager.', undefined, SLOW),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit Business CPV' })).toBeNull();
  });

  it('in Hindi, the labels and messages are translated; a blank household expense says it is required', async () => {
    setLanguage('hi');
    await putDraft('cpv_residence', appLocalId, { ...RESIDENCE_DRAFT, food_expenses: '-20' });
    await photo(appLocalId, 'house_selfie_photo_file', 'house');
    const user = userEvent.setup();
    renderRoutes(`/application/cpv-info?id=${APP_ID}`);
    await settleNavigation();
    expect(await screen.findByRole('heading', { name: 'क्षेत्र सत्यापन (CPV)', level: 1 }, SLOW)).toBeTruthy();
    await screen.findByTestId('cpv-residence', undefined, SLOW);
    const food = await within(section('residence')).findByLabelText('भोजन खर्च', undefined, SLOW);
    await user.click(screen.getByRole('button', { name: 'निवास CPV जमा करें' }));
    await waitFor(
      () => expect(document.getElementById('cpv-residence-error')?.textContent).toBe('भोजन खर्च शून्य या उससे अधिक संख्या होनी चाहिए'),
      SLOW,
    );
    await user.clear(food);
    await user.click(screen.getByRole('button', { name: 'निवास CPV जमा करें' }));
    await waitFor(() => expect(document.getElementById('cpv-residence-error')?.textContent).toBe('भोजन खर्च आवश्यक है'), SLOW);
    expect(await jsonEntries()).toHaveLength(0);
  });
});
