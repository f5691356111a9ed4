import { formatInstantDate, toDisplayDate } from '../shared/dates';
import { documentText, type DocumentCatalogue } from '../messages/document-text';
import en from '../messages/documents/en.json';
import type { KfsLanguage } from './kfs-consent';
import type { KeyFactsView } from './loan-offer.schema';

/**
 * The Key Fact Statement in the RBI format (circular RBI/2024-25/18, Annex A Parts 1 and 2, Annex B,
 * Annex C; DECISIONS.md "Key Fact Statement and the borrower's consent") as data: its sections,
 * each a list of labelled values, in any of the six languages (src/domain/messages/documents). The
 * printable page and the server's PDF both render these, so the two say the same.
 */

export type KfsMeta = {
  kfs_number: string | null;
  issued_at: string | null;
  valid_until: string | null;
  borrower: string | null;
  tracker_id: string | null;
  lender: string;
};

export type KfsRow = { key: string; label: string; value: string };
export type KfsSection = { key: string; title: string; rows: KfsRow[] };

type KfsKey = keyof DocumentCatalogue['kfs'];
type Formatted = 'oneTime' | 'noGst' | 'plusGst' | 'coolingOff' | 'months';

/** The statement's labels in a language (src/domain/messages/documents/<language>.json), the varying ones as functions. */
function labelsOf(lang: KfsLanguage) {
  const t = (key: KfsKey, values?: Record<string, string | number>) => documentText(lang, 'kfs', key, values);
  const plain = Object.fromEntries(
    Object.entries(en.kfs)
      .filter(([, message]) => !message.includes('{'))
      .map(([key]) => [key, t(key as KfsKey)]),
  ) as Record<Exclude<KfsKey, Formatted>, string>;
  return {
    ...plain,
    oneTime: (amount: string) => t('oneTime', { amount }),
    noGst: (amount: string) => t('noGst', { amount }),
    plusGst: (amount: string, gst: number) => t('plusGst', { amount, gst }),
    coolingOff: (n: number) => t('coolingOff', { n }),
    months: (n: number) => t('months', { n }),
  };
}

const labels = new Map<KfsLanguage, ReturnType<typeof labelsOf>>();

export function kfsLabels(lang: KfsLanguage): ReturnType<typeof labelsOf> {
  let out = labels.get(lang);
  if (!out) labels.set(lang, (out = labelsOf(lang)));
  return out;
}

const RUPEES = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** ₹1,00,000.00 (spec 02 §9). */
export const rupeesText = (amount: number) => RUPEES.format(amount);
const dateText = (iso: string | null) => toDisplayDate(iso) ?? '—';

