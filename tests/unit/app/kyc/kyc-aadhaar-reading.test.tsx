// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '../../../../src/app/db/db';
import type { LocalFile } from '../../../../src/app/db/records';
import { setLanguage } from '../../../../src/app/i18n/language.store';
import { setProfile, setToken } from '../../../../src/app/session/session.storage';
import { currentLocation, makeProfile, renderRoutes, resetDevice, settleNavigation, teardown } from '../test-utils';
import { LAKSHMI_CARD } from '../../../fixtures/aadhaar-cards/lakshmi-devi.expected';
import { MOHAN_PRINTED_CARD } from '../../../fixtures/aadhaar-cards/mohan-lal-printed.expected';

// DECISIONS "Public applicant flow", on the step where the Aadhaar front is uploaded (KYC): the
// upload's reading fills the KYC form's guardian from the card's "care of" and says 'Aadhaar
// Front data prefilled'; the name, DOB, gender and address it read are offered for Borrower
// Info ("Use these" puts them in its draft and opens it, where each can still be changed).

vi.mock('../../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../../src/app/api/applications.api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  fetchApplication: vi.fn(() => new Promise(() => {})),
  fetchApplicationByPhone: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../../src/app/api/pincode.api', () => ({ lookupPincode: vi.fn(async () => null) }));

const ID = '0123456789abcdef0123456789abcdef';
const LOCAL = 'local-app-1';
const db = getDb();
const SLOW = { timeout: 10_000 };

/** The borrower as Borrower Info sent it (typed by hand: the card's reading differs). */
const BORROWER = {
  name: 'LAKSHMI K',
  dob: '',
  gender: '',
  address: '',
  pincode: '',
  phone: '9876543210',
  loan_type: 'MFI_BUSINESS_LOAN',
};

async function seedApplication(borrower: Record<string, unknown> = BORROWER) {
  await db.applications.put({
    localId: LOCAL,
    serverId: ID,
    status: 'DRAFT',
    stage: ['BORROWER_INFO'],
    syncState: 'synced',
    steps: { borrower },
    createdAt: 1,
    updatedAt: 1,
  });
}

/** The Aadhaar front as the outbox leaves it once the upload answered `parsed_data`. */
async function uploadedFront(parsedData: unknown, localId = 'front-1') {
  const file: LocalFile = {
    localId,
    name: 'aadhaar-front.jpg',
    mime: 'image/jpeg',
    size: 10,
    capturedAt: 5,
    applicationLocalId: LOCAL,
    field: 'aadhaar_front_file',
    uploadState: 'uploaded',
    serverFileId: `server-${localId}`,
    parsedData,
  };
  await db.files.put(file);
}

async function openKyc(title = 'Borrowers Info') {
  renderRoutes(`/application/kyc?id=${ID}`);
  await settleNavigation();
  await screen.findByRole('heading', { name: title, level: 1 }, SLOW);
}

const toaster = () => document.querySelector('[data-rht-toaster]')?.textContent ?? '';
const panel = () => screen.findByRole('region', { name: 'Read from the Aadhaar card' }, SLOW);

describe('the Aadhaar front reading on the KYC step', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    resetDevice();
    await Promise.all(db.tables.map((t) => t.clear()));
    setToken('tok-1');
    setProfile(makeProfile());
  });
  afterEach(teardown);

  it("a card's QR fills the empty guardian from its care-of and says so; the borrower's details are offered and 'Use these' opens Borrower Info with them", async () => {
    const user = userEvent.setup();
    await seedApplication();
    await openKyc();
    // The upload's answer arrives while the step is open (the outbox writes it to the file).
    await uploadedFront(LAKSHMI_CARD);

    const region = await panel();
    await waitFor(() => expect(toaster()).toContain('Aadhaar Front data prefilled'), SLOW);
    expect((screen.getByLabelText("Father's/Husband's/Guardian's Name") as HTMLInputElement).value).toBe('Raju Prasad');
    expect(screen.getByLabelText('Relation', { selector: 'button' }).textContent).toContain('Husband');
    const shown = within(region);
    expect(shown.getByText('Full name').nextElementSibling?.textContent).toBe('LAKSHMI DEVI');
    expect(shown.getByText('Date of birth').nextElementSibling?.textContent).toBe('12-04-1985');
    expect(shown.getByText('Gender').nextElementSibling?.textContent).toBe('Female');
    expect(shown.getByText('Address').nextElementSibling?.textContent).toBe(
      '14, Gandhi Nagar, Ward 3, Nashik H.O, Near Shiv Mandir, 422001',
    );
    expect(shown.queryByText(/printed text/)).toBeNull();
    // The guardian stays editable.
    await user.clear(screen.getByLabelText("Father's/Husband's/Guardian's Name"));
    await user.type(screen.getByLabelText("Father's/Husband's/Guardian's Name"), 'Raju');
    expect((screen.getByLabelText("Father's/Husband's/Guardian's Name") as HTMLInputElement).value).toBe('Raju');

    await user.click(shown.getByRole('button', { name: 'Use these' }));
    // Borrower Info opens with the card's details in place of the typed ones, each still editable.
    await waitFor(() => expect(currentLocation().pathname).toBe('/application/mobile'), SLOW);
    const input = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
    await waitFor(() => expect(input('Full name').value).toBe('LAKSHMI DEVI'), SLOW);
    expect(input('Date of birth').value).toBe('12-04-1985');
    expect(screen.getByLabelText('Gender', { selector: 'button' }).textContent).toContain('Female');
    expect(input('Address').value).toBe('14, Gandhi Nagar, Ward 3, Nashik H.O');
    expect(input('Pincode').value).toBe('422001');
    await user.clear(input('Full name'));
    await user.type(input('Full name'), 'Lakshmi D');
    expect(input('Full name').value).toBe('Lakshmi D');
    await waitFor(async () => expect((await db.files.get('front-1'))?.parsedDataUsed).toBe(true), SLOW);
  });

  it('a reading of the printed text (OCR) says so, fills no guardian, and "Not now" puts it away for good', async () => {
    const user = userEvent.setup();
    await seedApplication({ ...BORROWER, name: 'MOHAN' });
    await uploadedFront(MOHAN_PRINTED_CARD);
    await openKyc();

    const region = await panel();
    expect(within(region).getByText(/Read from the printed text/)).toBeTruthy();
    expect(within(region).getByText('Full name').nextElementSibling?.textContent).toBe('MOHAN LAL');
    expect(within(region).getByText('Gender').nextElementSibling?.textContent).toBe('Male');
    expect(within(region).queryByText('Address')).toBeNull();
    expect((screen.getByLabelText("Father's/Husband's/Guardian's Name") as HTMLInputElement).value).toBe('');
    expect(toaster()).not.toContain('Aadhaar Front data prefilled');

    await user.click(within(region).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Read from the Aadhaar card' })).toBeNull(), SLOW);
    expect((await db.files.get('front-1'))?.parsedDataUsed).toBe(true);
    expect(currentLocation().pathname).toBe('/application/kyc');
  });

  it('in Hindi', async () => {
    setLanguage('hi');
    await seedApplication();
    await uploadedFront(MOHAN_PRINTED_CARD);
    await openKyc('उधारकर्ता की जानकारी: केवाईसी');
    const region = await screen.findByRole('region', { name: 'आधार कार्ड से पढ़ी गई जानकारी' }, SLOW);
    expect(within(region).getByRole('button', { name: 'इन्हें लगाएँ' })).toBeTruthy();
    expect(within(region).getByText('पुरुष')).toBeTruthy();
  });

  it('an upload that read nothing, or a reading that matches the borrower already, offers nothing', async () => {
    await seedApplication({ ...BORROWER, name: 'MOHAN LAL', dob: '20-01-1975', gender: 'MALE' });
    await uploadedFront(null, 'front-blurred');
    await uploadedFront(MOHAN_PRINTED_CARD, 'front-printed');
    await openKyc();
    await waitFor(async () => expect((await db.files.get('front-printed'))?.parsedDataKycFilled).toBe(true), SLOW);
    expect(screen.queryByRole('region', { name: 'Read from the Aadhaar card' })).toBeNull();
  });
});
