// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchApplication } from '../../../../src/app/api/applications.api';
import { matchNames } from '../../../../src/app/api/verification.api';
import { ensureLocalApplication } from '../../../../src/app/db/applications.repository';
import { getDb } from '../../../../src/app/db/db';
import { setProfile, setToken } from '../../../../src/app/session/session.storage';
import { makeProfile, partOf, renderRoutes, resetDevice, settleNavigation, teardown } from '../test-utils';
import type { ApplicationView } from '../../../../src/domain';

// Issue 21 D15 and D16 on the borrower step, opened by a credit manager: an APPROVED application
// is read-only here as in the other steps (no input, no check, nothing queued), and the name
// match that runs by itself is not sent where the access policy would refuse it (it answered 409
// when a reviewer followed "Change Loan Type" from a rejection).

vi.mock('../../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../../src/app/api/applications.api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  fetchApplication: vi.fn(),
}));
vi.mock('../../../../src/app/api/verification.api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  matchNames: vi.fn(async () => ({ success: true, data: { is_match: true } })),
}));
vi.mock('../../../../src/app/api/pincode.api', () => ({ lookupPincode: vi.fn(async () => null) }));

const ID = '0123456789abcdef0123456789abcdef';
const db = getDb();
const READ_ONLY = 'This application is approved: it is read-only, and nothing on it can be changed any more.';

/** The server's view: PAN and voter ID verified under other names than the borrower's, no name match kept on the phone. */
const serverApplication = (status: string) => ({
  success: true as const,
  data: partOf<ApplicationView>({
    id: ID,
    status,
    stage: ['BORROWER_INFO', 'BORROWER_BASIC_INFO'],
    name: 'LAKSHMI DEVI',
    phone: '9000000011',
    gender: 'FEMALE',
    pan: 'BDVPD4821K',
    voter_id: 'XKD1234566',
    aadhaar: 'XXXX XXXX 0124',
    is_phone_verified: true,
    verifications: {
      mobile: true,
      aadhaar: null,
      pan: { status: 'VERIFIED', pan: 'BDVPD4821K', name: 'LAKSHMI DEVI' },
      voter_id: { status: 'VERIFIED', voter_id: 'XKD1234566', name: 'LAKSHMI D' },
    },
  }),
});

async function openBorrower(status: string) {
  vi.mocked(fetchApplication).mockResolvedValue(serverApplication(status));
  await ensureLocalApplication(db, ID);
  renderRoutes(`/application/mobile?id=${ID}`);
  await settleNavigation();
  await screen.findByRole('heading', { name: 'Borrower info', level: 1 });
  await waitFor(() => expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('LAKSHMI DEVI'));
}

/** Long enough for the name match's own delay (600 ms) to have passed. */
const pastNameMatchDelay = () => new Promise((resolve) => setTimeout(resolve, 900));

describe('the borrower step as a credit manager', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    resetDevice();
    await Promise.all(db.tables.map((t) => t.clear()));
    setToken('tok-1');
    setProfile(makeProfile({ mfi_employee: 'BRANCH_CREDIT_MANAGER' }));
  });
  afterEach(teardown);

  it('an approved application: the notice, no input, no verify, no name match, and Next queues nothing', async () => {
    await openBorrower('APPROVED');
    expect(screen.getByText(READ_ONLY)).toBeTruthy();
    const name = screen.getByLabelText('Full name') as HTMLInputElement;
    expect(name.readOnly).toBe(true);
    const user = userEvent.setup();
    await user.type(name, 'X');
    expect(name.value).toBe('LAKSHMI DEVI');
    expect((screen.getByRole('button', { name: 'Verify Aadhaar' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Change Aadhaar number' })).toBeNull();
    expect((screen.getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: /^(Next|Continue with Deviation)$/ }));
    await waitFor(() => expect(document.getElementById('borrower-error')?.textContent).toBe(READ_ONLY));
    expect(await db.outbox.count()).toBe(0);
    await pastNameMatchDelay();
    expect(matchNames).not.toHaveBeenCalled();
  });

  it('a rejected application: the name match is not sent (the server would refuse it)', async () => {
    await openBorrower('REJECTED');
    await pastNameMatchDelay();
    expect(matchNames).not.toHaveBeenCalled();
  });

  it('an open application: the name match runs as before, and the fields take input', async () => {
    await openBorrower('PD1_COMPLETE');
    expect(screen.queryByText(READ_ONLY)).toBeNull();
    expect((screen.getByLabelText('Full name') as HTMLInputElement).readOnly).toBe(false);
    await waitFor(() => expect(matchNames).toHaveBeenCalled(), { timeout: 3000 });
  });
});
