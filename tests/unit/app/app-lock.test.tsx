// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '../../../src/app/db/db';
import { hasPin } from '../../../src/app/db/device-vault';
import { saveDraft, loadDraft } from '../../../src/app/db/drafts.repository';
import { KV_KEYS, removeKv, writeKv } from '../../../src/app/db/kv.repository';
import { queueItems } from '../../../src/app/db/outbox.repository';
import { TEST_OUTBOX_KEY } from '../sync/outbox-fixtures';
import { lockApp, resetAppLock } from '../../../src/app/session/app-lock.store';
import { getToken } from '../../../src/app/session/session.storage';
import { currentLocation, renderRoutes, resetDevice, settleNavigation, teardown } from './test-utils';
import { signInOfficer } from './signed-in';

vi.mock('../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../src/app/api/user.api');
vi.mock('../../../src/app/api/auth.api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/app/api/auth.api')>()),
  logoutSession: vi.fn(async () => ({ success: true, data: null })),
}));

const PIN = '482913';

async function signedInAt(path: string) {
  signInOfficer();
  renderRoutes(path);
}

// Each try derives the PIN key (PBKDF2 at the phone's work factor): slow on a loaded machine.
const PIN_CHECK = { timeout: 10_000 };
const dashboard = () => screen.findByRole('article', { name: 'Applications' }, { timeout: 10_000 });

async function setPinOnScreen(pin = PIN) {
  await screen.findByRole('heading', { name: 'Set a PIN for this phone' }, { timeout: 10_000 });
  await userEvent.type(screen.getByLabelText('6-digit PIN'), pin);
  await userEvent.type(screen.getByLabelText('Enter the PIN again'), pin);
  await userEvent.click(screen.getByRole('button', { name: 'Set PIN' }));
  await dashboard();
}

async function enterPin(pin: string) {
  const field = await screen.findByLabelText('6-digit PIN');
  await userEvent.clear(field);
  await userEvent.type(field, pin);
  await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
}

describe('app lock', () => {
  beforeEach(async () => {
    resetDevice();
    const db = getDb();
    db.vault.key = undefined;
    await db.delete();
    await db.open();
    db.vault.configured = false;
    resetAppLock();
  });
  afterEach(teardown);

  it('the first sign-in on a device sets a PIN (6 digits, typed twice) before any screen opens', async () => {
    await signedInAt('/');
    await screen.findByRole('heading', { name: 'Set a PIN for this phone' }, { timeout: 10_000 });
    expect(screen.queryByRole('article', { name: 'Applications' })).toBeNull();
    await userEvent.type(screen.getByLabelText('6-digit PIN'), '1234');
    await userEvent.type(screen.getByLabelText('Enter the PIN again'), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Set PIN' }));
    expect(screen.getByRole('alert').textContent).toBe('The PIN has 6 digits.');
    await userEvent.clear(screen.getByLabelText('6-digit PIN'));
    await userEvent.type(screen.getByLabelText('6-digit PIN'), PIN);
    await userEvent.clear(screen.getByLabelText('Enter the PIN again'));
    await userEvent.type(screen.getByLabelText('Enter the PIN again'), '482914');
    await userEvent.click(screen.getByRole('button', { name: 'Set PIN' }));
    expect(screen.getByRole('alert').textContent).toBe('The two PINs are not the same.');
    await userEvent.clear(screen.getByLabelText('Enter the PIN again'));
    await userEvent.type(screen.getByLabelText('Enter the PIN again'), PIN);
    await userEvent.click(screen.getByRole('button', { name: 'Set PIN' }));
    await dashboard();
    expect(await hasPin(getDb())).toBe(true);
  });

  it('locked, it says how many tries are left; the right PIN opens the screen again', async () => {
    await signedInAt('/');
    await setPinOnScreen();
    await saveDraft(getDb(), 'kyc', { pan: 'BDVPD4821K' }, 'app-1');
    await act(() => lockApp());
    expect(await screen.findByRole('heading', { name: 'Sahyog is locked' })).toBeTruthy();
    await enterPin('000000');
    expect((await screen.findByText('Wrong PIN. 4 tries left.', {}, PIN_CHECK)).getAttribute('data-testid')).toBe('pin-tries');
    await enterPin('111111');
    await screen.findByText('Wrong PIN. 3 tries left.', {}, PIN_CHECK);
    await enterPin(PIN);
    await dashboard();
    expect(await loadDraft(getDb(), 'kyc', 'app-1')).toEqual({ pan: 'BDVPD4821K' });
  });

  it('five wrong PINs sign out and delete what the PIN sealed', async () => {
    await signedInAt('/');
    await setPinOnScreen();
    await saveDraft(getDb(), 'kyc', { pan: 'BDVPD4821K' }, 'app-1');
    await act(() => lockApp());
    for (const tries of [4, 3, 2]) {
      await enterPin('000000');
      await screen.findByText(`Wrong PIN. ${tries} tries left.`, {}, PIN_CHECK);
    }
    await enterPin('000000');
    await screen.findByText('Wrong PIN. 1 try left: after one more wrong PIN you are signed out.', {}, PIN_CHECK);
    await enterPin('000000');
    await settleNavigation();
    await vi.waitFor(() => expect(currentLocation().pathname).toBe('/login'), { timeout: 10_000 });
    expect(getToken()).toBeNull();
    expect(await hasPin(getDb())).toBe(false);
    expect(await getDb().drafts.count()).toBe(0);
  });

  it('a forgotten PIN warns what is lost, then signs out and deletes it', async () => {
    await signedInAt('/');
    await setPinOnScreen();
    await saveDraft(getDb(), 'kyc', { pan: 'BDVPD4821K' }, 'app-1');
    await act(() => lockApp());
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot PIN?' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('will be deleted');
    await userEvent.click(screen.getByRole('button', { name: 'Delete and sign in again' }));
    await vi.waitFor(() => expect(currentLocation().pathname).toBe('/login'), { timeout: 10_000 });
    expect(await getDb().drafts.count()).toBe(0);
  });

  it("a forgotten PIN counts as lost only the items sealed with the PIN's key: those sealed for the server stay and are sent", async () => {
    await signedInAt('/');
    await setPinOnScreen();
    const item = (url: string) => [
      {
        label: 'KYC details',
        request: { kind: 'json' as const, base: 'main' as const, method: 'POST' as const, url, body: { pan: 'BDVPD4821K' } },
      },
    ];
    await removeKv(getDb(), KV_KEYS.outboxKey);
    await queueItems(getDb(), item('/v1/app/mfi/a/kyc')); // before the app had the server's key
    await writeKv(getDb(), KV_KEYS.outboxKey, TEST_OUTBOX_KEY);
    await queueItems(getDb(), [...item('/v1/app/mfi/b/kyc'), ...item('/v1/app/mfi/c/kyc')]);
    await act(() => lockApp());
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot PIN?' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Items waiting to be sent are sealed for the server');
    expect(dialog.textContent).toContain('1 item not yet sent will be lost.');
    await userEvent.click(screen.getByRole('button', { name: 'Delete and sign in again' }));
    await vi.waitFor(() => expect(currentLocation().pathname).toBe('/login'), { timeout: 10_000 });
    expect(await getDb().outbox.count()).toBe(2);
  });
});
