import { memo, useDeferredValue, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { kfsCashFlows, kfsLabels, kfsSections, type KeyFactsView, type LoanOffer, type ScheduleRowView } from '../../../domain';
import { useBranding } from '../../tenant/tenant.store';
import { textOf } from '../../i18n/feature-text';
import type { Language } from '../../i18n/language.store';
import { formatRupees, showDate } from './loan-offer-format';
import { loanOfferText, type LoanOfferKey } from './loan-offer.text';

type Props = {
  facts: KeyFactsView;
  borrower: string | undefined;
  trackerId: string | undefined;
  /** The app's language: the controls are in it. */
  appLanguage: Language;
  /** The statement's language (the borrower's choice, independent of the app's). */
  language: Language;
  onLanguage: (language: Language) => void;
  /** The statement's number, issue and validity. */
  statement: Pick<LoanOffer, 'kfs_number' | 'kfs_issued_at' | 'kfs_valid_until'>;
  /** The PDF download control (in the statement's language). */
  pdf?: ReactNode;
};

const LANGUAGES: readonly { value: Language; label: string }[] = [
  { value: 'en', label: 'English' },
  { value: 'hi', label: 'हिन्दी' },
];

/**
 * The Key Fact Statement (RBI digital lending rules; DECISIONS.md "Loan offer"): the figures the
 * server computed, in the borrower's language (its own choice, independent of the app's), as a
 * printable page (print CSS shows this section alone). The schedule is a plain table whose rows
 * are added a few per frame, so its style and layout never make one long task on a slow phone.
 */
const ROWS_PER_FRAME = 12;
const nextFrame = (run: () => void): (() => void) => {
  if (typeof requestAnimationFrame !== 'function') {
    const timer = setTimeout(run, 16);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(run);
  return () => cancelAnimationFrame(frame);
};

/** How many of `total` rows to show: ROWS_PER_FRAME more on each frame until all are shown. */
function useRowsShown(total: number): number {
  const [shown, setShown] = useState(() => Math.min(total, ROWS_PER_FRAME));
  useEffect(() => (shown < total ? nextFrame(() => setShown((n) => Math.min(total, n + ROWS_PER_FRAME))) : undefined), [shown, total]);
  return Math.min(shown, total);
}

/** The schedule's rows, formatted once per schedule: a change of language does not render them again. */
const ScheduleBody = memo(function ScheduleBody({ schedule }: { schedule: readonly ScheduleRowView[] }) {
  const shown = useRowsShown(schedule.length);
  const rows = useMemo(
    () =>
      schedule.map((row) => [
        row.number,
        showDate(row.date),
        formatRupees(row.opening_balance),
        formatRupees(row.emi),
        formatRupees(row.principal),
        formatRupees(row.interest),
        formatRupees(row.balance),
      ]),
    [schedule],
  );
  return (
    <tbody>
      {rows.slice(0, shown).map(([number, date, opening, emi, principal, interest, balance]) => (
        <tr key={number}>
          <td>{number}</td>
          <td>{date}</td>
          <td>{opening}</td>
          <td>{emi}</td>
          <td>{principal}</td>
          <td>{interest}</td>
          <td>{balance}</td>
        </tr>
      ))}
    </tbody>
  );
});

export function KeyFactStatement({
  facts,
  borrower,
  trackerId,
  appLanguage,
  language: choice,
  onLanguage: setChoice,
  statement,
  pdf,
}: Props) {
  const id = useId();
  // The statement follows the choice in a background render (interruptible), the select at once.
  const lang = useDeferredValue(choice);
  const k = (key: LoanOfferKey, vars?: Record<string, string | number>) => textOf(loanOfferText, key, vars, lang);
  const labels = kfsLabels(lang);
  const branding = useBranding();
  const sections = useMemo(
    () =>
      kfsSections(
        facts,
        {
          kfs_number: statement.kfs_number ?? null,
          issued_at: statement.kfs_issued_at ?? null,
          valid_until: statement.kfs_valid_until ?? null,
          borrower: borrower ?? null,
          tracker_id: trackerId ?? null,
          lender: branding.display_name,
        },
        lang,
      ),
    [facts, statement, borrower, trackerId, branding.display_name, lang],
  );
  const flows = useMemo(() => kfsCashFlows(facts), [facts]);
  return (
    <section className="kfs" aria-labelledby={`${id}-title`} lang={lang} data-testid="kfs">
      <div className="kfs__controls">
        <label htmlFor={`${id}-lang`}>{textOf(loanOfferText, 'kfs.language', undefined, appLanguage)}</label>
        <select id={`${id}-lang`} className="field-input kfs__lang" value={choice} onChange={(e) => setChoice(e.target.value as Language)}>
          {LANGUAGES.map((l) => (
            <option key={l.value} value={l.value}>
              {l.label}
            </option>
          ))}
        </select>
        <button type="button" className="button button--secondary" onClick={() => window.print()}>
          {textOf(loanOfferText, 'kfs.print', undefined, appLanguage)}
        </button>
        {pdf}
      </div>
      <h2 id={`${id}-title`}>{labels.title}</h2>
      {sections.map((section) => (
        <div key={section.key} className="kfs__section" data-section={section.key}>
          <h3>{section.title}</h3>
          <dl className="kfs__facts">
            {section.rows.map((row) => (
              <div key={row.key} className="kfs__fact" data-fact={row.key}>
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
          {section.key === 'contingent' && <p className="field-note">{labels.notInKfs}</p>}
        </div>
      ))}
      <h3>{labels.annexB}</h3>
      <p className="field-note">{labels.annexBNote}</p>
      <div className="kfs__table-wrap">
        <table className="kfs__schedule" data-testid="kfs-cash-flows">
          <thead>
            <tr>
              <th scope="col">{labels.no}</th>
              <th scope="col">{labels.date}</th>
              <th scope="col">{labels.days}</th>
              <th scope="col">{labels.flow}</th>
            </tr>
          </thead>
          <tbody>
            {flows.map((f) => (
              <tr key={f.number}>
                <td>{f.number === 0 ? 'CF₀' : f.number}</td>
                <td>{showDate(f.date)}</td>
                <td>{f.days}</td>
                <td>{formatRupees(f.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>{labels.annexC}</h3>
      <div className="kfs__table-wrap">
        <table className="kfs__schedule">
          <thead>
            <tr>
              <th scope="col">{labels.no}</th>
              <th scope="col">{labels.date}</th>
              <th scope="col">{labels.opening}</th>
              <th scope="col">{labels.instalment}</th>
              <th scope="col">{labels.principal}</th>
              <th scope="col">{labels.interest}</th>
              <th scope="col">{labels.balance}</th>
            </tr>
          </thead>
          <ScheduleBody schedule={facts.schedule} />
        </table>
      </div>
      <p className="kfs__note muted">{k('kfs.note')}</p>
    </section>
  );
}
