// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackApplication } from '../../../../src/app/api/review.api';
import { SELF_APPLICATION_TEXT } from '../../../../src/domain';
import { setProfile, setToken } from '../../../../src/app/session/session.storage';
import { makeProfile, partOf, renderRoutes, resetDevice, setOnline, settleNavigation, teardown } from '../test-utils';

vi.mock('../../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../../src/app/api/review.api', () => ({ trackApplication: vi.fn() }));

const SLOW = { timeout: 10_000 };

async function openTrack(path: string, state?: unknown) {
  renderRoutes(path, state);
  await settleNavigation();
  expect(await screen.findByRole('heading', { name: 'Track Application', level: 1 }, SLOW)).toBeTruthy();
  return userEvent.setup();
}

describe('track by tracker id', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    resetDevice();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(teardown);

  it("signed out (/apply-loan/track): 'Invalid external loan id' asks nothing; a valid id shows the status in words", async () => {
    vi.mocked(trackApplication).mockResolvedValue({
      success: true,
      message: 'Your application is complete and waits for field verification.',
      data: partOf({ tracker_id: 'SAH2611000123', status: 'PD1_COMPLETE', status_text: 'x', updated_at: '2026-11-21T06:30:00.000Z' }),
    });
    const user = await openTrack('/apply-loan/track');
    const field = screen.getByLabelText('Tracker id (external loan id)');
    await user.type(field, 'SA2611000123');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid external loan id');
    expect(trackApplication).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, 'sah2611000123'); // typed in lower case: upper-cased as typed
    expect((field as HTMLInputElement).value).toBe('SAH2611000123');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    expect(await screen.findByText('Your application is complete and waits for field verification.', undefined, SLOW)).toBeTruthy();
    expect(trackApplication).toHaveBeenCalledWith('SAH2611000123');
    expect(screen.getByText('PD1 complete')).toBeTruthy();
    expect(screen.getByText(/Last updated 21-11-2026/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to login' })).toBeTruthy();
  });

  it("from the public flow's 'Check my application': the id is filled, a self-application's status is in the borrower's words, the way back is to the application", async () => {
    vi.mocked(trackApplication).mockResolvedValue({
      success: true,
      message: SELF_APPLICATION_TEXT.sent,
      data: partOf({ tracker_id: 'SAH2611000123', status: 'DRAFT', updated_at: '2026-11-21T06:30:00.000Z' }),
    });
    const user = await openTrack('/apply-loan/track', { trackerId: 'SAH2611000123', back: '/apply-loan/success?id=app-1' });
    expect((screen.getByLabelText('Tracker id (external loan id)') as HTMLInputElement).value).toBe('SAH2611000123');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    expect(await screen.findByText(SELF_APPLICATION_TEXT.sent, undefined, SLOW)).toBeTruthy();
    expect(trackApplication).toHaveBeenCalledWith('SAH2611000123');
    expect(screen.getByText('Sent to the branch')).toBeTruthy();
    expect(screen.queryByText('Draft')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to my application' }).getAttribute('href')).toBe('/apply-loan/success?id=app-1');
    expect(screen.queryByRole('link', { name: 'Back to login' })).toBeNull();
  });

  it('a way back outside the public flow is not offered', async () => {
    await openTrack('/apply-loan/track', { back: '/applications' });
    expect(screen.queryByRole('link', { name: 'Back to my application' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to login' })).toBeTruthy();
  });

  it('signed in (/application/track): an unknown id says so', async () => {
    setToken('tok-1');
    setProfile(makeProfile());
    vi.mocked(trackApplication).mockResolvedValue({ success: false, message: 'Not found', status_code: 404 });
    const user = await openTrack('/application/track');
    await user.type(screen.getByLabelText('Tracker id (external loan id)'), 'SAH9999999999');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    expect((await screen.findByRole('alert', undefined, SLOW)).textContent).toBe('No application was found with this tracker id.');
    expect(screen.queryByRole('link', { name: 'Back to login' })).toBeNull();
  });

  it('offline: Track is disabled and says it needs a connection', async () => {
    setOnline(false);
    await openTrack('/apply-loan/track');
    const track = screen.getByRole('button', { name: 'Track' }) as HTMLButtonElement;
    expect(track.disabled).toBe(true);
    expect(document.getElementById(track.getAttribute('aria-describedby')!)?.textContent).toBe('Needs connection');
  });
});
