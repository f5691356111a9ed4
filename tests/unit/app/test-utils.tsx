import { act, cleanup, findByRole, getByLabelText, render } from '@testing-library/react';
import toast from 'react-hot-toast';
import { MemoryRouter, parsePath, useLocation, useNavigationType } from 'react-router-dom';
import { vi } from 'vitest';
import type { Profile } from '../../../src/domain';
import { EMPTY_PROFILE } from '../../../src/domain';
import { setLanguage } from '../../../src/app/i18n/language.store';
import { AppContent } from '../../../src/app/app';
import { assumeUnlocked } from '../../../src/app/session/app-lock.store';
import { removeToken, resetProfile } from '../../../src/app/session/session.storage';

/** Fresh device state: empty storage, no profile, English, no toasts, online. */
export function resetDevice(): void {
  removeToken(); // and the session held in memory after an unlock
  resetProfile();
  localStorage.clear();
  setLanguage('en');
  localStorage.clear();
  toast.remove();
  setOnline(true);
  // Screens are tested behind the app lock, unlocked (tests/unit/app/app-lock.test.tsx tests the lock).
  assumeUnlocked();
}

export function teardown(): void {
  cleanup();
  toast.remove();
  vi.restoreAllMocks();
  vi.useRealTimers();
  delete (globalThis as { jest?: unknown }).jest;
}

/**
 * Fake timers that Testing Library knows about: its asyncWrapper (used by user-event) waits
 * on a setTimeout(0) and only advances it itself when it sees a `jest` global. `toFake` limits
 * them (timeouts only: the device database's IndexedDB keeps its real scheduling).
 */
export function useFakeClock(toFake?: ('setTimeout' | 'clearTimeout' | 'setInterval' | 'clearInterval' | 'Date')[], now?: number): void {
  vi.useFakeTimers({ ...(toFake ? { toFake } : {}), ...(now === undefined ? {} : { now }) });
  (globalThis as { jest?: unknown }).jest = { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) };
}

export function setOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** Shows the current path; `data-navigation` is PUSH, REPLACE or POP, `data-state` the state. */
export function LocationProbe() {
  const location = useLocation();
  const navigationType = useNavigationType();
  return (
    <output
      data-testid="location"
      data-navigation={navigationType}
      data-search={location.search}
      data-state={JSON.stringify(location.state ?? null)}
    >
      {location.pathname}
    </output>
  );
}

export function currentLocation() {
  const probe = document.querySelector('[data-testid="location"]');
  return {
    pathname: probe?.textContent ?? '',
    navigation: probe?.getAttribute('data-navigation') ?? '',
    search: probe?.getAttribute('data-search') ?? '',
    state: JSON.parse(probe?.getAttribute('data-state') ?? 'null') as unknown,
  };
}

/** The app (session bootstrap, guards, shell, screens) in a memory router at `path` (with the navigation's `state`, if given). */
export function renderRoutes(path: string, state?: unknown) {
  return render(
    <MemoryRouter initialEntries={[state === undefined ? path : { ...parsePath(path), state }]}>
      <AppContent />
      <LocationProbe />
    </MemoryRouter>,
  );
}

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    ...EMPTY_PROFILE,
    id: 7,
    first_name: 'Ravi',
    last_name: 'Kumar',
    email: 'ravi@example.com',
    mobile: '9000000001',
    role: 'MFI_EMPLOYEE',
    mfi_employee: 'RELATIONSHIP_OFFICER',
    ...overrides,
  };
}

/** Lets pending promise callbacks (mocked API answers) run inside act. */
export async function flush(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  });
}

/**
 * React Router 7 navigates inside a transition: the old screen stays until the lazy screen
 * of the new route has loaded. Wait for those imports, then let React commit.
 */
export async function settleNavigation(): Promise<void> {
  await flush();
  await vi.dynamicImportSettled();
  await flush();
}

/** Picks `option` in the app's SearchableDropdown labelled `label` (its button, then the option). */
export async function chooseOption(
  user: { click(element: Element): Promise<void> },
  label: string,
  option: string,
  within: HTMLElement = document.body,
): Promise<void> {
  await user.click(getByLabelText(within, label, { selector: 'button' }));
  await user.click(await findByRole(document.body, 'option', { name: option }));
}

/**
 * A server answer of which the test names only what the screen reads: the route table's answer
 * types are whole (every field of the application view), a mocked answer need not be.
 */
export const partOf = <T,>(data: Record<string, unknown>): T => data as T;
