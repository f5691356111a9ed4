// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../../src/app/api/http-client';
import { listApplications, type ApplicationListItem } from '../../../../src/app/api/review.api';
import { getDb } from '../../../../src/app/db/db';
import { setLanguage } from '../../../../src/app/i18n/language.store';
import { setProfile, setToken } from '../../../../src/app/session/session.storage';
import {
  currentLocation,
  makeProfile,
  renderRoutes,
  resetDevice,
  setOnline,
  settleNavigation,
  teardown,
  chooseOption,
} from '../test-utils';

vi.mock('../../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../../src/app/api/applications.api', () => ({ fetchApplication: vi.fn(() => new Promise(() => {})) }));
vi.mock('../../../../src/app/api/review.api', () => ({ listApplications: vi.fn() }));

const SLOW = { timeout: 10_000 };
const NAME = { selector: '.applications-row__name' };
const db = getDb();

function row(n: number, overrides: Partial<ApplicationListItem> = {}): ApplicationListItem {
  return {
    id: `${String(n).padStart(2, '0')}${'a'.repeat(30)}`,
    tracker_id: `SAH26110000${String(n).padStart(2, '0')}`,
    name: `BORROWER ${n}`,
    phone: `98765432${String(n).padStart(2, '0')}`,
    status: 'DRAFT',
    stage: ['BORROWER_INFO', 'BORROWER_BASIC_INFO'],
    loan_type: 'MFI_BUSINESS_LOAN',
    amount_requested: 100000,
    created_at: '2026-11-20T04:30:00.000Z',
    updated_at: `2026-11-2${n % 10}T05:45:00.000Z`,
    created_by_name: 'Ravi Kumar',
    ...overrides,
  };
}

const page = (list: ApplicationListItem[], total = list.length) => ({
  success: true as const,
  data: { list, total_pages: Math.ceil(total / 10), total_elements: total },
});

async function open(path = '/applications') {
  renderRoutes(path);
  await settleNavigation();
  expect(await screen.findByRole('heading', { name: 'Applications', level: 1 }, SLOW)).toBeTruthy();
}

