// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '../../../../src/app/db/db';
import type { LocalApplication, LocalFile, OutboxEntry } from '../../../../src/app/db/records';
import { setProfile, setToken } from '../../../../src/app/session/session.storage';
import { createSyncEngine } from '../../../../src/app/sync/engine';
import type { Transport } from '../../../../src/app/sync/transport';
import { currentLocation, makeProfile, renderRoutes, resetDevice, setOnline, settleNavigation, teardown } from '../test-utils';

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
vi.mock('../../../../src/app/api/server-file.api', () => ({
  fetchFileUrl: vi.fn(async (id: string) => ({ success: true, data: { file_url: `/api/files/${id}?sig=x` } })),
}));

const { fetchFileUrl } = await import('../../../../src/app/api/server-file.api');

const ID = '0123456789abcdef0123456789abcdef';
const LOCAL = 'local-app-1';
const db = getDb();

const KYC_DRAFT = {
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

async function seedApplication(gender: string, extra: Partial<LocalApplication> = {}) {
  await db.applications.put({
    localId: LOCAL,
    serverId: ID,
    status: 'DRAFT',
    stage: ['BORROWER_INFO'],
    syncState: 'synced',
    steps: { borrower: { gender, loan_type: 'MFI_BUSINESS_LOAN', name: 'LAKSHMI DEVI' } },
    createdAt: 1,
    updatedAt: 1,
    ...extra,
  });
}

/** A file's record on the phone (the bytes are not needed: Next reads which files exist). */
async function seedFile(field: string, serverFileId?: string) {
  const file: LocalFile = {
    localId: `file-${field}`,
    name: `${field}.jpg`,
    mime: 'image/jpeg',
    size: 10,
    capturedAt: 5,
    applicationLocalId: LOCAL,
    field,
    uploadState: serverFileId ? 'uploaded' : 'pending',
    serverFileId,
  };
  await db.files.put(file);
}

const REQUIRED_FILES = ['photo_file', 'pan_file', 'aadhaar_front_file', 'aadhaar_back_file'];

async function kycEntries(): Promise<OutboxEntry[]> {
  return (await db.outbox.toArray()).filter((e) => e.request.kind === 'json' && e.request.url.includes('/basic-info'));
}

/**
 * Room for conditions that pass through the device database and a lazy screen's first import:
 * with the whole suite on two busy cores these take over a second (Testing Library's default).
 * Waits end as soon as the condition holds; the limit only bounds a real failure.
 */
const SLOW = { timeout: 10_000 };

async function openKyc() {
  renderRoutes(`/application/kyc?id=${ID}`);
  await settleNavigation();
  await screen.findByRole('heading', { name: 'Borrowers Info', level: 1 }, SLOW);
  return screen.findByRole('button', { name: 'Next' }, SLOW);
}

/** Next queued its entry (the device database says so), then the co-applicants screen opened. */
async function movedOnAfterQueueing() {
  await waitFor(async () => expect(await kycEntries()).toHaveLength(1), SLOW);
  await waitFor(() => expect(currentLocation().pathname).toBe('/application/co-applicants'), SLOW);
}

describe('KYC form (/application/kyc)', () => {
  beforeEach(async () => {
    resetDevice();
    await Promise.all(db.tables.map((t) => t.clear()));
    setToken('tok-1');
    setProfile(makeProfile());
  });
  afterEach(teardown);

  it('Next queues one PATCH basic-info entry with $file references, records the stage and clears the draft', async () => {
    setOnline(false);
    await seedApplication('MALE');
    await db.drafts.put({ key: `${LOCAL}:kyc`, form: 'kyc', applicationLocalId: LOCAL, values: KYC_DRAFT, updatedAt: 1 });
    for (const field of REQUIRED_FILES) await seedFile(field);

    const next = await openKyc();
    expect((screen.getByLabelText("Father's/Husband's/Guardian's Name") as HTMLInputElement).value).toBe('Ram Prasad');
    fireEvent.click(next);

    await movedOnAfterQueueing();
    const entries = await kycEntries();
    expect(entries).toHaveLength(1);
    const request = entries[0]!.request;
    expect(request.kind === 'json' && request.method).toBe('PATCH');
    expect(request.url).toBe('/v1/app/mfi/{app}/basic-info');
    const body = (request.kind === 'json' ? request.body : {}) as Record<string, unknown>;
    expect(body).toMatchObject({
      guardian_name: 'Ram Prasad',
      guardian_relationship: 'Father',
      no_of_family_members: 4,
      no_of_earning_members: 2,
      photo_file: { $file: 'file-photo_file' },
      pan_file: { $file: 'file-pan_file' },
      aadhaar_front_file: { $file: 'file-aadhaar_front_file' },
      aadhaar_back_file: { $file: 'file-aadhaar_back_file' },
      voter_id_file: null,
      photo_geo_tag_info: { latitude: 0, longitude: 0 },
    });
    expect(body).not.toHaveProperty('gender');
    expect(await db.drafts.get(`${LOCAL}:kyc`)).toBeUndefined();
    const app = await db.applications.get(LOCAL);
    expect(app?.stage).toContain('BORROWER_BASIC_INFO');
    expect(app?.steps?.kyc).toMatchObject({ guardian_name: 'Ram Prasad' });
  });

  it("a non-male borrower needs the voter ID file: 'Missing voter id' until it is on the phone", async () => {
    setOnline(false);
    await seedApplication('FEMALE');
    await db.drafts.put({ key: `${LOCAL}:kyc`, form: 'kyc', applicationLocalId: LOCAL, values: KYC_DRAFT, updatedAt: 1 });
    for (const field of REQUIRED_FILES) await seedFile(field);

    const next = await openKyc();
    fireEvent.click(next);
    expect((await screen.findByText('Missing voter id', undefined, SLOW)).getAttribute('role')).toBe('alert');
    expect(await kycEntries()).toHaveLength(0);
    // The refused submit has finished (Next is enabled again) before the file arrives.
    await waitFor(() => expect(next.hasAttribute('disabled')).toBe(false), SLOW);

    await seedFile('voter_id_file');
    fireEvent.click(next);
    await movedOnAfterQueueing();
    const body = (await kycEntries())[0]!.request as { body: Record<string, unknown> };
    expect(body.body.voter_id_file).toEqual({ $file: 'file-voter_id_file' });
  });

  it('shows the first message of kycSchema in the banner and focuses its field; typing saves the draft', async () => {
    setOnline(false);
    await seedApplication('MALE');
    const next = await openKyc();
    fireEvent.click(next);
    // The message shows in the banner and, since issue 10, beside its field too.
    const shown = await screen.findAllByText("Invalid Father's/Husband's/Guardian's Name");
    const banner = shown.find((element) => element.classList.contains('error-banner'))!;
    expect(banner.getAttribute('role')).toBe('alert');
    const input = screen.getByLabelText("Father's/Husband's/Guardian's Name");
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(banner.id);

    fireEvent.change(input, { target: { value: 'Ram Prasad' } });
    fireEvent.change(screen.getByLabelText('No. of Family Members'), { target: { value: '4a' } });
    expect((screen.getByLabelText('No. of Family Members') as HTMLInputElement).value).toBe('4');
    await waitFor(async () =>
      expect((await db.drafts.get(`${LOCAL}:kyc`))?.values).toMatchObject({ guardian_name: 'Ram Prasad', no_of_family_members: '4' }),
    );
    expect(document.querySelector('.error-banner')).toBeNull();
  });

  it("online, a REJECTED answer shows 'Application Rejected!' and replaces the screen with the rejection page", async () => {
    await seedApplication('MALE');
    await db.drafts.put({ key: `${LOCAL}:kyc`, form: 'kyc', applicationLocalId: LOCAL, values: KYC_DRAFT, updatedAt: 1 });
    for (const [i, field] of REQUIRED_FILES.entries()) await seedFile(field, String(i).repeat(32));
    const sent: unknown[] = [];
    const transport: Transport = async (request) => {
      sent.push(request);
      return {
        status: 200,
        body: {
          success: true,
          data: {
            id: ID,
            status: 'REJECTED',
            stage: ['BORROWER_INFO', 'BORROWER_BASIC_INFO'],
            approval_checks: { decision: 'REJECTED', reasons: ['OVERDUE_AMOUNT_PRESENT'], rejected: true },
          },
        },
      };
    };
    const engine = createSyncEngine({ db, transport });

    const next = await openKyc();
    fireEvent.click(next);
    await waitFor(async () => expect(await kycEntries()).toHaveLength(1));
    // The screen has seen its entry queued (it says so); now the sync engine sends it and reconciles the answer.
    expect(await screen.findByText('Sending to the server...')).toBeTruthy();
    await act(() => engine.drain());
    expect(sent).toHaveLength(1);

    await waitFor(() => expect(currentLocation().pathname).toBe('/application/rejection'), { timeout: 3000 });
    expect(currentLocation().navigation).toBe('REPLACE');
    await waitFor(() => expect(document.querySelector('[data-rht-toaster]')?.textContent).toContain('Application Rejected!'));
  });

  it('online, an accepted answer moves on to the co-applicants', async () => {
    await seedApplication('MALE');
    await db.drafts.put({ key: `${LOCAL}:kyc`, form: 'kyc', applicationLocalId: LOCAL, values: KYC_DRAFT, updatedAt: 1 });
    for (const [i, field] of REQUIRED_FILES.entries()) await seedFile(field, String(i).repeat(32));
    const engine = createSyncEngine({
      db,
      transport: async () => ({
        status: 200,
        body: { success: true, data: { id: ID, status: 'DRAFT', approval_checks: { decision: 'PASS', reasons: [], rejected: false } } },
      }),
    });

    fireEvent.click(await openKyc());
    await waitFor(async () => expect(await kycEntries()).toHaveLength(1));
    expect(await screen.findByText('Sending to the server...')).toBeTruthy();
    await act(() => engine.drain());
    await waitFor(() => expect(currentLocation().pathname).toBe('/application/co-applicants'), { timeout: 3000 });
    expect(currentLocation().navigation).toBe('PUSH');
  });

  it("a reviewer sees the server's documents, with 'Upload Documents' to replace them", async () => {
    setProfile(makeProfile({ mfi_employee: 'BRANCH_CREDIT_MANAGER' }));
    await seedApplication('MALE', {
      server: { id: ID, status: 'PD1_REVIEW', remarks: 'Check the PAN', kyc: { ...KYC_DRAFT, pan_file: 'a'.repeat(32) } },
    });
    await openKyc();
    expect(await screen.findByText('Check the PAN')).toBeTruthy(); // the remarks panel's content loads lazily
    expect(screen.queryByLabelText('PAN', { selector: 'input[type=file]' })).toBeNull();
    expect(await screen.findByRole('img', { name: 'PAN' })).toBeTruthy();
    expect(vi.mocked(fetchFileUrl)).toHaveBeenCalledWith('a'.repeat(32));
    expect(screen.getAllByText('No preview available').length).toBeGreaterThan(0);
    // The form opens with the server's KYC.
    expect((screen.getByLabelText("Mother's Name") as HTMLInputElement).value).toBe('Sita Devi');

    const toggle = screen.getByRole('button', { name: 'Upload Documents' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByLabelText('PAN', { selector: 'input[type=file]' })).toBeTruthy();
  });
});
