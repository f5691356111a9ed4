import {
  agreementLabels,
  kfsLabels,
  toDisplayDate,
  type KeyFactsView,
  type KfsLanguage,
  type KfsMeta,
  type SignerKind,
} from '../../../domain';
import { pdfWriter, scheduleTable, writeKfs } from '../../documents/renderers/kfs-pdf';

export type AgreementContent = {
  number: string;
  date: string;
  lender: string;
  language: KfsLanguage;
  parties: { kind: SignerKind; name: string }[];
  facts: KeyFactsView;
  clauses: readonly string[];
  kfs: KfsMeta & { content_hash: string; acknowledged_at: string };
};

/**
 * The sanction letter and loan agreement as one PDF (issue 33) in the borrower's language, with
 * the Key Fact Statement's fonts and shaping (kfs-pdf.ts): the sanction, the parties, the accepted
 * terms, the repayment schedule, the tenant's clauses, and the acknowledged statement annexed with
 * its number and content hash. The signatures are added to it afterwards, one incremental update each.
 */
export function agreementPdf(c: AgreementContent): Promise<Buffer> {
  const t = agreementLabels(c.language);
  const w = pdfWriter(c.language, { Title: `${t.title} ${c.number}`, Author: c.lender });
  const f = c.facts;
  w.title(t.title);
  w.row(t.number, c.number);
  w.row(t.date, c.date);
  w.heading(t.sanction);
  const borrower = c.parties.find((p) => p.kind === 'BORROWER')?.name ?? '';
  w.paragraph(t.sanctionText(c.lender, borrower));
  w.heading(t.parties);
  w.row(t.lender, c.lender);
  for (const p of c.parties) w.row(t.kind[p.kind], p.name);
  w.heading(t.terms);
  w.row(t.amount, w.money(f.loan_amount));
  w.row(t.tenure, String(f.tenure_months));
  w.row(t.rate, `${f.interest_rate}%`);
  w.row(t.emi, w.money(f.emi));
  w.row(t.fees, w.money(f.processing_fee + f.gst_on_processing_fee));
  w.row(t.insurance, w.money(f.insurance_fee));
  w.row(t.net, w.money(f.net_disbursed_amount));
  w.row(t.apr, `${f.apr_percent}%`);
  w.row(t.totalPayable, w.money(f.total_payable));
  w.row(t.disbursement, toDisplayDate(f.disbursement_date) ?? f.disbursement_date);
  w.row(t.firstEmi, toDisplayDate(f.emi_start_date) ?? f.emi_start_date);
  w.heading(t.schedule);
  scheduleTable(w, f, c.language);
  w.heading(t.clauses);
  c.clauses.forEach((clause, i) => w.paragraph(`${i + 1}. ${clause}`));
  w.heading(t.signatures);
  w.paragraph(t.signatureNote);
  for (const p of c.parties) w.row(t.kind[p.kind], p.name);

  w.doc.addPage();
  w.title(t.annex);
  w.row(t.kfsNumber, c.kfs.kfs_number ?? '');
  w.paragraph(t.kfsHash);
  // Whole on one line, so that it can be read (and compared) as printed.
  w.paragraph(c.kfs.content_hash, 8);
  w.row(t.acknowledged, c.kfs.acknowledged_at);
  w.heading(kfsLabels(c.language).title);
  writeKfs(w, f, c.kfs, c.language);
  return w.end();
}
