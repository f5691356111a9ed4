// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchApplication } from '../../../../src/app/api/applications.api';
import { resubmitApplication } from '../../../../src/app/api/review.api';
import { getDb } from '../../../../src/app/db/db';
import type { OutboxEntry } from '../../../../src/app/db/records';
import { setProfile, setToken } from '../../../../src/app/session/session.storage';
import { syncNow } from '../../../../src/app/sync/page-sync';
import { makeProfile, renderRoutes, resetDevice, settleNavigation, teardown } from '../test-utils';

// Issue 21 D4: Resubmit with the step form open and changed saves that step first (its own
// queued submit), so the change reaches the server before the resubmission is counted.

vi.mock('../../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../../src/app/api/applications.api', () => ({
  fetchApplication: vi.fn(() => new Promise(() => {})),
  fetchApplicationByPhone: vi.fn(() => new Promise(() => {})),
  runBureauCheck: vi.fn(),
}));
vi.mock('../../../../src/app/api/review.api', () => ({
  moveApplication: vi.fn(),
  resubmitApplication: vi.fn(),
  decideDeviation: vi.fn(),
}));
vi.mock('../../../../src/app/api/server-file.api', () => ({
  fetchFileUrl: vi.fn(async (id: string) => ({ success: true, data: { file_url: `/api/files/${id}?sig=x` } })),
}));

const SLOW = { timeout: 10_000 };
const ID = '0123456789abcdef0123456789abcdef';
const LOCAL = 'local-app-1';
const db = getDb();

const SUBMITTED_KYC = {
  guardian_name: 'Ram Prasad',
  guardian_relationship: 'Father',
  mother_name: 'Sita Devi',
  category: 'OBC',
  religion: 'Hindu',
  mother_tongue: 'Hindi',
  education_qualification: '10th Pass',
  no_of_family_members: '4',
  no_of_earning_members: '2',
  remarks: '',
};
const SENT_BACK = {
  at: '2026-11-20T10:15:00.000Z',
  actor_name: 'Arjun Singh',
  actor_designation: 'BRANCH_MANAGER',
  action: 'MOVED',
  from: 'PD1_COMPLETE',
  to: 'PD1_REVIEW',
  remarks: "Mother's name is misspelt",
};

async function seedSentBack() {
  await db.applications.put({
    localId: LOCAL,
    serverId: ID,
    status: 'PD1_REVIEW',
    stage: ['BORROWER_INFO', 'BORROWER_BASIC_INFO'],
    syncState: 'synced',
    steps: { borrower: { gender: 'MALE', loan_type: 'MFI_BUSINESS_LOAN', name: 'RAVI KUMAR' }, kyc: SUBMITTED_KYC },
    server: { id: ID, status: 'PD1_REVIEW', history: [SENT_BACK] },
    createdAt: 1,
    updatedAt: 1,
  });
  for (const [i, field] of ['photo_file', 'pan_file', 'aadhaar_front_file', 'aadhaar_back_file'].entries())
    await db.files.put({
      localId: `file-${field}`,
      name: `${field}.jpg`,
      mime: 'image/jpeg',
      size: 10,
      capturedAt: 5,
      applicationLocalId: LOCAL,
      field,
      uploadState: 'uploaded',
      serverFileId: String(i).repeat(32),
    });
}

const kycBodies = (entries: OutboxEntry[]) =>
  entries
    .filter((e) => e.request.kind === 'json' && e.request.url.includes('/basic-info'))
    .map((e) => (e.request as { body: unknown }).body);

async function openKycAndResubmit() {
  const user = userEvent.setup();
  renderRoutes(`/application/kyc?id=${ID}`);
  await settleNavigation();
  const mother = (await screen.findByLabelText("Mother's Name", undefined, SLOW)) as HTMLInputElement;
  await waitFor(() => expect(mother.value).toBe('Sita Devi'), SLOW);
  return { user, mother };
}

