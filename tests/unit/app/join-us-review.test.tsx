// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  approvePartnerRequest,
  fetchPartnerRequest,
  listPartnerRequests,
  rejectPartnerRequest,
  startPartnerVerification,
  type PartnerRequestDetail,
  type PartnerRequestSummary,
} from '../../../src/app/api/partner-requests.api';
import { fetchApplicationCount, fetchProfile } from '../../../src/app/api/user.api';
import { setProfile, setToken } from '../../../src/app/session/session.storage';
import {
  currentLocation,
  flush,
  makeProfile,
  partOf,
  renderRoutes,
  resetDevice,
  settleNavigation,
  teardown,
  chooseOption,
} from './test-utils';

// The shell's sync runtime is not under test here: started for real it would refresh the bank
// list and business categories over the network, which no server answers in jsdom.
vi.mock('../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../src/app/api/partner-requests.api');
vi.mock('../../../src/app/api/user.api');

const manager = makeProfile({ id: 3, first_name: 'Arjun', mobile: '9000000003', mfi_employee: 'BRANCH_MANAGER' });
const officer = makeProfile({ mfi_employee: 'RELATIONSHIP_OFFICER' });

// Answers as the screens read them, not whole (the id a number, the detail without its dates).
const summary = partOf<PartnerRequestSummary>({
  id: 41,
  first_name: 'Asha',
  last_name: 'Verma',
  mobile: '9876543210',
  business_name: 'Asha Stores',
  city: 'Pune',
  state: 'Maharashtra',
  status: 'RECEIVED',
  created_at: '2025-01-05T10:00:00.000Z',
});

function detail(status: string, extra: Partial<PartnerRequestDetail> = {}): PartnerRequestDetail {
  return partOf<PartnerRequestDetail>({
    ...summary,
    status,
    email: 'asha@example.com',
    pincode: '411001',
    address: '12 MG Road, Camp',
    bank_name: 'State Bank',
    account_number: '123456789012',
    ifsc: 'SBIN0001234',
    reason: null,
    documents: [
      { field: 'pan', file_id: 'f1', mime: 'image/png', file_url: '/api/v1/files/f1?sig=1' },
      { field: 'cancelled_cheque', file_id: 'f2', mime: 'application/pdf', file_url: '/api/v1/files/f2?sig=2' },
    ],
    ...extra,
  });
}

function signIn(profile = manager) {
  setToken('tok-1');
  setProfile(profile);
  vi.mocked(fetchProfile).mockResolvedValue({ success: true, data: profile });
  vi.mocked(fetchApplicationCount).mockResolvedValue({ success: true, data: { count: 0 } });
}

async function openDetail(status: string) {
  vi.mocked(fetchPartnerRequest).mockResolvedValue({ success: true, data: detail(status) });
  renderRoutes('/partners/41');
  expect(await screen.findByRole('heading', { name: 'Asha Verma' }, { timeout: 5000 })).toBeTruthy();
  return userEvent.setup({ delay: null });
}

