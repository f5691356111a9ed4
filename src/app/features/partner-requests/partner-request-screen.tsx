import { useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { PartnerRequestDetail } from '../../api/partner-requests.api';
import { useFeatureT } from '../../i18n/feature-text';
import { PartnerDocuments } from './partner-documents';
import { PartnerRequestActions } from './partner-request-actions';
import { statusLabel } from './partner-status';
import { RequireReviewer } from './require-reviewer';
import { usePartnerRequest } from './use-partner-requests';
import { partnersText, type PartnersKey } from './partner-requests.text';

/** /partners/:id: one registration, its documents and the review actions. */
export function PartnerRequestScreen() {
  return (
    <RequireReviewer>
      <PartnerRequestView />
    </RequireReviewer>
  );
}

const DETAILS: [keyof PartnerRequestDetail, PartnersKey][] = [
  ['mobile', 'profile.mobile'],
  ['email', 'profile.email'],
  ['business_name', 'partners.businessName'],
  ['gst_number', 'partners.gstNumber'],
  ['address', 'profile.address'],
  ['pincode', 'profile.pincode'],
  ['city', 'profile.city'],
  ['state', 'profile.state'],
  ['bank_name', 'profile.bankName'],
  ['account_number', 'profile.accountNumber'],
  ['ifsc', 'profile.ifsc'],
];

function PartnerRequestView() {
  const { t, tm } = useFeatureT(partnersText);
  const { id = '' } = useParams();
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  const { data: request, error, loading, reload, replace } = usePartnerRequest(id);
  const statusLine = useRef<HTMLParagraphElement>(null);
  const [changed, setChanged] = useState(0);

  // After an action its button may be gone: the focus goes to the new status.
  useLayoutEffect(() => {
    if (changed > 0) statusLine.current?.focus();
  }, [changed]);

  const updated = (next: PartnerRequestDetail) => {
    // The short-lived document URLs are kept when the answer leaves them out.
    replace({ ...request, ...next, documents: next.documents ?? request?.documents ?? [] });
    setChanged((n) => n + 1);
  };

  const back = (
    <Link to={{ pathname: '/partners', search: typeof from === 'string' && from ? `?${from}` : '' }} className="back-button">
      <span aria-hidden="true">←</span> {t('partners.backToList')}
    </Link>
  );

  if (!request) {
    return (
      <section className="partners" aria-busy={loading}>
        {back}
        {error ? (
          <>
            <p role="alert" className="form-error">
              {tm(error)}
            </p>
            <button type="button" className="button button--secondary" onClick={reload}>
              {t('partners.retry')}
            </button>
          </>
        ) : (
          <p className="route-loading">{t('common.loading')}</p>
        )}
      </section>
    );
  }

  return (
    <section className="partners" aria-labelledby="partner-title" aria-busy={loading}>
      {back}
      <h1 id="partner-title">{t('partners.detailTitle', { name: `${request.first_name} ${request.last_name}` })}</h1>
      <p ref={statusLine} tabIndex={-1} className="partner-status" aria-live="polite">
        <span className="status-badge" data-status={request.status}>
          {t('partners.status', { status: statusLabel(t, request.status) })}
        </span>
      </p>
      {request.reason && <p>{t('partners.reason', { reason: request.reason })}</p>}
      <PartnerRequestActions request={request} onUpdated={updated} onConflict={reload} />
      <section className="partner-section" aria-labelledby="partner-details-title">
        <h2 id="partner-details-title">{t('partners.details')}</h2>
        <dl className="partner-details">
          {DETAILS.map(([field, label]) => (
            <div key={field}>
              <dt>{t(label)}</dt>
              <dd>{String(request[field] ?? '') || '—'}</dd>
            </div>
          ))}
        </dl>
      </section>
      <PartnerDocuments documents={request.documents ?? []} />
    </section>
  );
}
