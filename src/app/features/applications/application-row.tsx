import { useState } from 'react';
import { Link } from 'react-router-dom';
import { isReviewerDesignation, LOAN_TYPE_LABELS, openPathOf, STAGES, type LoanType } from '../../../domain';
import type { ApplicationListItem } from '../../api/review.api';
import { formatDateTime } from '../../components/format-time';
import { useStatusWords } from '../../components/review/review.text';
import { useFeatureT } from '../../i18n/feature-text';
// The loan types in words (found by their English text).
import '../../i18n/option-values.text';
import { applicationsText } from './applications.text';

const RUPEES = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

const when = (at: string | null | undefined) => {
  const ms = Date.parse(at ?? '');
  return Number.isNaN(ms) ? (at ?? '') : formatDateTime(ms);
};

/** The stages an application of this loan type goes through (GUARANTOR only for an unsecured loan). */
export function stageProgress(stage: readonly string[], loanType: string | null): { done: number; total: number } {
  const all = STAGES.filter((s) => s !== 'GUARANTOR' || loanType === 'UNSECURED_BUSINESS_LOAN');
  return { done: all.filter((s) => stage.includes(s)).length, total: all.length };
}

/** Where Open goes: a reviewer's one-page case view (issue 21), the officer's next step. */
const openPath = (item: ApplicationListItem, designation: string | null | undefined) =>
  isReviewerDesignation(designation)
    ? `/application/case?id=${encodeURIComponent(item.id)}`
    : openPathOf(designation, item.status, item.stage ?? [], item.id);

/** One application, expandable: its details and Open (to the step for the caller's role and its status). */
export function ApplicationRow({ item, designation }: { item: ApplicationListItem; designation: string | null | undefined }) {
  const { t, tm } = useFeatureT(applicationsText);
  const words = useStatusWords();
  const name = item.name?.trim() || t('applications.noName');
  const progress = stageProgress(item.stage ?? [], item.loan_type);
  const loanType = item.loan_type ? tm(LOAN_TYPE_LABELS[item.loan_type as LoanType] ?? item.loan_type.replaceAll('_', ' ')) : '';
  const amount = typeof item.amount_requested === 'number' ? RUPEES.format(item.amount_requested) : '';
  const shown = item.status === 'PD1_REVIEW' && item.resubmitted === true ? 'RESUBMITTED' : item.status;
  const status = words(shown);
  const [open, setOpen] = useState(false);
  return (
    <li>
      <details className="applications-row" onToggle={(event) => setOpen(event.currentTarget.open)}>
        {/* The chevron is the cue that a row opens (issue 21 D19); aria-expanded says whether it is. */}
        <summary aria-expanded={open}>
          <span className="applications-row__name">{name}</span>
          <span className="status-badge" data-status={shown}>
            {status}
          </span>
          <span className="applications-row__chevron" aria-hidden="true">
            ▾
          </span>
          <span className="applications-row__sub">
            {[item.tracker_id ?? t('applications.noTracker'), item.phone].filter(Boolean).join(' · ')}
          </span>
        </summary>
        <div className="applications-row__body">
          <dl className="applications-row__details">
            <dt>{t('applications.trackerId')}</dt>
            <dd>{item.tracker_id ?? t('applications.noTracker')}</dd>
            <dt>{t('applications.name')}</dt>
            <dd>{name}</dd>
            <dt>{t('applications.mobile')}</dt>
            <dd>{item.phone ?? ''}</dd>
            <dt>{t('applications.status')}</dt>
            <dd>{status}</dd>
            <dt>{t('applications.progress')}</dt>
            <dd>
              <progress className="stage-progress" value={progress.done} max={progress.total} aria-label={t('applications.progress')} />
              <span>{t('applications.progressValue', progress)}</span>
            </dd>
            <dt>{t('applications.loan')}</dt>
            <dd>{[loanType, amount].filter(Boolean).join(' · ')}</dd>
            <dt>{t('applications.createdAt')}</dt>
            <dd>{when(item.created_at)}</dd>
            <dt>{t('applications.updatedAt')}</dt>
            <dd>{when(item.updated_at)}</dd>
            {item.created_by_name && (
              <>
                <dt>{t('applications.createdBy')}</dt>
                <dd>{item.created_by_name}</dd>
              </>
            )}
          </dl>
          <Link className="button button--primary" to={openPath(item, designation)} aria-label={t('applications.openNamed', { name })}>
            {t('applications.open')}
          </Link>
        </div>
      </details>
    </li>
  );
}
