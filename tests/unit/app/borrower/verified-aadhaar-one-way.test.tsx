// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchApplication } from '../../../../src/app/api/applications.api';
import { ensureLocalApplication } from '../../../../src/app/db/applications.repository';
import { getDb } from '../../../../src/app/db/db';
import { setProfile, setToken } from '../../../../src/app/session/session.storage';
import { makeProfile, partOf, renderRoutes, resetDevice, settleNavigation, teardown } from '../test-utils';
import type { ApplicationView } from '../../../../src/domain';

// Issue 21 D16: a verified Aadhaar is one-way. A reviewer sees the server's masked number with
// its tick, and no way to clear it (clearing it parked an edit of an approved application in the
// sync centre); an Aadhaar not verified yet can still be changed.

vi.mock('../../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../../src/app/api/applications.api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  fetchApplication: vi.fn(),
}));
vi.mock('../../../../src/app/api/pincode.api', () => ({ lookupPincode: vi.fn(async () => null) }));

const ID = '0123456789abcdef0123456789abcdef';
const db = getDb();

const serverApplication = (status: string, aadhaarVerified: boolean) => ({
  success: true as const,
  data: partOf<ApplicationView>({
    id: ID,
    status,
    stage: ['BORROWER_INFO'],
    name: 'LAKSHMI DEVI',
    phone: '9000000011',
    aadhaar: 'XXXX XXXX 0124',
    is_phone_verified: true,
    verifications: { mobile: true, aadhaar: aadhaarVerified ? 'VERIFIED' : null },
  }),
});

async function openBorrower() {
  await ensureLocalApplication(db, ID);
  renderRoutes(`/application/mobile?id=${ID}`);
  await settleNavigation();
  await screen.findByRole('heading', { name: 'Borrower info', level: 1 });
  await waitFor(() => expect((screen.getByLabelText('Aadhaar', { selector: 'input' }) as HTMLInputElement).value).toBe('XXXX XXXX 0124'));
}

describe('a verified Aadhaar cannot be cleared', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    resetDevice();
    await Promise.all(db.tables.map((t) => t.clear()));
    setToken('tok-1');
    setProfile(makeProfile({ mfi_employee: 'BRANCH_CREDIT_MANAGER' }));
  });
  afterEach(teardown);

  it('an approved application: the reviewer sees Aadhaar Verified ✓, read-only, with no Change', async () => {
    vi.mocked(fetchApplication).mockResolvedValue(serverApplication('APPROVED', true));
    await openBorrower();
    expect(await screen.findByText('Aadhaar Verified ✓')).toBeTruthy();
    expect((screen.getByLabelText('Aadhaar', { selector: 'input' }) as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Change Aadhaar number' })).toBeNull();
  });

  it('an Aadhaar not verified yet can still be changed', async () => {
    vi.mocked(fetchApplication).mockResolvedValue(serverApplication('DRAFT', false));
    await openBorrower();
    expect(await screen.findByRole('button', { name: 'Change Aadhaar number' })).toBeTruthy();
  });
});
