// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fetchWebhookEndpoint,
  listWebhookEvents,
  redeliverWebhookEvent,
  type WebhookEventView,
} from '../../../../src/app/api/webhooks.api';
import { fetchApplicationCount, fetchProfile } from '../../../../src/app/api/user.api';
import { setLanguage } from '../../../../src/app/i18n/language.store';
import { setProfile, setToken } from '../../../../src/app/session/session.storage';
import {
  currentLocation,
  flush,
  makeProfile,
  renderRoutes,
  resetDevice,
  setOnline,
  settleNavigation,
  teardown,
  chooseOption,
} from '../test-utils';

// Issue 34 item 5: the branch manager's "Webhook deliveries": each event, its attempts in words, Redeliver.
vi.mock('../../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../../src/app/api/webhooks.api');
vi.mock('../../../../src/app/api/user.api');

const manager = makeProfile({ id: 3, first_name: 'Arjun', last_name: 'Rao', mobile: '9000000003', mfi_employee: 'BRANCH_MANAGER' });
const officer = makeProfile({ id: 1, first_name: 'Ravi', last_name: 'Kumar', mobile: '9000000001', mfi_employee: 'RELATIONSHIP_OFFICER' });

const DELIVERED: WebhookEventView = {
  id: '1f0e6a4c-8d2b-4c55-9d1e-7a3b2c9e4f10',
  type: 'loan.disbursed',
  application_id: 'df1d07e27520339d77342c56ed6e41c3',
  created_at: '2026-11-26T04:30:00.000Z',
  state: 'delivered',
  attempts: 3,
  next_attempt_at: null,
  delivered_at: '2026-11-26T04:31:00.000Z',
  deliveries: [
    { attempt: 1, attempted_at: '2026-11-26T04:30:00.000Z', duration_ms: 3, status_code: null, error: 'connection refused' },
    { attempt: 2, attempted_at: '2026-11-26T04:30:10.000Z', duration_ms: 10000, status_code: null, error: 'timed out after 10000 ms' },
    { attempt: 3, attempted_at: '2026-11-26T04:31:00.000Z', duration_ms: 42, status_code: 204, error: null },
  ],
};
const FAILING: WebhookEventView = {
  id: '9a8b7c6d-0000-4000-8000-000000000001',
  type: 'loan.cancelled',
  application_id: 'aa1d07e27520339d77342c56ed6e41c3',
  created_at: '2026-11-27T06:00:00.000Z',
  state: 'pending',
  attempts: 1,
  next_attempt_at: '2026-11-27T06:00:10.000Z',
  delivered_at: null,
  deliveries: [{ attempt: 1, attempted_at: '2026-11-27T06:00:00.000Z', duration_ms: 18, status_code: 500, error: null }],
};

function signIn(profile = manager) {
  setToken('tok-1');
  setProfile(profile);
  vi.mocked(fetchProfile).mockResolvedValue({ success: true, data: profile });
  vi.mocked(fetchApplicationCount).mockResolvedValue({ success: true, data: { count: 0 } });
}

async function open() {
  signIn();
  renderRoutes('/webhooks');
  expect(await screen.findByRole('heading', { level: 1, name: 'Webhook deliveries' }, { timeout: 5000 })).toBeTruthy();
  await flush();
  return userEvent.setup({ delay: null });
}

