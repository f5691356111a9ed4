import PDFDocument from 'pdfkit';
import { kfsCashFlows, kfsLabels, kfsSections, rupeesText, toDisplayDate, type KeyFactsView, type KfsMeta } from '../../../domain';

/**
 * The Key Fact Statement as a PDF the borrower can keep (issue 22 item 3), from the same sections
 * as the printable page (src/domain/kfs-sections.ts). English only: Hindi needs a Devanagari font
 * with shaping (conjuncts, matras) that pdfkit's fontkit does not do reliably, so the Hindi
 * statement is the page (printed or saved from the browser). pdfkit's standard fonts are WinAnsi:
 * the rupee sign and subscripts are written in letters.
 */

const plain = (text: string) =>
  text
    .replace(/₹/g, 'Rs. ')
    .replace(/[₀-₉]/g, (c) => String(c.charCodeAt(0) - 0x2080))
    .replace(/ₖ/g, '_k')
    .replace(/Σ/g, 'Sum')
    .replace(/−/g, '-')
    .replace(/·/g, ' x ');

const money = (amount: number) => plain(rupeesText(amount));

export function kfsPdf(facts: KeyFactsView, meta: KfsMeta): Promise<Buffer> {
  const t = kfsLabels('en');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: `${t.title} ${meta.kfs_number ?? ''}`.trim(), Author: meta.lender },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const left = doc.page.margins.left;
  const bottom = doc.page.height - doc.page.margins.bottom;

  const room = (height: number) => {
    if (doc.y + height > bottom) doc.addPage();
  };
  const heading = (text: string) => {
    room(40);
    doc.moveDown(0.6).font('Helvetica-Bold').fontSize(12).text(plain(text), left, doc.y, { width });
    doc.moveDown(0.2);
  };
  const row = (label: string, value: string) => {
    const labelWidth = width * 0.42;
    const h = Math.max(
      doc.font('Helvetica').fontSize(9).heightOfString(plain(label), { width: labelWidth }),
      doc.heightOfString(plain(value), { width: width - labelWidth - 8 }),
    );
    room(h + 4);
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(9).text(plain(label), left, y, { width: labelWidth });
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(plain(value), left + labelWidth + 8, y, { width: width - labelWidth - 8 });
    doc.y = y + h + 4;
  };
  const table = (head: string[], rows: string[][]) => {
    const col = width / head.length;
    const line = (cells: string[], bold: boolean) => {
      room(14);
      const y = doc.y;
      cells.forEach((c, i) =>
        doc
          .font(bold ? 'Helvetica-Bold' : 'Helvetica')
          .fontSize(8)
          .text(plain(c), left + i * col, y, { width: col - 4, lineBreak: false }),
      );
      doc.y = y + 12;
    };
    line(head, true);
    for (const r of rows) line(r, false);
  };

  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(plain(`${t.title}`), left, doc.y, { width });
  for (const section of kfsSections(facts, meta, 'en')) {
    heading(section.title);
    for (const r of section.rows) row(r.label, r.value);
    if (section.key === 'contingent') doc.font('Helvetica-Oblique').fontSize(8).text(plain(t.notInKfs), left, doc.y, { width });
  }
  heading(t.annexB);
  doc.font('Helvetica').fontSize(8).text(plain(t.annexBNote), left, doc.y, { width });
  doc.moveDown(0.3);
  table(
    [t.no, t.date, t.days, t.flow],
    kfsCashFlows(facts).map((f) => [
      f.number === 0 ? 'CF0' : String(f.number),
      toDisplayDate(f.date) ?? '',
      String(f.days),
      money(f.amount),
    ]),
  );
  heading(t.annexC);
  table(
    [t.no, t.date, t.opening, t.instalment, t.principal, t.interest, t.balance],
    facts.schedule.map((r) => [
      String(r.number),
      toDisplayDate(r.date) ?? '',
      money(r.opening_balance),
      money(r.emi),
      money(r.principal),
      money(r.interest),
      money(r.balance),
    ]),
  );
  doc.end();
  return done;
}
