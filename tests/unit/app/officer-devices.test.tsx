// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffMember, UserDevice } from '../../../src/domain';
import { fetchUserDevices, listStaff, markDeviceLost } from '../../../src/app/api/devices.api';
import { fetchApplicationCount, fetchProfile } from '../../../src/app/api/user.api';
import { setLanguage } from '../../../src/app/i18n/language.store';
import { setProfile, setToken } from '../../../src/app/session/session.storage';
import { currentLocation, flush, makeProfile, renderRoutes, resetDevice, setOnline, settleNavigation, teardown } from './test-utils';

// Issue 24 part 5: the branch manager's officers' devices, and "device lost".
vi.mock('../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../src/app/api/devices.api');
vi.mock('../../../src/app/api/user.api');

const manager = makeProfile({ id: 3, first_name: 'Arjun', last_name: 'Rao', mobile: '9000000003', mfi_employee: 'BRANCH_MANAGER' });
const STAFF: StaffMember[] = [
  { id: 2, first_name: 'Meena', last_name: 'Iyer', mobile: '9000000002', designation: 'BRANCH_CREDIT_MANAGER' },
  { id: 1, first_name: 'Ravi', last_name: 'Kumar', mobile: '9000000001', designation: 'RELATIONSHIP_OFFICER' },
];
const PHONE = `${'a'.repeat(58)}3f9a2c`;
const LAPTOP = `${'b'.repeat(58)}77e01d`;
const DEVICES: UserDevice[] = [
  { device: PHONE, signed_in_at: '2026-11-20T04:30:00.000Z', last_used_at: '2026-11-26T09:15:00.000Z', live: true, lost: null },
  { device: LAPTOP, signed_in_at: '2026-11-02T05:00:00.000Z', last_used_at: '2026-11-10T12:00:00.000Z', live: false, lost: null },
];

function signIn(profile = manager) {
  setToken('tok-1');
  setProfile(profile);
  vi.mocked(fetchProfile).mockResolvedValue({ success: true, data: profile });
  vi.mocked(fetchApplicationCount).mockResolvedValue({ success: true, data: { count: 0 } });
}

async function openRavi() {
  signIn();
  renderRoutes('/officers/1');
  expect(await screen.findByRole('heading', { level: 1, name: "Ravi Kumar's devices" }, { timeout: 5000 })).toBeTruthy();
  return userEvent.setup({ delay: null });
}