describe('applications list (/applications)', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    resetDevice();
    await Promise.all(db.tables.map((t) => t.clear()));
    setToken('tok-1');
    setProfile(makeProfile({ mfi_employee: 'BRANCH_MANAGER', id: 3 }));
  });
  afterEach(teardown);

  it("lists the caller's queue, expands a row with its details, and a reviewer's Open goes to the case view", async () => {
    vi.mocked(listApplications).mockResolvedValue(
      page([
        row(1, {
          name: 'LAKSHMI DEVI',
          stage: ['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'CO_BORROWER', 'FAMILY_MEMBER', 'BUSINESS_INFO', 'BANK_ACCOUNT'],
        }),
        row(2, { status: 'PD1_COMPLETE' }),
      ]),
    );
    const user = userEvent.setup();
    await open();
    expect(vi.mocked(listApplications).mock.calls[0]![0]).toEqual({ page: 0, size: 10, search: '', status: '', all: false, figure: null });
    expect(screen.getByText('Showing the applications waiting for you.')).toBeTruthy();
    const first = (await screen.findByText('LAKSHMI DEVI', NAME, SLOW)).closest('details')!;
    expect(first.open).toBe(false);
    // Issue 21 D19: a cue that the row opens, and whether it is open for assistive technology.
    const summary = first.querySelector('summary')!;
    expect(summary.querySelector('.applications-row__chevron')?.getAttribute('aria-hidden')).toBe('true');
    expect(summary.getAttribute('aria-expanded')).toBe('false');
    await user.click(within(first).getByText('LAKSHMI DEVI', NAME));
    expect(first.open).toBe(true);
    await waitFor(() => expect(summary.getAttribute('aria-expanded')).toBe('true'));
    const details = first.querySelector('dl')!.textContent!;
    expect(details).toContain('SAH2611000001');
    expect(details).toContain('9876543201');
    expect(details).toContain('Draft');
    expect(details).toContain('6 of 9 stages');
    expect(details).toContain('MFI Business Loan · ₹1,00,000');
    expect(details).toMatch(/Created20-11-2026 \d\d:\d\d (AM|PM)/);
    expect((first.querySelector('progress') as HTMLProgressElement).value).toBe(6);
    const openLink = within(first).getByRole('link', { name: 'Open the application of LAKSHMI DEVI' });
    expect(openLink.getAttribute('href')).toBe(`/application/case?id=01${'a'.repeat(30)}`);
    const second = screen.getByText('BORROWER 2', NAME).closest('details')!;
    expect(within(second).getByRole('link', { hidden: true }).getAttribute('href')).toBe(`/application/case?id=02${'a'.repeat(30)}`);
    await user.click(openLink);
    await settleNavigation();
    expect(currentLocation().pathname).toBe('/application/case');
    // The rows seen are kept on the phone for this user.
    expect((await db.listRows.toArray()).map((r) => r.key).sort()).toEqual([`3:01${'a'.repeat(30)}`, `3:02${'a'.repeat(30)}`]);
  });

  it("an officer's Open goes to the next step of the application, not the case view", async () => {
    setProfile(makeProfile({ id: 3 }));
    vi.mocked(listApplications).mockResolvedValue(page([row(1)]));
    await open();
    const first = (await screen.findByText('BORROWER 1', NAME, SLOW)).closest('details')!;
    expect(within(first).getByRole('link', { hidden: true }).getAttribute('href')).toBe(
      `/application/co-applicants?id=01${'a'.repeat(30)}`,
    );
  });

  it('searches 300 ms after the last key, filters by status, toggles all, and pages from 0', async () => {
    vi.mocked(listApplications).mockResolvedValue(
      page(
        Array.from({ length: 10 }, (_, i) => row(i + 1)),
        23,
      ),
    );
    const user = userEvent.setup();
    await open();
    await screen.findByText('BORROWER 1', NAME, SLOW);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    await user.type(screen.getByLabelText('Search'), 'laks');
    // Nothing asked while typing (only the first load so far).
    expect(listApplications).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(listApplications).toHaveBeenCalledTimes(2), SLOW);
    expect(vi.mocked(listApplications).mock.calls[1]![0]).toMatchObject({ search: 'laks', page: 0 });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(vi.mocked(listApplications).mock.calls.at(-1)![0]).toMatchObject({ search: 'laks', page: 1 }), SLOW);
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    await chooseOption(user, 'Status', 'Sent back for PD1 review');
    await waitFor(() => expect(vi.mocked(listApplications).mock.calls.at(-1)![0]).toMatchObject({ status: 'PD1_REVIEW', page: 0 }), SLOW);
    await user.click(screen.getByRole('checkbox', { name: 'All applications' }));
    await waitFor(
      () => expect(vi.mocked(listApplications).mock.calls.at(-1)![0]).toMatchObject({ all: true, status: 'PD1_REVIEW', search: 'laks' }),
      SLOW,
    );
  });

  it("says what is empty, not 'No data': the queue, every application, or what the filters asked for (issue 31 N9)", async () => {
    vi.mocked(listApplications).mockResolvedValue(page([]));
    const user = userEvent.setup();
    await open();
    expect((await screen.findByText('No applications are waiting for you.', undefined, SLOW)).getAttribute('role')).toBe('status');
    await user.click(screen.getByRole('checkbox', { name: 'All applications' }));
    expect(await screen.findByText('No applications yet.', undefined, SLOW)).toBeTruthy();
    await chooseOption(user, 'Status', 'Sent back for PD1 review');
    expect(await screen.findByText('No applications with the status “Sent back for PD1 review”.', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByText('No data')).toBeNull();
    teardown();

    await open('/applications?q=laks');
    expect(await screen.findByText('No applications match “laks”.', undefined, SLOW)).toBeTruthy();
    teardown();
    await open('/applications?q=laks&status=PD1_REVIEW');
    expect(
      await screen.findByText('No applications with the status “Sent back for PD1 review” match “laks”.', undefined, SLOW),
    ).toBeTruthy();
    await act(() => setLanguage('hi'));
    expect(
      await screen.findByText('स्थिति “PD1 समीक्षा के लिए वापस भेजा गया” वाला कोई आवेदन “laks” से मेल नहीं खाता।', undefined, SLOW),
    ).toBeTruthy();
  });

  it('shows a refusal with Try again; the empty answer then says what is empty', async () => {
    vi.mocked(listApplications)
      .mockResolvedValueOnce({ success: false, message: 'Not allowed', status_code: 403 })
      .mockResolvedValueOnce(page([]));
    const user = userEvent.setup();
    await open();
    expect((await screen.findByRole('alert', undefined, SLOW)).textContent).toContain('The applications could not be loaded. Not allowed');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No applications are waiting for you.', undefined, SLOW)).toBeTruthy();
  });

  it("offline lists this user's applications already seen on the phone, searched on the phone, and says so", async () => {
    vi.mocked(listApplications).mockResolvedValue(page([row(1, { name: 'LAKSHMI DEVI' }), row(2, { name: 'RAMESH YADAV' })]));
    await open();
    await screen.findByText('LAKSHMI DEVI', NAME, SLOW);
    await waitFor(async () => expect(await db.listRows.count()).toBe(2));
    // Another user's row on the same phone is never shown.
    await db.listRows.put({ ...row(3, { name: 'OTHER USER ROW' }), key: `9:03${'a'.repeat(30)}`, owner: '9', seenAt: 1 });
    teardown();
    setOnline(false);
    const user = userEvent.setup();
    await open();
    expect((await screen.findByText(/You are offline: this list is from this phone/, undefined, SLOW)).textContent).toBeTruthy();
    expect(await screen.findByText('RAMESH YADAV', NAME)).toBeTruthy();
    expect(screen.getByText('LAKSHMI DEVI', NAME)).toBeTruthy();
    expect(screen.queryByText('OTHER USER ROW', NAME)).toBeNull();
    expect(listApplications).toHaveBeenCalledTimes(1);
    await user.type(screen.getByLabelText('Search'), '9876543201');
    await waitFor(() => expect(screen.queryByText('RAMESH YADAV', NAME)).toBeNull(), SLOW);
    expect(screen.getByText('LAKSHMI DEVI', NAME)).toBeTruthy();
  });

  it('issue 21 D4: a resubmitted application has its own badge and filter, on the server and offline', async () => {
    vi.mocked(listApplications).mockResolvedValue(
      page([
        row(1, { name: 'SUNITA KUMARI', status: 'PD1_REVIEW', resubmitted: true }),
        row(2, { name: 'MOHAN LAL', status: 'PD1_REVIEW' }),
      ]),
    );
    const user = userEvent.setup();
    await open();
    const resubmitted = (await screen.findByText('SUNITA KUMARI', NAME, SLOW)).closest('summary')!;
    expect(within(resubmitted).getByText('Resubmitted for PD1 review').getAttribute('data-status')).toBe('RESUBMITTED');
    const sentBack = screen.getByText('MOHAN LAL', NAME).closest('summary')!;
    expect(within(sentBack).getByText('Sent back for PD1 review').getAttribute('data-status')).toBe('PD1_REVIEW');
    await chooseOption(user, 'Status', 'Resubmitted for PD1 review');
    await waitFor(() => expect(vi.mocked(listApplications).mock.calls.at(-1)![0]).toMatchObject({ status: 'RESUBMITTED', page: 0 }), SLOW);
    await waitFor(async () => expect(await db.listRows.count()).toBe(2));

    teardown();
    setOnline(false);
    await open('/applications?status=RESUBMITTED');
    expect(await screen.findByText('SUNITA KUMARI', NAME, SLOW)).toBeTruthy();
    expect(screen.queryByText('MOHAN LAL', NAME)).toBeNull();
  });

  it('no answer at all (server unreachable) falls back to the phone copy', async () => {
    await db.listRows.put({ ...row(4, { name: 'SEEN BEFORE' }), key: `3:04${'a'.repeat(30)}`, owner: '3', seenAt: 1 });
    vi.mocked(listApplications).mockRejectedValue(new HttpError('network'));
    await open();
    expect(await screen.findByText(/The server could not be reached: this list is from this phone/, undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('SEEN BEFORE', NAME)).toBeTruthy();
    await act(async () => {});
  });
});
