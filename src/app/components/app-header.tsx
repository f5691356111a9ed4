import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useT } from '../i18n/use-t';
import { useAppLockState } from '../session/app-lock.store';
import { useStaffSession } from '../session/use-session';
import { useBranding } from '../tenant/tenant.store';
import { HomeIcon, ProfileIcon } from './icons';

// Signed in and unlocked only, and lazy: the badge reads the device database, which neither /login
// nor the lock screen of a reload loads.
const SyncBadge = lazy(() => import('./sync-badge').then((m) => ({ default: m.SyncBadge })));

/**
 * Logo to /; a profile icon on / and a home icon elsewhere (signed in only: signed out, / is /login).
 * Its links and the sync badge lead to screens behind the app lock, so they wait for the unlock.
 */
export function AppHeader() {
  const { t } = useT();
  const { pathname } = useLocation();
  const branding = useBranding();
  const staff = useStaffSession();
  const lock = useAppLockState();
  const signedIn = staff && lock === 'unlocked';

  return (
    <header className="app-header">
      <Link to="/" className="app-header__logo" aria-label={t('shell.homeLink', { name: branding.display_name })}>
        <img src={branding.logo_url} alt="" height={36} />
      </Link>
      {signedIn && (
        <nav aria-label={branding.display_name} className="app-header__nav">
          <Suspense fallback={null}>
            <SyncBadge />
          </Suspense>
          {pathname === '/' ? (
            <Link to="/profile" className="icon-link" aria-label={t('shell.profile')}>
              <ProfileIcon />
            </Link>
          ) : (
            <Link to="/" className="icon-link" aria-label={t('shell.home')}>
              <HomeIcon />
            </Link>
          )}
        </nav>
      )}
    </header>
  );
}
