import { Link } from 'react-router-dom';
import { isReviewerDesignation, policyAllows } from '../../../domain';
import { useFeatureT } from '../../i18n/feature-text';
import { caseViewText } from './case-view.text';

const AFTER_SIGNING = ['DISBURSAL_READY', 'DISBURSED', 'CANCELLED'];

/** Which way into the payout screen a reviewer has, by the access policy: the maker's, the checker's, the exit, or to read it. */
function payoutActionOf(designation: string | null | undefined, status: string) {
  if (policyAllows(designation, status, 'disburse')) return 'case.payout.disburse' as const;
  if (policyAllows(designation, status, 'approve-disbursement')) return 'case.payout.approve' as const;
  if (policyAllows(designation, status, 'cooling-off-exit')) return 'case.payout.coolingOff' as const;
  return 'case.payout.view' as const;
}

/** The way from the case file to the payout (issue 34), for the reviewers, once the loan is ready to be paid out. */
export function CasePayoutLink({
  designation,
  status,
  serverId,
}: {
  designation: string | null | undefined;
  status: string;
  serverId: string;
}) {
  const { t } = useFeatureT(caseViewText);
  if (!isReviewerDesignation(designation) || !AFTER_SIGNING.includes(status)) return null;
  return (
    <section className="case-section" aria-labelledby="case-payout-title">
      <h2 id="case-payout-title">{t('case.payout.title')}</h2>
      <Link className="button button--primary" to={`/application/disbursement?id=${encodeURIComponent(serverId)}`}>
        {t(payoutActionOf(designation, status))}
      </Link>
    </section>
  );
}