describe('Webhook deliveries (BRANCH_MANAGER)', () => {
  beforeEach(() => {
    resetDevice();
    for (const fn of [fetchWebhookEndpoint, listWebhookEvents, redeliverWebhookEvent, fetchProfile, fetchApplicationCount])
      vi.mocked(fn).mockReset();
    vi.mocked(fetchWebhookEndpoint).mockResolvedValue({ success: true, data: { configured: true, url: 'https://lms.example/hooks' } });
    vi.mocked(listWebhookEvents).mockResolvedValue({ success: true, data: [FAILING, DELIVERED] });
  });
  afterEach(() => {
    setOnline(true);
    setLanguage('en');
    teardown();
  });

  it('is reached from the profile, and shows each event with its state and every attempt in words', async () => {
    signIn();
    const user = userEvent.setup({ delay: null });
    renderRoutes('/profile');
    await user.click(await screen.findByRole('link', { name: 'Webhook deliveries' }, { timeout: 5000 }));
    await settleNavigation();
    expect(await screen.findByRole('heading', { level: 1, name: 'Webhook deliveries' })).toBeTruthy();
    expect(currentLocation().pathname).toBe('/webhooks');
    expect(await screen.findByText('Sent to https://lms.example/hooks')).toBeTruthy();

    const delivered = screen.getByRole('listitem', { name: 'Loan disbursed · event 1f0e6a4c' });
    // Times in India: 04:31 UTC is 10:01 AM IST.
    expect(within(delivered).getByText('Delivered 26-11-2026 10:01 AM')).toBeTruthy();
    const attempts = within(delivered)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(attempts).toEqual([
      'Attempt 1, 26-11-2026 10:00 AM, 3 ms: could not connect (connection refused)',
      'Attempt 2, 26-11-2026 10:00 AM, 10000 ms: no answer in time',
      'Attempt 3, 26-11-2026 10:01 AM, 42 ms: accepted (HTTP 204)',
    ]);
    const pending = screen.getByRole('listitem', { name: 'Loan cancelled (cooling-off exit) · event 9a8b7c6d' });
    expect(within(pending).getByText('Waiting to be delivered: next attempt 27-11-2026 11:30 AM')).toBeTruthy();
    expect(within(pending).getByText('Attempt 1, 27-11-2026 11:30 AM, 18 ms: refused by the receiver (HTTP 500)')).toBeTruthy();
  });

  it('Redeliver sends one request with an idempotency key, announces the answer and reloads the list', async () => {
    const user = await open();
    vi.mocked(redeliverWebhookEvent).mockResolvedValueOnce({
      success: true,
      data: { ...DELIVERED, state: 'pending', next_attempt_at: DELIVERED.delivered_at },
      message: 'The event will be delivered again shortly.',
    });
    vi.mocked(listWebhookEvents).mockResolvedValueOnce({ success: true, data: [FAILING, { ...DELIVERED, attempts: 4 }] });
    await user.click(screen.getByRole('button', { name: 'Redeliver event 1f0e6a4c' }));
    await flush();
    expect(redeliverWebhookEvent).toHaveBeenCalledTimes(1);
    const [id, key] = vi.mocked(redeliverWebhookEvent).mock.calls[0]!;
    expect(id).toBe(DELIVERED.id);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    // Announced: the screen's live region holds the server's answer.
    expect((await screen.findByText('The event will be delivered again shortly.')).getAttribute('role')).toBe('status');
    expect(listWebhookEvents).toHaveBeenCalledTimes(2);
  });

  it('a refused redelivery is shown under its button, and a retry of it uses the same key', async () => {
    const user = await open();
    vi.mocked(redeliverWebhookEvent).mockResolvedValue({ success: false, message: 'Event not found', status_code: 404 });
    const button = screen.getByRole('button', { name: 'Redeliver event 9a8b7c6d' });
    await user.click(button);
    await flush();
    expect((await screen.findByRole('alert')).textContent).toBe('Event not found');
    await user.click(button);
    await flush();
    const keys = vi.mocked(redeliverWebhookEvent).mock.calls.map((call) => call[1]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('the empty state, and an endpoint not configured (no Redeliver then)', async () => {
    vi.mocked(fetchWebhookEndpoint).mockResolvedValue({ success: true, data: { configured: false, url: null } });
    vi.mocked(listWebhookEvents).mockResolvedValue({ success: true, data: [] });
    await open();
    expect(await screen.findByText('No events yet. An event appears here when a loan is disbursed or cancelled.')).toBeTruthy();
    expect(screen.getByText(/No endpoint is configured for your branch/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Redeliver/ })).toBeNull();
  });

  it('the error state, with Try again', async () => {
    vi.mocked(listWebhookEvents).mockResolvedValueOnce({ success: false, message: 'Something went wrong', status_code: 503 });
    const user = await open();
    expect((await screen.findByRole('alert')).textContent).toContain('The events could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await flush();
    expect(await screen.findByRole('listitem', { name: 'Loan disbursed · event 1f0e6a4c' })).toBeTruthy();
  });

  it('the filter asks the server for one state', async () => {
    const user = await open();
    await chooseOption(user, 'Show', 'Failed');
    await flush();
    expect(listWebhookEvents).toHaveBeenLastCalledWith('failed');
  });

  it('in Hindi', async () => {
    setLanguage('hi');
    signIn();
    renderRoutes('/webhooks');
    expect(await screen.findByRole('heading', { level: 1, name: 'वेबहुक डिलीवरी' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'इवेंट 1f0e6a4c फिर से भेजें' })).toBeTruthy();
    expect(screen.getByText('भेजे जाने की प्रतीक्षा में: अगला प्रयास 27-11-2026 11:30 AM')).toBeTruthy();
  });

  it('is the branch manager’s: an officer is sent home', async () => {
    signIn(officer);
    renderRoutes('/webhooks');
    await settleNavigation();
    await flush();
    expect(currentLocation().pathname).toBe('/');
    expect(listWebhookEvents).not.toHaveBeenCalled();
  });
});