describe('partner request review (BRANCH_MANAGER)', () => {
  beforeEach(() => {
    resetDevice();
    for (const fn of [
      listPartnerRequests,
      fetchPartnerRequest,
      startPartnerVerification,
      approvePartnerRequest,
      rejectPartnerRequest,
      fetchProfile,
      fetchApplicationCount,
    ])
      vi.mocked(fn).mockReset();
    vi.mocked(listPartnerRequests).mockResolvedValue({ success: true, data: { list: [summary], total_pages: 3, total_elements: 21 } });
  });
  afterEach(teardown);

  it('a relationship officer has no Partner requests link and is sent from /partners to /', async () => {
    signIn(officer);
    const dashboard = renderRoutes('/');
    expect(await screen.findByRole('heading', { name: 'Applications' }, { timeout: 5000 })).toBeTruthy();
    await flush();
    expect(screen.queryByRole('link', { name: 'Partner requests' })).toBeNull();
    dashboard.unmount();

    renderRoutes('/partners');
    await settleNavigation();
    await waitFor(() => expect(currentLocation()).toMatchObject({ pathname: '/', navigation: 'REPLACE' }));
    expect(await screen.findByRole('heading', { name: 'Applications' }, { timeout: 5000 })).toBeTruthy();
    expect(listPartnerRequests).not.toHaveBeenCalled();
  });

  it('a branch manager opens the list from the dashboard, filters by status and pages by 10', async () => {
    signIn();
    const user = userEvent.setup({ delay: null });
    renderRoutes('/');
    await user.click(await screen.findByRole('link', { name: 'Partner requests' }));
    await settleNavigation();
    expect(await screen.findByRole('heading', { name: 'Partner requests' }, { timeout: 5000 })).toBeTruthy();
    expect(listPartnerRequests).toHaveBeenLastCalledWith({ status: undefined, page: 0, size: 10 });
    expect(await screen.findByRole('link', { name: 'Asha Verma' })).toBeTruthy();
    expect(screen.getByText('21 requests')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();

    await chooseOption(user, 'Status', 'Under verification');
    await waitFor(() => expect(listPartnerRequests).toHaveBeenLastCalledWith({ status: 'UNDER_VERIFICATION', page: 0, size: 10 }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(listPartnerRequests).toHaveBeenLastCalledWith({ status: 'UNDER_VERIFICATION', page: 1, size: 10 }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
  });

  it('the detail shows the fields and the documents: an image inline, a PDF opening in a new tab', async () => {
    signIn();
    await openDetail('RECEIVED');
    expect(screen.getByText('Status: Received')).toBeTruthy();
    expect(screen.getByText('SBIN0001234')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'PAN' }).getAttribute('src')).toBe('/api/v1/files/f1?sig=1');
    const pdf = screen.getByRole('link', { name: 'Open Cancelled cheque (PDF, opens in a new tab)' });
    expect(pdf.getAttribute('href')).toBe('/api/v1/files/f2?sig=2');
    expect(pdf.getAttribute('target')).toBe('_blank');
    // RECEIVED: verification must start before approval.
    expect(screen.getByRole('button', { name: 'Start verification' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('Start verification calls the api and shows the new status with Approve', async () => {
    signIn();
    vi.mocked(startPartnerVerification).mockResolvedValueOnce({ success: true, data: detail('UNDER_VERIFICATION') });
    const user = await openDetail('RECEIVED');
    await user.click(screen.getByRole('button', { name: 'Start verification' }));
    await flush();
    expect(startPartnerVerification).toHaveBeenCalledWith(41);
    expect(screen.getByText('Status: Under verification')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
  });

  it('Approve asks first, then calls the api and shows Approved', async () => {
    signIn();
    vi.mocked(approvePartnerRequest).mockResolvedValueOnce({ success: true, data: detail('APPROVED') });
    const user = await openDetail('UNDER_VERIFICATION');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Approve this partner?' });
    expect(approvePartnerRequest).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await flush();
    expect(approvePartnerRequest).toHaveBeenCalledWith(41);
    expect(screen.getByText('Status: Approved')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('Cancel in the approve confirmation calls nothing', async () => {
    signIn();
    const user = await openDetail('UNDER_VERIFICATION');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(approvePartnerRequest).not.toHaveBeenCalled();
    expect(screen.getByText('Status: Under verification')).toBeTruthy();
  });

  it('Reject asks for a reason, then calls the api with it and shows Rejected and the reason', async () => {
    signIn();
    vi.mocked(rejectPartnerRequest).mockResolvedValueOnce({ success: true, data: detail('REJECTED', { reason: 'Cheque unreadable' }) });
    const user = await openDetail('RECEIVED');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this request?' });
    const reason = within(dialog).getByLabelText('Reason for rejection');
    expect(document.activeElement).toBe(reason);
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter the reason for rejection');
    // The field is focused again, and says what is wrong.
    expect(document.activeElement).toBe(reason);
    expect(reason.getAttribute('aria-describedby')).toBe(within(dialog).getByRole('alert').id);
    expect(rejectPartnerRequest).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('Reason for rejection'), 'Cheque unreadable');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await flush();
    expect(rejectPartnerRequest).toHaveBeenCalledWith(41, 'Cheque unreadable');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Status: Rejected')).toBeTruthy();
    expect(screen.getByText('Reason: Cheque unreadable')).toBeTruthy();
  });

  it('a 409 shows the server message and loads the request again', async () => {
    signIn();
    vi.mocked(approvePartnerRequest).mockResolvedValueOnce({
      success: false,
      message: 'This request was already approved.',
      status_code: 409,
    });
    const user = await openDetail('UNDER_VERIFICATION');
    vi.mocked(fetchPartnerRequest).mockResolvedValue({ success: true, data: detail('APPROVED') });
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Approve' }));
    await flush();
    expect(fetchPartnerRequest).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.getByText('Status: Approved')).toBeTruthy());
    expect(screen.getByRole('alert').textContent).toBe('This request was already approved.');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});