describe("officers' devices (BRANCH_MANAGER)", () => {
  beforeEach(() => {
    resetDevice();
    for (const fn of [listStaff, fetchUserDevices, markDeviceLost, fetchProfile, fetchApplicationCount]) vi.mocked(fn).mockReset();
    vi.mocked(listStaff).mockResolvedValue({ success: true, data: STAFF });
    vi.mocked(fetchUserDevices).mockResolvedValue({ success: true, data: DEVICES });
  });
  afterEach(() => {
    setOnline(true);
    setLanguage('en');
    teardown();
  });

  it('a branch manager reaches it from the profile and opens an officer from the list', async () => {
    signIn();
    const user = userEvent.setup({ delay: null });
    renderRoutes('/profile');
    await user.click(await screen.findByRole('link', { name: "Officers' devices" }, { timeout: 5000 }));
    await settleNavigation();
    expect(await screen.findByRole('heading', { level: 1, name: "Officers' devices" })).toBeTruthy();
    const items = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Meena IyerBranch Credit Manager · 9000000002',
      'Ravi KumarRelationship Officer · 9000000001',
    ]);
    await user.click(screen.getByRole('link', { name: 'Ravi Kumar' }));
    await settleNavigation();
    expect(await screen.findByRole('heading', { level: 1, name: "Ravi Kumar's devices" })).toBeTruthy();
    expect(currentLocation().pathname).toBe('/officers/1');
    expect(fetchUserDevices).toHaveBeenCalledWith(1);
  });

  it("shows each device's sign-in, last use and whether it is signed in now; only a live one can be marked lost", async () => {
    await openRavi();
    const phone = screen.getByRole('listitem', { name: 'Device 3F9A2C' });
    expect(within(phone).getByText('Signed in now')).toBeTruthy();
    // Times in India (formatInstantDateTime): 04:30 UTC is 10:00 AM IST.
    expect(within(phone).getByText('20-11-2026 10:00 AM')).toBeTruthy();
    expect(within(phone).getByText('26-11-2026 02:45 PM')).toBeTruthy();
    expect(within(phone).getByRole('button', { name: 'Mark lost: device 3F9A2C' })).toBeTruthy();
    const laptop = screen.getByRole('listitem', { name: 'Device 77E01D' });
    expect(within(laptop).getByText('Signed out')).toBeTruthy();
    expect(within(laptop).queryByRole('button')).toBeNull();
  });

  it("issue 31 N4: a device with a label is named by the phone's model and browser, with its code", async () => {
    vi.mocked(fetchUserDevices).mockResolvedValue({
      success: true,
      data: [{ ...DEVICES[0]!, label: 'Android · Chrome 156' }, DEVICES[1]!],
    });
    await openRavi();
    const phone = screen.getByRole('listitem', { name: 'Android · Chrome 156 (…3F9A2C)' });
    expect(within(phone).getByRole('heading', { level: 2 }).textContent).toBe('Android · Chrome 156 (…3F9A2C)');
    expect(screen.getByRole('listitem', { name: 'Device 77E01D' })).toBeTruthy();
  });

  it('Mark lost asks first (Cancel has the focus and calls nothing), then says how many sessions ended', async () => {
    const user = await openRavi();
    const button = screen.getByRole('button', { name: 'Mark lost: device 3F9A2C' });
    await user.click(button);
    let dialog = screen.getByRole('alertdialog', { name: 'Mark this device lost?' });
    expect(dialog.textContent).toContain('sends the items still waiting on it (for up to 20 seconds), then deletes everything');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(markDeviceLost).not.toHaveBeenCalled();

    vi.mocked(markDeviceLost).mockResolvedValueOnce({ success: true, data: { device: PHONE, revoked_sessions: 2 } });
    vi.mocked(fetchUserDevices).mockResolvedValueOnce({ success: true, data: [{ ...DEVICES[0]!, live: false }, DEVICES[1]!] });
    await user.click(button);
    dialog = screen.getByRole('alertdialog', { name: 'Mark this device lost?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark lost' }));
    await flush();
    expect(markDeviceLost).toHaveBeenCalledWith(1, PHONE);
    const result = await screen.findByText(
      'Device 3F9A2C is marked lost: 2 sessions ended. The app on it deletes its data at its next contact with the server.',
    );
    // Announced: a live region there before the text came.
    expect(result.getAttribute('role')).toBe('status');
    // The list is loaded again: the phone is signed out, its button gone, the focus on the result.
    await waitFor(() => expect(within(screen.getByRole('listitem', { name: 'Device 3F9A2C' })).getByText('Signed out')).toBeTruthy());
    expect(screen.queryByRole('button', { name: /Mark lost/ })).toBeNull();
    expect(document.activeElement).toBe(result);
  });

  it('after Mark lost, the result says what the server received from the phone and what the phone reported lost, once it has', async () => {
    const user = await openRavi();
    const marked = { marked_at: '2026-11-26T09:20:00.000Z', contact_at: null, received: 0, unsent: null, wiped_at: null };
    vi.mocked(markDeviceLost).mockResolvedValueOnce({ success: true, data: { device: PHONE, revoked_sessions: 1 } });
    vi.mocked(fetchUserDevices).mockResolvedValueOnce({
      success: true,
      data: [{ ...DEVICES[0]!, live: false, lost: marked }, DEVICES[1]!],
    });
    // Asked again while the phone has not reported: then it has sent 3 items and lost 1.
    const wiped = { ...marked, contact_at: '2026-11-26T09:30:00.000Z', received: 3, unsent: 1, wiped_at: '2026-11-26T09:30:12.000Z' };
    vi.mocked(fetchUserDevices).mockResolvedValue({ success: true, data: [{ ...DEVICES[0]!, live: false, lost: wiped }, DEVICES[1]!] });
    await user.click(screen.getByRole('button', { name: 'Mark lost: device 3F9A2C' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Mark lost' }));
    const result = await screen.findByText(/^Device 3F9A2C is marked lost: 1 session ended\./);
    await waitFor(() => expect(result.textContent).toContain('Marked lost: waiting for the phone to reach the server.'));
    await waitFor(
      () =>
        expect(result.textContent).toBe(
          'Device 3F9A2C is marked lost: 1 session ended. The app on it deletes its data at its next contact with the server. ' +
            'Marked lost: the phone deleted its data. Items received from it first: 3. Items lost (could not be sent): 1.',
        ),
      { timeout: 5000 },
    );
  });

  it("shows the server's refusal, and is disabled offline with the reason", async () => {
    const user = await openRavi();
    vi.mocked(markDeviceLost).mockResolvedValueOnce({
      success: false,
      message: 'No session of this user on that device',
      status_code: 404,
    });
    await user.click(screen.getByRole('button', { name: 'Mark lost: device 3F9A2C' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Mark lost' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No session of this user on that device');

    setOnline(false);
    const button = await screen.findByRole('button', { name: 'Mark lost: device 3F9A2C' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBeTruthy();
  });

  it('an officer of another branch (not in the list) is said so', async () => {
    signIn();
    renderRoutes('/officers/99');
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe('This officer is not in your branch.');
  });

  it('in Hindi', async () => {
    setLanguage('hi');
    const user = await (async () => {
      signIn();
      renderRoutes('/officers/1');
      expect(await screen.findByRole('heading', { level: 1, name: 'Ravi Kumar के डिवाइस' }, { timeout: 5000 })).toBeTruthy();
      return userEvent.setup({ delay: null });
    })();
    expect(screen.getByText('अभी साइन इन है')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'खोया हुआ चिह्नित करें: डिवाइस 3F9A2C' }));
    expect(screen.getByRole('alertdialog', { name: 'इस डिवाइस को खोया हुआ चिह्नित करें?' })).toBeTruthy();
  });

  it('anyone but a branch manager has no link on the profile and is sent from /officers to /', async () => {
    signIn(makeProfile({ mfi_employee: 'RELATIONSHIP_OFFICER' }));
    const profile = renderRoutes('/profile');
    expect(await screen.findByRole('heading', { name: 'User Details' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: "Officers' devices" })).toBeNull();
    profile.unmount();
    renderRoutes('/officers');
    await settleNavigation();
    await waitFor(() => expect(currentLocation()).toMatchObject({ pathname: '/', navigation: 'REPLACE' }));
    expect(listStaff).not.toHaveBeenCalled();
  });
});
