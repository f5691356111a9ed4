// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { deviceId } from '../../../src/app/session/device-id';
import { DEVICE_KEYS } from '../../../src/app/session/local-keys';
import { clearAll, removeToken, setToken } from '../../../src/app/session/session.storage';

describe('deviceId', () => {
  beforeEach(() => localStorage.clear());

  it('is made once per installation and outlives a logout and a clear-all', () => {
    const first = deviceId();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    setToken('t');
    removeToken();
    clearAll();
    expect(deviceId()).toBe(first);
  });

  it('replaces a stored value the server would refuse', () => {
    localStorage.setItem(DEVICE_KEYS.deviceId, 'not valid!');
    const made = deviceId();
    expect(made).toMatch(/^[0-9a-f]{32}$/);
    expect(localStorage.getItem(DEVICE_KEYS.deviceId)).toBe(made);
  });
});
