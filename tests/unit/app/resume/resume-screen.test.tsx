// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchApplicationByPhone } from '../../../../src/app/api/applications.api';
import { setProfile, setToken } from '../../../../src/app/session/session.storage';
import type { PhoneLookup } from '../../../../src/app/api/applications.api';
import { currentLocation, makeProfile, partOf, renderRoutes, resetDevice, setOnline, settleNavigation, teardown } from '../test-utils';

vi.mock('../../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../../src/app/api/applications.api', () => ({
  fetchApplication: vi.fn(() => new Promise(() => {})),
  fetchApplicationByPhone: vi.fn(),
}));

const SLOW = { timeout: 10_000 };
const ID = '0123456789abcdef0123456789abcdef';
const BASE = ['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'CO_BORROWER', 'FAMILY_MEMBER'];
const found = (stage: string[]) => ({
  success: true as const,
  data: partOf<PhoneLookup>({
    id: ID,
    tracker_id: 'SAH2611000123',
    stage,
    phone: '9876543210',
    name: 'LAKSHMI DEVI',
    status: 'DRAFT',
    loan_type: 'MFI_BUSINESS_LOAN',
  }),
});

async function lookup(phone: string) {
  const user = userEvent.setup();
  renderRoutes('/application/complete-application');
  await settleNavigation();
  expect(await screen.findByRole('heading', { name: 'Complete Application', level: 1 }, SLOW)).toBeTruthy();
  await user.type(screen.getByLabelText("Borrower's mobile number"), phone);
  await user.click(screen.getByRole('button', { name: 'Search' }));
  return user;
}

describe('resume by mobile (/application/complete-application)', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    resetDevice();
    setToken('tok-1');
    setProfile(makeProfile());
  });
  afterEach(teardown);

  it("'Invalid mobile number' for anything but a valid 10-digit mobile, and nothing is asked", async () => {
    await lookup('12345');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid mobile number');
    expect(fetchApplicationByPhone).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText("Borrower's mobile number"));
  });

  it.each([
    [[], '/application/mobile'],
    [['BORROWER_INFO'], '/application/kyc'],
    [BASE.slice(0, 2), '/application/co-applicants'],
    [BASE, '/application/family-details'],
    [[...BASE, 'BUSINESS_INFO'], '/application/bank-account-details'],
    [[...BASE, 'BUSINESS_INFO', 'BANK_ACCOUNT'], '/application/cpv-info'],
    [[...BASE, 'BUSINESS_INFO', 'BANK_ACCOUNT', 'CPV_BUSINESS_PLACE', 'CPV_RESIDENCE'], '/application/references'],
  ])('stages %j go to %s with the found message', async (stage, path) => {
    vi.mocked(fetchApplicationByPhone).mockResolvedValue(found(stage));
    await lookup('9876543210');
    await settleNavigation();
    await waitFor(() => expect(currentLocation().pathname).toBe(path), SLOW);
    expect(fetchApplicationByPhone).toHaveBeenCalledWith('9876543210');
    expect(await screen.findByText('Application found with the given mobile number', undefined, SLOW)).toBeTruthy();
  });

  it("exactly one CPV stage: 'Please fill Business CPV Info to proceed' with 'Add CPV Info'", async () => {
    vi.mocked(fetchApplicationByPhone).mockResolvedValue(found([...BASE, 'BUSINESS_INFO', 'BANK_ACCOUNT', 'CPV_RESIDENCE']));
    const user = await lookup('9876543210');
    expect(await screen.findByText('Please fill Business CPV Info to proceed', undefined, SLOW)).toBeTruthy();
    expect(currentLocation().pathname).toBe('/application/complete-application');
    await user.click(screen.getByRole('link', { name: 'Add CPV Info' }));
    await settleNavigation();
    expect(currentLocation().pathname).toBe('/application/cpv-info');
  });

  it("'No Incomplete Application Found' for a 404 and for a complete stage set", async () => {
    vi.mocked(fetchApplicationByPhone).mockResolvedValueOnce({
      success: false,
      message: 'No Incomplete Application Found',
      status_code: 404,
    });
    const user = await lookup('9876543210');
    expect(await screen.findByText('No Incomplete Application Found', undefined, SLOW)).toBeTruthy();
    vi.mocked(fetchApplicationByPhone).mockResolvedValueOnce(
      found([...BASE, 'BUSINESS_INFO', 'BANK_ACCOUNT', 'CPV_BUSINESS_PLACE', 'CPV_RESIDENCE', 'REFERENCES']),
    );
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(fetchApplicationByPhone).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('No Incomplete Application Found', undefined, SLOW)).toBeTruthy();
    expect(currentLocation().pathname).toBe('/application/complete-application');
  });

  it('offline the search is disabled and says it needs a connection', async () => {
    setOnline(false);
    renderRoutes('/application/complete-application');
    await settleNavigation();
    const search = (await screen.findByRole('button', { name: 'Search' }, SLOW)) as HTMLButtonElement;
    expect(search.disabled).toBe(true);
    expect(document.getElementById(search.getAttribute('aria-describedby')!)?.textContent).toBe('Needs connection');
  });
});
