// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadTenantConfig } from '../../../src/app/tenant/load-tenant-config';
import { fetchTenantConfig } from '../../../src/app/api/tenant.api';
import { idleLockMs, lockApp } from '../../../src/app/session/app-lock.store';
import { setBranding } from '../../../src/app/tenant/tenant.store';
import { useIdleLock } from '../../../src/app/features/app-lock/use-idle-lock';

// The tenant's app lock idle time (issue 24 part 1): the tenant config the app fetches at start
// carries it, the device keeps it for an offline start, and the idle lock uses it (5 minutes
// without one).
vi.mock('../../../src/app/api/tenant.api');
vi.mock('../../../src/app/session/app-lock.store', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/app/session/app-lock.store')>()),
  lockApp: vi.fn(async () => {}),
}));

const MINUTE = 60_000;
const config = (extra: Record<string, unknown> = {}) => ({
  display_name: 'CatFin',
  theme_color: '#7c3aed',
  logo_url: '/tenants/catfin/logo.svg',
  ...extra,
});

describe("the tenant's app lock idle time", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(lockApp).mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is 5 minutes on a device that has no tenant config yet', () => {
    expect(idleLockMs()).toBe(5 * MINUTE);
  });

  it('comes from the tenant config fetched at start, and stays on the device for an offline start', async () => {
    vi.mocked(fetchTenantConfig).mockResolvedValue({ success: true, data: config({ app_lock_idle_minutes: 2 }) });
    await loadTenantConfig('catfin.localhost');
    expect(idleLockMs()).toBe(2 * MINUTE);
    expect(JSON.parse(localStorage.getItem('tenant_config')!)).toMatchObject({ display_name: 'CatFin', app_lock_idle_minutes: 2 });

    // Offline on the next start: the config cannot be fetched, the kept time stays.
    vi.mocked(fetchTenantConfig).mockRejectedValue(new Error('offline'));
    await loadTenantConfig('catfin.localhost');
    expect(idleLockMs()).toBe(2 * MINUTE);
  });

  it.each([[undefined], [0], [61], [2.5], ['3'], [null]])('falls back to 5 minutes for a config value of %s', (value) => {
    setBranding(config({ app_lock_idle_minutes: 2 }));
    setBranding(config(value === undefined ? {} : { app_lock_idle_minutes: value }));
    expect(idleLockMs()).toBe(5 * MINUTE);
  });

  it("locks after the tenant's idle time without a touch, not before; a touch starts it again", () => {
    vi.useFakeTimers();
    setBranding(config({ app_lock_idle_minutes: 2 }));
    renderHook(() => useIdleLock(true));
    vi.advanceTimersByTime(MINUTE + 45_000);
    expect(lockApp).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(MINUTE + 45_000);
    expect(lockApp).not.toHaveBeenCalled();
    vi.advanceTimersByTime(15_000);
    expect(lockApp).toHaveBeenCalledTimes(1);
  });

  it('uses a config that arrives after the lock started (the start fetches it in the background)', () => {
    vi.useFakeTimers();
    renderHook(() => useIdleLock(true));
    vi.advanceTimersByTime(MINUTE);
    setBranding(config({ app_lock_idle_minutes: 1 }));
    vi.advanceTimersByTime(15_000);
    expect(lockApp).toHaveBeenCalledTimes(1);
  });
});
