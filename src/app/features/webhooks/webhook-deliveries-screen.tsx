import { useState, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router-dom';
import type { WebhookState } from '../../../domain';
import { fetchWebhookEndpoint, listWebhookEvents, type WebhookEndpointView, type WebhookEventView } from '../../api/webhooks.api';
import { useLoaded } from '../../components/use-loaded';
import { SearchableDropdown } from '../../components/searchable-dropdown';
import { useFeatureT } from '../../i18n/feature-text';
import { canManageWebhooks } from '../../session/roles';
import { useProfile } from '../../session/use-session';
import { WebhookEventItem } from './webhook-event-item';
import { webhooksText } from './webhooks.text';
import './webhooks.css';

/** /webhooks: the branch manager's view of the loan events sent to the lender's loan-management system. */
export function WebhookDeliveriesScreen() {
  return (
    <RequireWebhookManager>
      <WebhookDeliveries />
    </RequireWebhookManager>
  );
}

function RequireWebhookManager({ children }: { children: ReactNode }) {
  const { t } = useFeatureT(webhooksText);
  const profile = useProfile();
  if (profile.id < 0) return <p className="route-loading">{t('common.loading')}</p>;
  if (!canManageWebhooks(profile)) return <Navigate to="/" replace />;
  return children;
}

const FILTERS = [
  ['', 'webhooks.filterAll'],
  ['pending', 'webhooks.filterPending'],
  ['delivered', 'webhooks.filterDelivered'],
  ['failed', 'webhooks.filterFailed'],
] as const;

function WebhookDeliveries() {
  const { t, tm } = useFeatureT(webhooksText);
  const [state, setState] = useState<WebhookState | ''>('');
  const endpoint = useLoaded<WebhookEndpointView>('endpoint', fetchWebhookEndpoint);
  const events = useLoaded<WebhookEventView[]>(state || 'all', () => listWebhookEvents(state || undefined));
  const [notice, setNotice] = useState('');
  const configured = endpoint.data?.configured ?? false;

  return (
    <section className="partners devices-screen webhooks-screen" aria-labelledby="webhooks-title" aria-busy={events.loading}>
      <Link to="/profile" className="back-button">
        <span aria-hidden="true">←</span> {t('webhooks.back')}
      </Link>
      <h1 id="webhooks-title">{t('webhooks.title')}</h1>
      <p className="muted">{t('webhooks.intro')}</p>
      {endpoint.data && (
        <p className={configured ? 'muted webhook-endpoint' : 'webhook-endpoint webhook-endpoint--missing'}>
          {configured ? t('webhooks.endpoint', { url: endpoint.data.url ?? '' }) : t('webhooks.noEndpoint')}
        </p>
      )}
      <div className="webhooks-screen__tools">
        <SearchableDropdown
          id="webhooks-filter"
          label={t('webhooks.filter')}
          value={state}
          options={FILTERS.map(([value, label]) => ({ value, label: t(label) }))}
          onChange={(value) => setState(value as WebhookState | '')}
        />
        <button type="button" className="button button--secondary" onClick={events.reload}>
          {t('webhooks.refresh')}
        </button>
      </div>
      <p role="status" className={notice ? 'device-result' : 'visually-hidden'}>
        {notice ? tm(notice) : ''}
      </p>
      {events.error ? (
        <div className="partners__error">
          <p role="alert" className="form-error">
            {t('webhooks.loadFailed')} {tm(events.error)}
          </p>
          <button type="button" className="button button--secondary" onClick={events.reload}>
            {t('webhooks.retry')}
          </button>
        </div>
      ) : !events.data ? (
        <p className="route-loading">{t('common.loading')}</p>
      ) : events.data.length === 0 ? (
        <p className="muted">{state ? t('webhooks.emptyFiltered') : t('webhooks.empty')}</p>
      ) : (
        <ul className="partner-list" aria-labelledby="webhooks-title">
          {events.data.map((event) => (
            <WebhookEventItem
              key={event.id}
              event={event}
              canRedeliver={configured}
              onRedelivered={(message) => {
                setNotice(message);
                events.reload();
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
