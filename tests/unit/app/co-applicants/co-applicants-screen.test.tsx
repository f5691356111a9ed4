// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '../../../../src/app/db/db';
import { setProfile, setToken } from '../../../../src/app/session/session.storage';
import { currentLocation, makeProfile, partOf, renderRoutes, resetDevice, setOnline, settleNavigation, teardown } from '../test-utils';
import { coApplicantId, ID, RAMESH, seedApplication, seedRecord } from './fixtures';

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

const { fetchApplication, runBureauCheck } = await import('../../../../src/app/api/applications.api');
const db = getDb();

const ACTIVE = { status: 'ACTIVE', approval_checks: { decision: 'PASS', rejected: false } };
const REJECTED = { status: 'REJECTED', approval_checks: { decision: 'REJECTED', rejected: true, reasons: ['OVERDUE_AMOUNT_PRESENT'] } };

/** The lazy screen, then the application and its co-applicants from the device database: wait on them, not a clock. */
const SLOW = { timeout: 10_000 };

async function openList() {
  renderRoutes(`/application/co-applicants?id=${ID}`);
  await settleNavigation();
  const heading = await screen.findByRole('heading', { name: 'Add Co-borrower/Guarantor', level: 1 }, SLOW);
  const section = heading.closest('section')!;
  await waitFor(() => {
    expect(within(section).getByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(within(section).queryByText('Loading...')).toBeNull();
  }, SLOW);
}

const banner = () => document.querySelector('.error-banner')?.textContent ?? null;

describe('Co-applicant list (/application/co-applicants)', () => {
  beforeEach(async () => {
    resetDevice();
    await Promise.all(db.tables.map((t) => t.clear()));
    setToken('tok-1');
    setProfile(makeProfile());
    vi.mocked(fetchApplication).mockImplementation(() => new Promise(() => {}));
  });
  afterEach(teardown);

  it("an MFI business loan asks for a co-borrower: hint, then 'Add Co-borrower to proceed'", async () => {
    setOnline(false);
    await seedApplication('MFI_BUSINESS_LOAN');
    await openList();
    expect(screen.getByText('This loan requires a Co-borrower')).toBeTruthy();
    expect(screen.getByText('No co-borrower or guarantor added yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add Co-borrower' }).getAttribute('href')).toBe(
      `/application/co-applicant-details?id=${ID}&type=CO_BORROWER&record_index=0`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(banner()).toBe('Add Co-borrower to proceed');
    expect(currentLocation().pathname).toBe('/application/co-applicants');
  });

  it('an unsecured loan needs both: a co-borrower alone is not enough; with a guarantor Submit goes on to the family', async () => {
    setOnline(false);
    await seedApplication('UNSECURED_BUSINESS_LOAN');
    await seedRecord(coApplicantId(1), { ...RAMESH, id: coApplicantId(1), ...ACTIVE });
    await openList();
    expect(screen.getByText('This loan requires both a Co-borrower and a Guarantor')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'RAMESH YADAV', level: 2 })).toBeTruthy();
    expect(screen.getByText('Co-borrower')).toBeTruthy();
    expect(screen.getByText('Accepted')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(banner()).toBe('Both Co-borrower and Guarantor are required to proceed');

    // A guarantor submitted offline counts at once (its answer comes later).
    await seedRecord(coApplicantId(2), undefined, { values: { ...RAMESH, type: 'GUARANTOR', name: 'MOHAN LAL' } });
    await screen.findByRole('heading', { name: 'MOHAN LAL' });
    expect(screen.getByText('Waiting to sync')).toBeTruthy();
    expect(banner()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await settleNavigation();
    expect(currentLocation().pathname).toBe('/application/family-details');
  });

  it("a replaced guarantor is hidden, on the server's word or on this phone's (its replacement still queued)", async () => {
    setOnline(false);
    await seedApplication('UNSECURED_BUSINESS_LOAN');
    await seedRecord(coApplicantId(1), { ...RAMESH, id: coApplicantId(1), ...ACTIVE });
    // Replaced on the server, and replaced from this phone (the replacement not yet sent).
    await seedRecord(coApplicantId(2), { ...RAMESH, id: coApplicantId(2), type: 'GUARANTOR', name: 'OLD GUARANTOR', status: 'REPLACED' });
    await seedRecord(coApplicantId(3), { ...RAMESH, id: coApplicantId(3), type: 'GUARANTOR', name: 'VIKRAM JOSHI', ...REJECTED });
    await seedRecord(coApplicantId(4), undefined, {
      values: { ...RAMESH, type: 'GUARANTOR', name: 'MOHAN LAL', id_to_replace: coApplicantId(3) },
    });
    await openList();
    expect(screen.queryByText('OLD GUARANTOR')).toBeNull();
    expect(screen.queryByText('VIKRAM JOSHI')).toBeNull();
    expect(screen.getByRole('heading', { name: 'MOHAN LAL' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(2);
  });

  it("Bureau Check needs a connection; online a still-rejected answer says 'Bureau Check Failed!' and goes to the rejection", async () => {
    setOnline(false);
    await seedApplication('UNSECURED_BUSINESS_LOAN');
    await seedRecord(coApplicantId(3), { ...RAMESH, id: coApplicantId(3), type: 'GUARANTOR', name: 'VIKRAM JOSHI', ...REJECTED });
    await openList();
    expect(screen.getByText('Rejected')).toBeTruthy();
    const check = screen.getByRole('button', { name: 'Bureau Check for VIKRAM JOSHI' }) as HTMLButtonElement;
    expect(check.disabled).toBe(true);
    const note = document.getElementById(check.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toBe('Needs connection');
    expect(screen.getByRole('link', { name: 'Replace Rejected Guarantor VIKRAM JOSHI' }).getAttribute('href')).toBe(
      `/application/co-applicant-details?id=${ID}&type=GUARANTOR&rejected_guarantor_id=${coApplicantId(3)}`,
    );

    vi.mocked(runBureauCheck).mockResolvedValue({ success: true, data: { id: coApplicantId(3), type: 'GUARANTOR', ...REJECTED } });
    setOnline(true);
    await waitFor(() => expect(check.disabled).toBe(false));
    expect(screen.queryByText('Needs connection')).toBeNull();
    fireEvent.click(check);
    await waitFor(() => expect(currentLocation().pathname).toBe('/application/rejection'));
    expect(vi.mocked(runBureauCheck)).toHaveBeenCalledWith(ID, coApplicantId(3));
    expect(document.querySelector('[data-rht-toaster]')?.textContent).toContain('Bureau Check Failed!');
  });

  it('a passing Bureau Check makes the card accepted', async () => {
    await seedApplication('MFI_BUSINESS_LOAN');
    await seedRecord(coApplicantId(1), { ...RAMESH, id: coApplicantId(1), ...REJECTED });
    vi.mocked(runBureauCheck).mockResolvedValue({ success: true, data: { id: coApplicantId(1), ...RAMESH, ...ACTIVE } });
    await openList();
    fireEvent.click(screen.getByRole('button', { name: 'Bureau Check for RAMESH YADAV' }));
    expect(await screen.findByText('Accepted')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Bureau Check/ })).toBeNull();
    expect(currentLocation().pathname).toBe('/application/co-applicants');
  });

  it("online, the server's view refreshes the list", async () => {
    await seedApplication('MFI_BUSINESS_LOAN');
    vi.mocked(fetchApplication).mockResolvedValue({
      success: true,
      data: partOf({
        id: ID,
        status: 'DRAFT',
        stage: [],
        co_applicants: [{ ...RAMESH, id: coApplicantId(9), name: 'FROM SERVER', ...ACTIVE }],
      }),
    });
    await openList();
    expect(await screen.findByRole('heading', { name: 'FROM SERVER' })).toBeTruthy();
    expect(vi.mocked(fetchApplication)).toHaveBeenCalledWith(ID);
    expect((await db.records.get(coApplicantId(9)))?.syncState).toBe('synced');
  });
});