/** The statement's header, Part 1 (with the contingent charges) and Part 2, in a language. */
export function kfsSections(facts: KeyFactsView, meta: KfsMeta, lang: KfsLanguage): KfsSection[] {
  const t = kfsLabels(lang);
  const row = (key: keyof typeof t & string, value: string): KfsRow => ({ key, label: String(t[key]), value });
  const { contingent_charges: charges, grievance_officer: officer } = facts.disclosures;
  const gst = Math.round(charges.gst_rate * 10000) / 100;
  const plusGst = (rupees: number) => (rupees > 0 ? t.plusGst(rupeesText(rupees), gst) : t.nil);
  const oneTime = (rupees: number) => (rupees > 0 ? t.oneTime(rupeesText(rupees)) : t.nil);
  // The first and last instalments differ from the EMI: the first pays interest for the actual
  // days from disbursement, the last absorbs rounding (DECISIONS.md "Loan offer").
  const first = facts.schedule[0];
  const last = facts.schedule.at(-1);
  return [
    {
      key: 'header',
      title: t.header,
      rows: [
        row('kfs.number', meta.kfs_number ?? '—'),
        row('kfs.issued', formatInstantDate(meta.issued_at) ?? '—'),
        row('kfs.validUntil', dateText(meta.valid_until)),
        row('kfs.lender', meta.lender),
        row('kfs.borrower', meta.borrower ?? '—'),
        row('kfs.trackerId', meta.tracker_id ?? '—'),
      ],
    },
    {
      key: 'part1',
      title: t.part1,
      rows: [
        row('kfs.loanType', t[facts.loan_type]),
        row('kfs.loanAmount', rupeesText(facts.loan_amount)),
        row('kfs.disbursal', t.upfront),
        row('kfs.tenure', t.months(facts.tenure_months)),
        row('kfs.instalments', String(facts.schedule.length)),
        row('kfs.emi', rupeesText(facts.emi)),
        row('kfs.firstInstalment', first ? rupeesText(first.emi) : '—'),
        row('kfs.lastInstalment', last ? rupeesText(last.emi) : '—'),
        row('kfs.rate', `${facts.interest_rate.toFixed(2)}%`),
        row('kfs.rateType', t.fixed),
        row('kfs.floating', t.notFloating),
        row('kfs.totalInterest', rupeesText(facts.total_interest)),
        row('kfs.processingFee', oneTime(facts.processing_fee)),
        row('kfs.gst', oneTime(facts.gst_on_processing_fee)),
        row('kfs.valuationFee', t.nil),
        row('kfs.insurance', oneTime(facts.insurance_fee)),
        row('kfs.insurer', facts.disclosures.insurer_name),
        row('kfs.otherFees', t.nil),
        row('kfs.recurringFees', t.nil),
        row('kfs.upfront', rupeesText(facts.total_upfront_charges)),
        row('kfs.net', rupeesText(facts.net_disbursed_amount)),
        row('kfs.totalPayable', rupeesText(facts.total_payable)),
        row('kfs.apr', `${facts.apr_percent.toFixed(2)}%`),
        row('kfs.disbursementDate', dateText(facts.disbursement_date)),
        row('kfs.firstEmi', dateText(facts.emi_start_date)),
      ],
    },
    {
      key: 'contingent',
      title: t.contingent,
      rows: [
        // No GST on a penal charge levied under RBI's directions on penal charges (CBIC Circular
        // No. 245/02/2025-GST: not a consideration for a supply; docs/decisions-made.md "No GST on the penal charge").
        row('kfs.penal', charges.penal_charge_per_instalment > 0 ? t.noGst(rupeesText(charges.penal_charge_per_instalment)) : t.nil),
        row('kfs.otherPenal', t.nil),
        row('kfs.bounce', plusGst(charges.bounce_charge)),
        row(
          'kfs.foreclosure',
          charges.foreclosure_charge_rate > 0 ? `${(charges.foreclosure_charge_rate * 100).toFixed(2)}% + GST ${gst}%` : t.nil,
        ),
        row('kfs.switching', t.notFloating),
      ],
    },
    {
      key: 'part2',
      title: t.part2,
      rows: [
        row('kfs.recovery', t.recovery),
        row('kfs.recoveryClause', t.recoveryClause),
        row('kfs.grievance', `${officer.name}, ${officer.phone}, ${officer.email}. ${t.grievanceHow}`),
        row('kfs.transfer', t.transfer),
        row('kfs.coLending', t.coLending),
        row('kfs.coolingOff', t.coolingOff(facts.disclosures.cooling_off_days)),
        row('kfs.lspRecovery', t.lspRecovery),
      ],
    },
  ];
}

/** Annex B: the APR's cash flows, CF₀ the net amount received on the disbursement date, then each instalment paid. */
export function kfsCashFlows(facts: KeyFactsView): { number: number; date: string; days: number; amount: number }[] {
  return [
    { number: 0, date: facts.disbursement_date, days: 0, amount: facts.net_disbursed_amount },
    ...facts.schedule.map((r) => ({ number: r.number, date: r.date, days: r.days, amount: -r.emi })),
  ];
}
