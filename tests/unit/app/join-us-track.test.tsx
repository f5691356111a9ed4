// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppContent } from '../../../src/app/app';
import { trackJoinUsRequest } from '../../../src/app/api/join-us.api';
import { currentLocation, flush, LocationProbe, resetDevice, setOnline, settleNavigation, teardown } from './test-utils';

vi.mock('../../../src/app/api/join-us.api');

async function openTrack() {
  const user = userEvent.setup({ delay: null });
  render(
    <MemoryRouter initialEntries={['/login', '/join-us/track']} initialIndex={1}>
      <AppContent />
      <LocationProbe />
    </MemoryRouter>,
  );
  expect(await screen.findByRole('heading', { name: 'Track the request' }, { timeout: 5000 })).toBeTruthy();
  return user;
}

const mobile = () => screen.getByLabelText('Mobile') as HTMLInputElement;
const shownAlerts = () => screen.queryAllByRole('alert').filter((alert) => alert.textContent !== '');

describe('TrackScreen (/join-us/track)', () => {
  beforeEach(() => {
    resetDevice();
    vi.mocked(trackJoinUsRequest).mockReset();
  });
  afterEach(teardown);

  it("an invalid mobile shows 'Invalid mobile' in the focused banner and makes no call", async () => {
    const user = await openTrack();
    await user.type(mobile(), '12345');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    expect(shownAlerts().map((alert) => alert.textContent)).toEqual(['Invalid mobile']);
    await waitFor(() => expect(document.activeElement).toBe(shownAlerts()[0]));
    expect(trackJoinUsRequest).not.toHaveBeenCalled();
  });

  it('shows the returned message, disables the field and turns Track into Go Back (one page back)', async () => {
    vi.mocked(trackJoinUsRequest).mockResolvedValueOnce({
      success: true,
      data: { status: 'UNDER_VERIFICATION' },
      message: 'Your request is under verification',
    });
    const user = await openTrack();
    await user.type(mobile(), '9876543210');
    expect(mobile().disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Track' }));
    await flush();

    expect(trackJoinUsRequest).toHaveBeenCalledWith('9876543210');
    expect(screen.getByText('Your request is under verification').getAttribute('role')).toBe('status');
    expect(mobile().disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Track' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    await settleNavigation();
    expect(currentLocation()).toMatchObject({ pathname: '/login', navigation: 'POP' });
  });

  it('a failed answer is logged and its message shown; the field stays editable', async () => {
    vi.mocked(trackJoinUsRequest).mockResolvedValueOnce({ success: false, message: 'No request found for this mobile', status_code: 404 });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = await openTrack();
    await user.type(mobile(), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    await flush();
    expect(shownAlerts().map((alert) => alert.textContent)).toEqual(['No request found for this mobile']);
    expect(mobile().disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Track' })).toBeTruthy();
    expect(logged).toHaveBeenCalled();
  });

  it('offline: Track is disabled with Needs connection', async () => {
    await openTrack();
    setOnline(false);
    await flush();
    expect((screen.getByRole('button', { name: 'Track' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Needs connection')).toBeTruthy();
  });
});
