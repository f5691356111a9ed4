// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wipeDeviceAfterSending } from '../../../src/app/db/device-vault.actions';
import { getAppLockState, wipeAppData } from '../../../src/app/session/app-lock.store';
import { getDeviceWipe, setDeviceWipe } from '../../../src/app/session/device-wipe.store';

// The page's side of a remote wipe (issue 31 W1, W2): one wipe at a time, with the revoked token,
// and what the login screen is told meanwhile and after.
vi.mock('../../../src/app/db/device-vault.actions', () => ({ wipeDeviceAfterSending: vi.fn(), readLockState: vi.fn() }));

afterEach(() => {
  setDeviceWipe(null);
  vi.mocked(wipeDeviceAfterSending).mockReset();
});

describe('wipeAppData', () => {
  it('sends with the revoked token and its owner, says "sending" meanwhile and the counts after; a second signal meanwhile is the same wipe', async () => {
    let finish: (outcome: { sent: number; unsent: number }) => void = () => {};
    vi.mocked(wipeDeviceAfterSending).mockReturnValueOnce(new Promise((resolve) => (finish = resolve)));
    const first = wipeAppData('tok-revoked', '7');
    const second = wipeAppData(null, undefined);
    await vi.waitFor(() => expect(wipeDeviceAfterSending).toHaveBeenCalledTimes(1));
    expect(wipeDeviceAfterSending).toHaveBeenCalledWith('tok-revoked', '7');
    expect(getDeviceWipe()).toEqual({ phase: 'sending' });
    finish({ sent: 3, unsent: 2 });
    await Promise.all([first, second]);
    expect(wipeDeviceAfterSending).toHaveBeenCalledTimes(1);
    expect(getDeviceWipe()).toEqual({ phase: 'done', sent: 3, unsent: 2 });
    expect(getAppLockState()).toBe('no-pin');
  });

  it('a wipe heard again after one finished (nothing left to send) keeps the counts shown', async () => {
    vi.mocked(wipeDeviceAfterSending).mockResolvedValueOnce({ sent: 3, unsent: 2 }).mockResolvedValueOnce({ sent: 0, unsent: 0 });
    await wipeAppData('tok-revoked', '7');
    await wipeAppData(null, '7');
    expect(wipeDeviceAfterSending).toHaveBeenCalledTimes(2);
    expect(getDeviceWipe()).toEqual({ phase: 'done', sent: 3, unsent: 2 });
  });
});