async function pressResubmit(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Resubmit' }, SLOW));
  const dialog = await screen.findByRole('dialog', { name: 'Resubmit the corrected application' });
  await user.click(within(dialog).getByRole('button', { name: 'Resubmit' }));
  return dialog;
}

describe('Resubmit with a step form open (issue 21 D4)', () => {
  let sent: OutboxEntry[];
  beforeEach(async () => {
    vi.clearAllMocks();
    resetDevice();
    await Promise.all(db.tables.map((t) => t.clear()));
    setToken('tok-1');
    setProfile(makeProfile());
    sent = [];
    // The page's drain: what is queued reaches the server and leaves the outbox.
    vi.mocked(syncNow).mockImplementation(async () => {
      sent.push(...(await db.outbox.toArray()));
      await db.outbox.clear();
      return 'skipped' as never;
    });
    const view = { id: ID, status: 'PD1_REVIEW', history: [SENT_BACK] };
    vi.mocked(resubmitApplication).mockResolvedValue({ success: true, data: view as never });
    // Read back after the resubmit (the screen's own refresh never answers).
    vi.mocked(fetchApplication)
      .mockResolvedValueOnce(new Promise(() => {}) as never)
      .mockResolvedValue({ success: true, data: view as never });
  });
  afterEach(teardown);

  it('saves the changed step first through its own submit, sends it, then resubmits; the screen stays', async () => {
    await seedSentBack();
    const { user, mother } = await openKycAndResubmit();
    fireEvent.change(mother, { target: { value: 'Seeta Devi' } });
    const dialog = await pressResubmit(user);
    await waitFor(() => expect(resubmitApplication).toHaveBeenCalledTimes(1), SLOW);
    await waitFor(() => expect(dialog.isConnected).toBe(false), SLOW);
    // The corrected step went out before the resubmission, with the change.
    expect(kycBodies(sent)).toEqual([expect.objectContaining({ mother_name: 'Seeta Devi', guardian_name: 'Ram Prasad' })]);
    expect(vi.mocked(syncNow).mock.invocationCallOrder[0]).toBeLessThan(vi.mocked(resubmitApplication).mock.invocationCallOrder[0]!);
    expect(await db.drafts.get(`${LOCAL}:kyc`)).toBeUndefined();
    expect((await db.applications.get(LOCAL))?.steps?.kyc).toMatchObject({ mother_name: 'Seeta Devi' });
    // Still on the step, which takes a further change as a new draft.
    expect(screen.getByRole('heading', { name: 'Borrowers Info', level: 1 })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Mother's Name"), { target: { value: 'Seeta Devi K' } });
    await waitFor(async () => expect((await db.drafts.get(`${LOCAL}:kyc`))?.values).toMatchObject({ mother_name: 'Seeta Devi K' }), SLOW);
  });

  it('an unchanged step is not sent again', async () => {
    await seedSentBack();
    const { user } = await openKycAndResubmit();
    await pressResubmit(user);
    await waitFor(() => expect(resubmitApplication).toHaveBeenCalledTimes(1), SLOW);
    expect(kycBodies(sent)).toEqual([]);
  });

  it('a change the step refuses stops the resubmit, saying so; the step shows its message', async () => {
    await seedSentBack();
    const { user, mother } = await openKycAndResubmit();
    fireEvent.change(screen.getByLabelText("Father's/Husband's/Guardian's Name"), { target: { value: '' } });
    expect(mother.value).toBe('Sita Devi');
    const dialog = await pressResubmit(user);
    expect(
      await within(dialog).findByText(
        'Not resubmitted: the step open on this screen could not be saved. Correct what it shows, then resubmit.',
        undefined,
        SLOW,
      ),
    ).toBeTruthy();
    expect(resubmitApplication).not.toHaveBeenCalled();
    expect(kycBodies([...sent, ...(await db.outbox.toArray())])).toEqual([]);
    expect(screen.getAllByText("Invalid Father's/Husband's/Guardian's Name").length).toBeGreaterThan(0);
  });
});
