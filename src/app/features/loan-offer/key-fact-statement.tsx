import { memo, useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import type { KeyFactsView, ScheduleRowView } from '../../../domain';
import { textOf } from '../../i18n/feature-text';
import type { Language } from '../../i18n/language.store';
import { formatRupees, showDate } from './loan-offer-format';
import { loanOfferText, type LoanOfferKey } from './loan-offer.text';

type Props = {
  facts: KeyFactsView;
  borrower: string | undefined;
  trackerId: string | undefined;
  /** The app's language: the borrower's copy starts in it. */
  appLanguage: Language;
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
        formatRupees(row.emi),
        formatRupees(row.principal),
        formatRupees(row.interest),
        formatRupees(row.balance),
      ]),
    [schedule],
  );
  return (
    <tbody>
      {rows.slice(0, shown).map(([number, date, emi, principal, interest, balance]) => (
        <tr key={number}>
          <td>{number}</td>
          <td>{date}</td>
          <td>{emi}</td>
          <td>{principal}</td>
          <td>{interest}</td>
          <td>{balance}</td>
        </tr>
      ))}
    </tbody>
  );
});

export function KeyFactStatement({ facts, borrower, trackerId, appLanguage }: Props) {
  const id = useId();
  const [choice, setChoice] = useState<Language>(appLanguage);
  // The statement follows the choice in a background render (interruptible), the select at once.
  const lang = useDeferredValue(choice);
  const k = (key: LoanOfferKey, vars?: Record<string, string | number>) => textOf(loanOfferText, key, vars, lang);
  const rows: [LoanOfferKey, string][] = [
    ['kfs.loanAmount', formatRupees(facts.loan_amount)],
    ['kfs.tenure', k('loanOffer.months', { n: facts.tenure_months })],
    ['kfs.rate', `${facts.interest_rate.toFixed(2)}%`],
    ['kfs.emi', formatRupees(facts.emi)],
    ['kfs.instalments', String(facts.schedule.length)],
    ['kfs.processingFee', formatRupees(facts.processing_fee)],
    ['kfs.gst', formatRupees(facts.gst_on_processing_fee)],
    ['kfs.insurance', formatRupees(facts.insurance_fee)],
    ['kfs.upfront', formatRupees(facts.total_upfront_charges)],
    ['kfs.net', formatRupees(facts.net_disbursed_amount)],
    ['kfs.apr', `${facts.apr_percent.toFixed(2)}%`],
    ['kfs.totalInterest', formatRupees(facts.total_interest)],
    ['kfs.totalPayable', formatRupees(facts.total_payable)],
    ['kfs.disbursementDate', showDate(facts.disbursement_date)],
    ['kfs.firstEmi', showDate(facts.emi_start_date)],
  ];
  const { contingent_charges: charges, grievance_officer: officer } = facts.disclosures;
  const gst = Math.round(charges.gst_rate * 10000) / 100;
  const plusGst = (rupees: number) => (rupees > 0 ? k('kfs.plusGst', { amount: formatRupees(rupees), gst }) : k('kfs.nil'));
  const disclosures: [LoanOfferKey, string][] = [
    ['kfs.penal', plusGst(charges.penal_charge_per_instalment)],
    ['kfs.bounce', plusGst(charges.bounce_charge)],
    [
      'kfs.foreclosure',
      charges.foreclosure_charge_rate > 0 ? `${(charges.foreclosure_charge_rate * 100).toFixed(2)}% + GST ${gst}%` : k('kfs.nil'),
    ],
    ['kfs.insurer', facts.disclosures.insurer_name],
    ['kfs.grievance', `${officer.name}, ${officer.phone}, ${officer.email}`],
    ['kfs.coolingOff', k('kfs.coolingOffValue', { n: facts.disclosures.cooling_off_days })],
  ];
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
      </div>
      <h2 id={`${id}-title`}>{k('kfs.title')}</h2>
      {(borrower || trackerId) && (
        <p className="kfs__who">
          {borrower && (
            <span>
              {k('kfs.borrower')}: <strong>{borrower}</strong>
            </span>
          )}
          {trackerId && (
            <span>
              {k('kfs.trackerId')}: <strong>{trackerId}</strong>
            </span>
          )}
        </p>
      )}
      <dl className="kfs__facts">
        {rows.map(([key, value]) => (
          <div key={key} className="kfs__fact" data-fact={key}>
            <dt>{k(key)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3>{k('kfs.contingent')}</h3>
      <dl className="kfs__facts">
        {disclosures.map(([key, value]) => (
          <div key={key} className="kfs__fact" data-fact={key}>
            <dt>{k(key)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3>{k('kfs.schedule')}</h3>
      <div className="kfs__table-wrap">
        <table className="kfs__schedule">
          <thead>
            <tr>
              <th scope="col">{k('kfs.no')}</th>
              <th scope="col">{k('kfs.date')}</th>
              <th scope="col">{k('kfs.instalment')}</th>
              <th scope="col">{k('kfs.principal')}</th>
              <th scope="col">{k('kfs.interest')}</th>
              <th scope="col">{k('kfs.balance')}</th>
            </tr>
          </thead>
          <ScheduleBody schedule={facts.schedule} />
        </table>
      </div>
      <p className="kfs__note muted">{k('kfs.note')}</p>
    </section>
  );
}
