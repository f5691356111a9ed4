// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lookupPincode } from '../../../../src/app/api/pincode.api';
import { ensureLocalApplication } from '../../../../src/app/db/applications.repository';
import { getDb } from '../../../../src/app/db/db';
import { saveDraft } from '../../../../src/app/db/drafts.repository';
import type { LocalFile } from '../../../../src/app/db/records';
import { NO_CHECKS } from '../../../../src/app/features/borrower/borrower-checks';
import { EMPTY_BORROWER_VALUES, type BorrowerValues } from '../../../../src/app/features/borrower/borrower-fields';
import { aadhaarFrontFill } from '../../../../src/app/features/borrower/use-aadhaar-front-prefill';
import { setLanguage } from '../../../../src/app/i18n/language.store';
import { setProfile, setToken } from '../../../../src/app/session/session.storage';
import { makeProfile, renderRoutes, resetDevice, settleNavigation, teardown } from '../test-utils';
import { LAKSHMI_CARD } from '../../../fixtures/aadhaar-cards/lakshmi-devi.expected';

// DECISIONS "Public applicant flow": an Aadhaar front upload that answered parsed_data (its
// Secure QR, read by the server) fills the borrower form's empty fields, which stay editable,
// and the form says 'Aadhaar Front data prefilled'.

vi.mock('../../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../../src/app/api/applications.api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  fetchApplication: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../../src/app/api/pincode.api', () => ({ lookupPincode: vi.fn(async () => null) }));

const ID = '0123456789abcdef0123456789abcdef';
const db = getDb();

/** What the server answered for tests/fixtures/aadhaar-cards/lakshmi-devi.png. */
const LAKSHMI_QR = LAKSHMI_CARD;

async function seed(values: Partial<BorrowerValues>) {
  const localId = await ensureLocalApplication(db, ID);
  await saveDraft(db, 'borrower', { values: { ...EMPTY_BORROWER_VALUES, ...values }, checks: { ...NO_CHECKS, mobile: true } }, localId);
  return localId;
}

async function uploadedFront(applicationLocalId: string, parsedData: unknown, localId = 'front-1') {
  const file: LocalFile = {
    localId,
    name: 'aadhaar-front.jpg',
    mime: 'image/jpeg',
    size: 10,
    capturedAt: 5,
    applicationLocalId,
    field: 'aadhaar_front_file',
    uploadState: 'uploaded',
    serverFileId: `server-${localId}`,
    parsedData,
  };
  await db.files.put(file);
}

async function open() {
  const user = userEvent.setup();
  renderRoutes(`/application/mobile?id=${ID}`);
  await settleNavigation();
  await screen.findByRole('heading', { level: 1 });
  await waitFor(() => expect(screen.queryByText('Loading...')).toBeNull());
  return user;
}

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const dropdown = (label: string) => screen.getByLabelText(label, { selector: 'button' }) as HTMLButtonElement;

describe('the Aadhaar front prefill of the borrower form', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    resetDevice();
    await Promise.all(db.tables.map((t) => t.clear()));
    setToken('tok-1');
    setProfile(makeProfile());
    vi.mocked(lookupPincode).mockImplementation(async (pin) =>
      pin === '422001' ? { city: 'Nashik', district: 'Nashik', state: 'Maharashtra' } : null,
    );
  });
  afterEach(teardown);

  it('fills the empty fields (the typed name stays), looks up the place, says so, and each field can still be changed', async () => {
    const localId = await seed({ name: 'Lakshmi Kumari' });
    const user = await open();
    // The upload's answer arrives while the form is open (the outbox writes it to the file).
    await uploadedFront(localId, LAKSHMI_QR);
    expect(await screen.findByText('Aadhaar Front data prefilled')).toBeTruthy();
    expect(input('Full name').value).toBe('Lakshmi Kumari');
    expect(input('Date of birth').value).toBe('12-04-1985');
    expect(dropdown('Gender').textContent).toContain('Female');
    expect(input('Address').value).toBe('14, Gandhi Nagar, Ward 3, Nashik H.O');
    expect(input('Landmark (optional)').value).toBe('Near Shiv Mandir');
    expect(input('Pincode').value).toBe('422001');
    await waitFor(() => expect(input('State').value).toBe('Maharashtra'));
    expect(input('City').value).toBe('Nashik');
    expect(input('District').value).toBe('Nashik');

    await user.clear(input('Address'));
    await user.type(input('Address'), '15 Gandhi Nagar');
    expect(input('Address').value).toBe('15 Gandhi Nagar');
    await waitFor(async () => expect((await db.files.get('front-1'))?.parsedDataUsed).toBe(true));
  });

  it('a reading is offered once: reopened, a field the borrower emptied is not filled again', async () => {
    const localId = await seed({});
    await uploadedFront(localId, LAKSHMI_QR);
    await db.files.update('front-1', { parsedDataUsed: true });
    await open();
    expect(input('Address').value).toBe('');
    expect(screen.queryByText('Aadhaar Front data prefilled')).toBeNull();
  });

  it('an upload that answered parsed_data null (a blurred card, a failed signature) fills nothing and says nothing', async () => {
    const localId = await seed({});
    await uploadedFront(localId, null);
    await open();
    await uploadedFront(localId, null, 'front-2');
    await waitFor(async () => expect(await db.files.count()).toBe(2));
    expect(input('Full name').value).toBe('');
    expect(input('Address').value).toBe('');
    expect(screen.queryByText('Aadhaar Front data prefilled')).toBeNull();
  });

  it('says it in Hindi on a Hindi screen', async () => {
    await setLanguage('hi');
    const localId = await seed({});
    await open();
    await uploadedFront(localId, LAKSHMI_QR);
    expect(await screen.findByText('आधार के आगे के हिस्से से जानकारी भरी गई')).toBeTruthy();
  });

  it('aadhaarFrontFill: the QR reading as form values; anything else is null', () => {
    expect(aadhaarFrontFill(LAKSHMI_QR)).toEqual({
      name: 'LAKSHMI DEVI',
      dob: '12-04-1985',
      gender: 'FEMALE',
      address: '14, Gandhi Nagar, Ward 3, Nashik H.O',
      landmark: 'Near Shiv Mandir',
      pincode: '422001',
    });
    expect(aadhaarFrontFill({ ...LAKSHMI_QR, gender: 'T' })?.gender).toBe('OTHER');
    expect(aadhaarFrontFill(null)).toBeNull();
    expect(aadhaarFrontFill('LAKSHMI')).toBeNull();
    expect(aadhaarFrontFill({ dob: '12-04-1985' })).toBeNull();
  });
});
