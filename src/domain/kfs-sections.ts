import { formatInstantDate, toDisplayDate } from './dates';
import type { KfsLanguage } from './kfs-consent';
import type { KeyFactsView } from './loan-offer.schema';

/**
 * The Key Fact Statement in the RBI format (circular RBI/2024-25/18, Annex A Parts 1 and 2, Annex B,
 * Annex C; DECISIONS.md "Key Fact Statement and the borrower's consent") as data: its sections,
 * each a list of labelled values, in English or Hindi. The printable page and the server's PDF
 * both render these, so the two say the same.
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

const L = {
  en: {
    title: 'Key Fact Statement',
    header: 'Statement',
    'kfs.number': 'Statement number',
    'kfs.issued': 'Date of issue',
    'kfs.validUntil': 'Valid until (3 working days)',
    'kfs.lender': 'Lender',
    'kfs.borrower': 'Borrower',
    'kfs.trackerId': 'Loan id',
    part1: 'Part 1 – Interest rate and fees/charges',
    'kfs.loanType': 'Type of loan',
    MFI_BUSINESS_LOAN: 'MFI Business Loan',
    UNSECURED_BUSINESS_LOAN: 'Unsecured Business Loan',
    'kfs.loanAmount': 'Loan amount',
    'kfs.disbursal': 'Disbursal schedule',
    upfront: '100% upfront: the whole amount on the disbursement date',
    'kfs.tenure': 'Tenure',
    'kfs.instalments': 'Number of instalments (monthly)',
    'kfs.emi': 'Instalment amount (EMI)',
    'kfs.firstInstalment': 'First instalment (interest for the actual days from disbursement)',
    'kfs.lastInstalment': 'Last instalment (absorbs rounding)',
    'kfs.rate': 'Interest rate (p.a., reducing balance)',
    'kfs.rateType': 'Rate type',
    fixed: 'Fixed for the whole tenure',
    'kfs.floating': 'Floating rate: reference benchmark, spread, reset periodicity, impact of a change in the benchmark',
    notFloating: 'Not applicable: the rate is fixed',
    'kfs.totalInterest': 'Total interest',
    'kfs.processingFee': 'Payable to the lender: processing fee',
    'kfs.gst': 'Payable to the lender: GST on the processing fee',
    'kfs.valuationFee': 'Payable to the lender: valuation fee',
    'kfs.insurance': 'Payable to third parties: insurance',
    'kfs.insurer': 'Insurer (third party)',
    'kfs.otherFees': 'Any other fee (to the lender or third parties)',
    'kfs.recurringFees': 'Recurring fees and charges',
    oneTime: (amount: string) => `${amount} (one-time)`,
    'kfs.upfront': 'Total upfront charges',
    'kfs.net': 'Net disbursed amount',
    'kfs.totalPayable': 'Total amount payable (principal + interest)',
    'kfs.apr': 'Annual percentage rate (APR)',
    'kfs.disbursementDate': 'Disbursement date',
    'kfs.firstEmi': 'First EMI date',
    contingent: 'Contingent charges',
    'kfs.penal': 'Penal charge per overdue instalment (not compounded, not added to the rate)',
    noGst: (amount: string) => `${amount} (no GST)`,
    'kfs.otherPenal': 'Other penal charges',
    'kfs.bounce': 'NACH or cheque bounce charge',
    'kfs.foreclosure': 'Foreclosure charge',
    'kfs.switching': 'Switching from a floating to a fixed rate, or back',
    nil: 'Nil',
    plusGst: (amount: string, gst: number) => `${amount} + GST ${gst}%`,
    notInKfs: 'A charge not in this statement will not be levied.',
    part2: 'Part 2 – Other qualitative information',
    'kfs.recovery': 'Recovery agents',
    recovery:
      'The lender may engage recovery agents for overdue instalments. They carry an identity card and an authorisation letter, call only between 8 am and 7 pm, and never harass or intimidate. The lender informs the borrower before an agent is engaged.',
    'kfs.recoveryClause': 'Clause of the loan agreement on recovery agents',
    recoveryClause: 'The clause "Recovery agents" of the loan agreement (the text above).',
    'kfs.grievance': 'Grievance redressal: nodal grievance officer',
    grievanceHow: 'If a complaint is not resolved within 30 days, the borrower may approach the RBI Ombudsman (cms.rbi.org.in).',
    'kfs.transfer': 'Transfer or securitisation',
    transfer:
      'The loan may be transferred to another regulated entity or securitised; the borrower is informed, and the terms do not change.',
    'kfs.coLending': 'Co-lending',
    coLending: 'None: the loan is made by the lender alone.',
    'kfs.coolingOff': 'Cooling-off (look-up) period',
    coolingOff: (n: number) =>
      `${n} days from disbursement: the borrower may exit by repaying the principal and the proportionate APR, with no penalty.`,
    'kfs.lspRecovery': 'Lending service provider acting as recovery agent',
    lspRecovery: 'None: no lending service provider acts as a recovery agent or approaches the borrower to recover.',
    annexB: 'Annex B – APR: the cash flows',
    annexBNote:
      'APR = 12 × i, where i solves Σ CFₖ·(1 + i)^(−tₖ) = 0, tₖ = days from disbursement × 12 / 365; CF₀ is the net disbursed amount received, each instalment is paid on its due date.',
    annexC: 'Annex C – Repayment schedule',
    no: 'No.',
    date: 'Due date',
    days: 'Days',
    flow: 'Cash flow',
    opening: 'Opening balance',
    principal: 'Principal',
    interest: 'Interest',
    instalment: 'Instalment',
    balance: 'Closing balance',
    months: (n: number) => `${n} months`,
  },
  hi: {
    title: 'मुख्य तथ्य विवरण',
    header: 'विवरण',
    'kfs.number': 'विवरण संख्या',
    'kfs.issued': 'जारी करने की तिथि',
    'kfs.validUntil': 'मान्य तिथि तक (3 कार्य दिवस)',
    'kfs.lender': 'ऋणदाता',
    'kfs.borrower': 'उधारकर्ता',
    'kfs.trackerId': 'ऋण ID',
    part1: 'भाग 1 – ब्याज दर और शुल्क',
    'kfs.loanType': 'ऋण का प्रकार',
    MFI_BUSINESS_LOAN: 'MFI व्यवसाय ऋण',
    UNSECURED_BUSINESS_LOAN: 'असुरक्षित व्यवसाय ऋण',
    'kfs.loanAmount': 'ऋण राशि',
    'kfs.disbursal': 'वितरण अनुसूची',
    upfront: '100% अग्रिम: पूरी राशि वितरण की तिथि पर',
    'kfs.tenure': 'अवधि',
    'kfs.instalments': 'किस्तों की संख्या (मासिक)',
    'kfs.emi': 'किस्त राशि (EMI)',
    'kfs.firstInstalment': 'पहली किस्त (वितरण से वास्तविक दिनों का ब्याज)',
    'kfs.lastInstalment': 'अंतिम किस्त (पूर्णांकन का अंतर इसी में)',
    'kfs.rate': 'ब्याज दर (वार्षिक, घटती शेष राशि)',
    'kfs.rateType': 'दर का प्रकार',
    fixed: 'पूरी अवधि के लिए स्थिर',
    'kfs.floating': 'अस्थिर दर: संदर्भ बेंचमार्क, स्प्रेड, रीसेट अवधि, बेंचमार्क में बदलाव का प्रभाव',
    notFloating: 'लागू नहीं: दर स्थिर है',
    'kfs.totalInterest': 'कुल ब्याज',
    'kfs.processingFee': 'ऋणदाता को देय: प्रोसेसिंग शुल्क',
    'kfs.gst': 'ऋणदाता को देय: प्रोसेसिंग शुल्क पर GST',
    'kfs.valuationFee': 'ऋणदाता को देय: मूल्यांकन शुल्क',
    'kfs.insurance': 'तृतीय पक्ष को देय: बीमा',
    'kfs.insurer': 'बीमाकर्ता (तृतीय पक्ष)',
    'kfs.otherFees': 'कोई अन्य शुल्क (ऋणदाता या तृतीय पक्ष को)',
    'kfs.recurringFees': 'आवर्ती शुल्क',
    oneTime: (amount: string) => `${amount} (एकमुश्त)`,
    'kfs.upfront': 'कुल अग्रिम शुल्क',
    'kfs.net': 'वितरित शुद्ध राशि',
    'kfs.totalPayable': 'कुल देय राशि (मूलधन + ब्याज)',
    'kfs.apr': 'वार्षिक प्रतिशत दर (APR)',
    'kfs.disbursementDate': 'वितरण तिथि',
    'kfs.firstEmi': 'पहली EMI की तिथि',
    contingent: 'आकस्मिक शुल्क',
    'kfs.penal': 'प्रत्येक अतिदेय किस्त पर दंड शुल्क (चक्रवृद्धि नहीं, दर में नहीं जोड़ा जाता)',
    noGst: (amount: string) => `${amount} (GST नहीं)`,
    'kfs.otherPenal': 'अन्य दंड शुल्क',
    'kfs.bounce': 'NACH या चेक बाउंस शुल्क',
    'kfs.foreclosure': 'फ़ोरक्लोज़र (समय से पहले बंद करने का) शुल्क',
    'kfs.switching': 'अस्थिर से स्थिर दर (या वापस) में बदलने का शुल्क',
    nil: 'शून्य',
    plusGst: (amount: string, gst: number) => `${amount} + GST ${gst}%`,
    notInKfs: 'इस विवरण में न दिया गया कोई शुल्क नहीं लिया जाएगा।',
    part2: 'भाग 2 – अन्य गुणात्मक जानकारी',
    'kfs.recovery': 'वसूली एजेंट',
    recovery:
      'ऋणदाता अतिदेय किस्तों के लिए वसूली एजेंट नियुक्त कर सकता है। वे पहचान पत्र और प्राधिकार पत्र साथ रखते हैं, केवल सुबह 8 से शाम 7 बजे के बीच संपर्क करते हैं, और कभी परेशान या भयभीत नहीं करते। एजेंट नियुक्त करने से पहले ऋणदाता उधारकर्ता को सूचित करता है।',
    'kfs.recoveryClause': 'वसूली एजेंटों से संबंधित ऋण अनुबंध का खंड',
    recoveryClause: 'ऋण अनुबंध का खंड "वसूली एजेंट" (ऊपर दिया गया पाठ)।',
    'kfs.grievance': 'शिकायत निवारण: नोडल शिकायत अधिकारी',
    grievanceHow: 'यदि शिकायत 30 दिनों में हल नहीं होती, तो उधारकर्ता RBI लोकपाल (cms.rbi.org.in) से संपर्क कर सकते हैं।',
    'kfs.transfer': 'हस्तांतरण या प्रतिभूतिकरण',
    transfer: 'ऋण किसी अन्य विनियमित संस्था को हस्तांतरित या प्रतिभूतिकृत किया जा सकता है; उधारकर्ता को सूचित किया जाता है, और शर्तें नहीं बदलतीं।',
    'kfs.coLending': 'सह-ऋण',
    coLending: 'कोई नहीं: ऋण केवल ऋणदाता द्वारा दिया जाता है।',
    'kfs.coolingOff': 'कूलिंग-ऑफ (लुक-अप) अवधि',
    coolingOff: (n: number) => `वितरण से ${n} दिन: उधारकर्ता मूलधन और आनुपातिक APR चुकाकर बिना किसी दंड के ऋण से बाहर निकल सकते हैं।`,
    'kfs.lspRecovery': 'वसूली एजेंट के रूप में कार्य करने वाला ऋण सेवा प्रदाता (LSP)',
    lspRecovery: 'कोई नहीं: कोई भी ऋण सेवा प्रदाता वसूली एजेंट के रूप में कार्य नहीं करता और वसूली के लिए उधारकर्ता से संपर्क नहीं करता।',
    annexB: 'अनुलग्नक B – APR: नकद प्रवाह',
    annexBNote:
      'APR = 12 × i, जहाँ i वह दर है जिस पर Σ CFₖ·(1 + i)^(−tₖ) = 0 हो, tₖ = वितरण से दिन × 12 / 365; CF₀ प्राप्त शुद्ध वितरित राशि है, प्रत्येक किस्त उसकी देय तिथि पर चुकाई जाती है।',
    annexC: 'अनुलग्नक C – पुनर्भुगतान अनुसूची',
    no: 'क्र.',
    date: 'देय तिथि',
    days: 'दिन',
    flow: 'नकद प्रवाह',
    opening: 'प्रारंभिक शेष',
    principal: 'मूलधन',
    interest: 'ब्याज',
    instalment: 'किस्त',
    balance: 'अंतिम शेष',
    months: (n: number) => `${n} महीने`,
  },
} as const;

export const kfsLabels = (lang: KfsLanguage) => L[lang];

const RUPEES = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** ₹1,00,000.00 (spec 02 §9). */
export const rupeesText = (amount: number) => RUPEES.format(amount);
const dateText = (iso: string | null) => toDisplayDate(iso) ?? '—';

/** The statement's header, Part 1 (with the contingent charges) and Part 2, in a language. */
export function kfsSections(facts: KeyFactsView, meta: KfsMeta, lang: KfsLanguage): KfsSection[] {
  const t = L[lang];
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
