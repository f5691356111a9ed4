import { Suspense, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useT } from '../i18n/use-t';
import { AppHeader } from './app-header';
import { AppToaster } from './app-toaster';
import { LoadingOverlay } from './loading-overlay';
import { useLoading } from './loading.store';
import { ScreenLoadBoundary } from './screen-load-boundary';

/** Header, content (its failure shown in place) and the global overlay. At ≥1024 px the CSS puts it in a decorative card. */
export function AppShell() {
  const { t } = useT();
  const loading = useLoading();
  const mainRef = useRef<HTMLElement>(null);
  const location = useLocation();

  return (
    <div className="app-frame">
      <div className="app-card" inert={loading} aria-busy={loading}>
        {/* A button, not an anchor: a `#main` href would change the hash route. */}
        <button type="button" className="skip-link" onClick={() => mainRef.current?.focus()}>
          {t('shell.skipToContent')}
        </button>
        <AppHeader />
        <main id="main" ref={mainRef} tabIndex={-1} className="app-main">
          {/* A screen that fails (or whose code cannot load offline) says so; navigating away clears it.
              A Suspense per path: a screen whose code is still loading (a slow network) is dropped
              with its own boundary when the user leaves, so the next screen never waits for it. */}
          <ScreenLoadBoundary resetKey={location.key}>
            <Suspense key={location.pathname} fallback={<p className="route-loading">{t('common.loading')}</p>}>
              <Outlet />
            </Suspense>
          </ScreenLoadBoundary>
        </main>
      </div>
      <LoadingOverlay />
      <AppToaster />
    </div>
  );
}
