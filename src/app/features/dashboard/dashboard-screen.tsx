import { useEffect } from 'react';
import { loadInsightsScreen } from '../../insights-screen.loader';
import { Link, useNavigate } from 'react-router-dom';
import { CREATOR_DESIGNATION } from '../../../domain';
import { useOnline, isOnline } from '../../components/use-online';
import { useFeatureT } from '../../i18n/feature-text';
import { loadProfile } from '../../session/profile.service';
import { canReviewPartners, canViewInsights } from '../../session/roles';
import { clearAll } from '../../session/session.storage';
import { useProfile } from '../../session/use-session';
import { useApplicationCount } from './use-application-count';
import { dashboardText } from './dashboard.text';

/** / (spec 01 §2): the applications card, the creator's two actions, and a branch manager's partner requests. */
export function DashboardScreen() {
  const { t } = useFeatureT(dashboardText);
  const navigate = useNavigate();
  const profile = useProfile();
  const online = useOnline();
  const { count, stale } = useApplicationCount();

  useEffect(() => {
    clearAll(); // reset the application-flow state
    if (isOnline()) void loadProfile();
  }, []);

  const isCreator = profile.mfi_employee === CREATOR_DESIGNATION;
  const isReviewer = canReviewPartners(profile);
  const insights = canViewInsights(profile) && online;

  // The branch pipeline's file (lazily loaded, never precached) fetched while the manager is here,
  // so opening it waits only for its figures (issue 36: interactive within 2 s on a slow phone).
  useEffect(() => {
    if (!insights) return;
    const timer = setTimeout(() => void loadInsightsScreen().catch(() => undefined), 500);
    return () => clearTimeout(timer);
  }, [insights]);

  return (
    <section className="dashboard" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="visually-hidden">
        {t('dashboard.title')}
      </h1>
      <article className="card" aria-labelledby="applications-title">
        <h2 id="applications-title">{t('dashboard.applications')}</h2>
        <p className="card__count" aria-live="polite">
          {count ?? <span className="muted">{t('dashboard.countUnknown')}</span>}
        </p>
        {!online && stale && count !== null && <p className="muted">{t('dashboard.lastKnownCount')}</p>}
        {/* Spec 01: disabled at a count of 0; an unknown count (offline) still opens the phone's copy of the list. */}
        <button type="button" className="button button--primary" disabled={count === 0} onClick={() => navigate('/applications')}>
          {t('dashboard.view')}
        </button>
        <Link className="button button--secondary" to="/application/track">
          {t('dashboard.track')}
        </Link>
      </article>
      {isCreator && (
        <div className="dashboard__actions">
          <Link className="button button--primary" to="/application/mobile">
            {t('dashboard.createApplication')}
          </Link>
          <Link className="button button--secondary" to="/application/complete-application">
            {t('dashboard.completeApplication')}
          </Link>
        </div>
      )}
      {insights && (
        <div className="dashboard__actions">
          <Link className="button button--secondary" to="/insights">
            {t('dashboard.insights')}
          </Link>
        </div>
      )}
      {isReviewer && (
        <div className="dashboard__actions">
          <Link className="button button--secondary" to="/partners">
            {t('partners.link')}
          </Link>
        </div>
      )}
    </section>
  );
}
