// @vitest-environment jsdom
// A routed screen that cannot load (an online-only screen never opened on this phone, offline)
// or that throws shows what happened in the shell, with Retry and the way back, not a blank app.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from '../../../src/app/components/app-shell';
import { lazyScreen, ScreenLoadBoundary } from '../../../src/app/components/screen-load-boundary';
import { currentLocation, flush, LocationProbe, resetDevice, setOnline, teardown } from './test-utils';

/** What Chromium says when a chunk cannot be fetched (offline, not in any cache). */
const chunkFailure = () =>
  new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/loan-offer-screen-Bb46Decs.js');

const LoanOffer = () => <p>Loan offer screen</p>;
const loaded = { default: LoanOffer as ComponentType };

function Dashboard() {
  return (
    <>
      <p>Dashboard screen</p>
      <Link to="/offer">Open the offer</Link>
    </>
  );
}

function Crash(): ReactElement {
  throw new Error('Cannot read properties of undefined');
}

/** The real shell at `path`, with a dashboard at / and the given screen at /offer. */
function renderShell(path: string, offer: ReactElement) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<AppShell />}>
          <Route path="/" element={<Dashboard />} />
          <Route path="/offer" element={offer} />
        </Route>
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

const NEEDS_CONNECTION = 'This screen needs a connection';

describe('a routed screen that fails', () => {
  beforeEach(() => {
    resetDevice();
    // React reports the errors its boundaries catch on the console.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(teardown);

  it('whose code cannot load (a lazy import that rejects) says it needs a connection, with Retry and the dashboard, focused', async () => {
    const Broken = lazy(() => Promise.reject(chunkFailure()));
    renderShell('/offer', <Broken />);
    const alert = await screen.findByRole('alert', { name: NEEDS_CONNECTION });
    expect(alert.textContent).toContain('It has not been opened on this phone yet. Connect to the internet and try again.');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: NEEDS_CONNECTION }));
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe('/');
    // The shell around it stays: header and content, not a blank page.
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main').contains(alert)).toBe(true);
  });

  it('that throws while rendering (not a failed load) says something went wrong, with the same actions', async () => {
    renderShell('/offer', <Crash />);
    const alert = await screen.findByRole('alert', { name: 'Something went wrong!' });
    expect(alert.textContent).toContain('This screen could not be shown. Try again, or go back to the dashboard.');
    expect(screen.queryByText(NEEDS_CONNECTION)).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Something went wrong!' }));
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toBeTruthy();
  });

  it('Retry offline imports the screen again (React.lazy alone keeps the failure) and shows it once it loads', async () => {
    const load = vi.fn<() => Promise<typeof loaded>>().mockRejectedValueOnce(chunkFailure()).mockResolvedValue(loaded);
    const Offer = lazyScreen(load);
    renderShell('/offer', <Offer />);
    await screen.findByRole('alert', { name: NEEDS_CONNECTION });
    await flush();
    // No import loop: one failed import, until someone asks again.
    expect(load).toHaveBeenCalledTimes(1);

    setOnline(false);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Loan offer screen')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('Retry offline while the screen still cannot load says so again', async () => {
    const load = vi.fn<() => Promise<typeof loaded>>().mockRejectedValue(chunkFailure());
    const Offer = lazyScreen(load);
    renderShell('/offer', <Offer />);
    await screen.findByRole('alert', { name: NEEDS_CONNECTION });
    setOnline(false);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('alert', { name: NEEDS_CONNECTION })).toBeTruthy();
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('Retry online reloads the page (the network is back, or a newer build renamed the chunks)', async () => {
    const reload = vi.fn();
    const Broken = lazy(() => Promise.reject(chunkFailure()));
    render(
      <MemoryRouter>
        {/* As in the shell: the screen's Suspense inside the boundary. */}
        <ScreenLoadBoundary resetKey="one" reload={reload}>
          <Suspense fallback={null}>
            <Broken />
          </Suspense>
        </ScreenLoadBoundary>
      </MemoryRouter>,
    );
    await screen.findByRole('alert', { name: NEEDS_CONNECTION });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('navigating away clears the failure, and opening the screen again imports it again', async () => {
    const load = vi.fn<() => Promise<typeof loaded>>().mockRejectedValueOnce(chunkFailure()).mockResolvedValue(loaded);
    const Offer = lazyScreen(load);
    renderShell('/offer', <Offer />);
    await screen.findByRole('alert', { name: NEEDS_CONNECTION });
    const user = userEvent.setup();

    await user.click(screen.getByRole('link', { name: 'Back to the dashboard' }));
    expect(await screen.findByText('Dashboard screen')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(currentLocation().pathname).toBe('/');

    await user.click(screen.getByRole('link', { name: 'Open the offer' }));
    expect(await screen.findByText('Loan offer screen')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('leaving a screen whose code is still loading (a slow network) shows the next screen without waiting for it', async () => {
    const Slow = lazyScreen(() => new Promise<typeof loaded>(() => {}));
    renderShell('/offer', <Slow />);
    await screen.findByText('Loading...');
    // The header's logo link goes home.
    await userEvent.setup().click(screen.getByRole('link', { name: / home$/ }));
    expect(await screen.findByText('Dashboard screen')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });
});
