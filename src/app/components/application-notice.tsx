import { Link } from 'react-router-dom';
import { useLocalApplication, useLocalRecords } from '../db/application-steps.hooks';
import type { LocalApplication, LocalRecord } from '../db/records';
import { codesInWords } from '../i18n/code-labels';
import { textOf, useFeatureT, type TextKey } from '../i18n/feature-text';
import { applicationNoticeText } from './application-notice.text';
import { isGuestSession } from '../session/session.storage';
import { isObject } from '../../domain/shared/is-object';

type NoticeKey = TextKey<typeof applicationNoticeText>;

export type ShownNotice = {
  kind: 'rejected' | 'deviation' | 'error';
  message: string;
  link?: { to: string; label: NoticeKey };
};

/** A co-applicant the bureau rejected and that has not been replaced yet. */
function isRejectedCoApplicant(record: LocalRecord): boolean {
  const view = record.server;
  if (!view || view.status === 'REPLACED') return false;
  const checks = isObject(view.approval_checks) ? view.approval_checks : {};
  return view.status === 'REJECTED' || checks.decision === 'REJECTED' || checks.rejected === true;
}

function hasOpenDeviation(server: Record<string, unknown> | undefined): boolean {
  if (!server) return false;
  const deviations = Array.isArray(server.deviations) ? server.deviations : [];
  return server.bureau_deviation_exists === true || deviations.some((d) => isObject(d) && d.status !== 'APPROVED');
}

/**
 * The application's notice while it still holds: an error only while an item needs attention,
 * a rejection only while the application (or a co-applicant not yet replaced) is rejected, a
 * deviation only while one is not approved. Pure, for the banner and its tests.
 */
export function noticeToShow(app: LocalApplication | undefined, coApplicants: readonly LocalRecord[]): ShownNotice | null {
  const notice = app?.notice;
  if (!app || !notice) return null;
  if (notice.kind === 'error') {
    return app.syncState === 'needs_attention'
      ? { kind: 'error', message: notice.message, link: { to: '/sync', label: 'notice.openSync' } }
      : null;
  }
  if (notice.kind === 'deviation') return hasOpenDeviation(app.server) ? { kind: 'deviation', message: notice.message } : null;
  const rejection = `/application/rejection?id=${app.serverId ?? ''}`;
  if (app.status === 'REJECTED')
    return { kind: 'rejected', message: notice.message, link: { to: rejection, label: 'notice.viewRejection' } };
  const rejected = coApplicants.filter(isRejectedCoApplicant).sort((a, b) => b.updatedAt - a.updatedAt)[0];
  if (!rejected) return null;
  const type = rejected.server?.type ?? rejected.values.type;
  const typeParam = typeof type === 'string' && type ? `&type=${encodeURIComponent(type)}` : '';
  return {
    kind: 'rejected',
    message: notice.message,
    link: { to: `${rejection}${typeParam}&co_applicant_id=${rejected.localId}`, label: 'notice.viewRejection' },
  };
}

/** A deviation's types in the words of the borrower applying herself; the staff read the types (codesInWords). */
const GUEST_DEVIATIONS: Readonly<Partial<Record<string, keyof typeof applicationNoticeText.en>>> = {
  BORROWER_NAME_MISMATCH_DEVIATION: 'notice.guest.BORROWER_NAME_MISMATCH_DEVIATION',
  CO_BORROWER_NAME_MISMATCH_DEVIATION: 'notice.guest.CO_BORROWER_NAME_MISMATCH_DEVIATION',
  GUARANTOR_NAME_MISMATCH_DEVIATION: 'notice.guest.GUARANTOR_NAME_MISMATCH_DEVIATION',
  BANK_NAME_MISMATCH_DEVIATION: 'notice.guest.BANK_NAME_MISMATCH_DEVIATION',
};

const DEVIATION_CODE = /\b[A-Z_]+_DEVIATION\b/g;

const TITLES: Record<ShownNotice['kind'], NoticeKey> = {
  rejected: 'notice.rejected',
  deviation: 'notice.deviation',
  error: 'notice.error',
};

/**
 * The server's answer that arrived after an offline submit (a rejection, a deviation, an error
 * needing attention), shown on the application's screens with where to act on it.
 */
export function ApplicationNotice({ applicationLocalId }: { applicationLocalId: string | undefined }) {
  const { t, tm, lang } = useFeatureT(applicationNoticeText);
  const app = useLocalApplication(applicationLocalId);
  const coApplicants = useLocalRecords(applicationLocalId, 'co_applicant');
  const shown = noticeToShow(app, coApplicants ?? []);
  if (!shown) return null;
  // The borrower applying herself is told what it means for her, not about a supervisor.
  const guestDeviation = shown.kind === 'deviation' && isGuestSession();
  const inGuestWords = (text: string) =>
    text.replace(DEVIATION_CODE, (code) => {
      const key = GUEST_DEVIATIONS[code];
      return key ? textOf(applicationNoticeText, key, undefined, lang) : code;
    });
  return (
    <div
      className={`application-notice application-notice--${shown.kind}`}
      role={shown.kind === 'deviation' ? 'status' : 'alert'}
      data-kind={shown.kind}
    >
      <p className="application-notice__title">{t(guestDeviation ? 'notice.deviationGuest' : TITLES[shown.kind])}</p>
      {shown.message && (
        <p className="application-notice__message">
          {/* A deviation's message is its types: each in words, in the page's language. */}
          {shown.kind === 'deviation'
            ? codesInWords(guestDeviation ? inGuestWords(shown.message) : shown.message, lang)
            : tm(shown.message)}
        </p>
      )}
      {shown.kind === 'deviation' && (
        <p className="application-notice__message">{t(guestDeviation ? 'notice.deviationGuestBody' : 'notice.deviationBody')}</p>
      )}
      {shown.link && (
        <Link to={shown.link.to} className="application-notice__link">
          {t(shown.link.label)}
        </Link>
      )}
    </div>
  );
}
