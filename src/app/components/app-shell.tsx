import { Suspense, useRef } from 'react';
import { Outlet } from 'react-router-dom';
import { useT } from '../i18n/use-t';
import { AppHeader } from './app-header';
import { AppToaster } from './app-toaster';
import { LoadingOverlay } from './loading-overlay';
import { useLoading } from './loading.store';

/** Header, content and the global overlay. At ≥1024 px the CSS puts it in a decorative card. */
export function AppShell() {
  const { t } = useT();
  const loading = useLoading();
  const mainRef = useRef<HTMLElement>(null);

  return (
    <div className="app-frame">
      <div className="app-card" inert={loading} aria-busy={loading}>
        {/* A button, not an anchor: a `#main` href would change the hash route. */}
        <button type="button" className="skip-link" onClick={() => mainRef.current?.focus()}>
          {t('shell.skipToContent')}
        </button>
        <AppHeader />
        <main id="main" ref={mainRef} tabIndex={-1} className="app-main">
          <Suspense fallback={<p className="route-loading">{t('common.loading')}</p>}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <LoadingOverlay />
      <AppToaster />
    </div>
  );
}
