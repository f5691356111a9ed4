// A 6-page bank statement in the layout of the fixture statements (scripts/make-statement-fixtures.mjs):
// the bank's name, "Label: value" facts, then Date | Description | Debit | Credit | Balance rows,
// about 48 to a page. The sandbox reader reads it like any fixture. (Plain JavaScript: pdfkit has no types.)
import PDFDocument from 'pdfkit';

const COLUMNS = { date: 40, description: 112, debitRight: 390, creditRight: 470, balanceRight: 555 };
const AMOUNT_WIDTH = 75;
const ROW_HEIGHT = 14.5;
const BOTTOM = 842 - 60;
export const SIX_PAGE_ROWS = 265;

const rupees = (paise) => (paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const ddmmyyyy = (day) => {
  const d = new Date(Date.UTC(2026, 4, 1) + day * 86_400_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${d.getUTCFullYear()}`;
};

/** @returns {Promise<{ bytes: Buffer; pages: number }>} */
export function sixPageStatement() {
  const doc = new PDFDocument({ size: 'A4', margin: 40, bufferPages: true });
  const chunks = [];
  doc.on('data', (c) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', () => resolve()));
  const amount = (text, right, y) => doc.text(text, right - AMOUNT_WIDTH, y, { width: AMOUNT_WIDTH, align: 'right', lineBreak: false });
  const header = () => {
    doc.font('Helvetica-Bold').fontSize(9);
    const y = doc.y;
    doc.text('Date', COLUMNS.date, y, { lineBreak: false });
    doc.text('Description', COLUMNS.description, y, { lineBreak: false });
    amount('Debit', COLUMNS.debitRight, y);
    amount('Credit', COLUMNS.creditRight, y);
    amount('Balance', COLUMNS.balanceRight, y);
    doc.y = y + 16;
    doc.font('Helvetica').fontSize(8.5);
  };

  doc.font('Helvetica-Bold').fontSize(16).text('HDFC Bank', 40, 40);
  const facts = [
    'Account Holder: RAMESH YADAV',
    'Account Number: 50100234567890',
    'Account Type: SAVINGS',
    'IFSC: HDFC0001234',
    'Statement Period: 01-05-2026 to 31-10-2026',
    'Opening Balance: 25,000.00',
  ];
  doc.font('Helvetica').fontSize(10);
  facts.forEach((line, i) => doc.text(line, 40, 70 + i * 14, { lineBreak: false }));
  doc.y = 70 + facts.length * 14 + 10;
  header();

  let balance = 2_500_000;
  for (let i = 0; i < SIX_PAGE_ROWS; i++) {
    if (doc.y + ROW_HEIGHT > BOTTOM) {
      doc.addPage();
      doc.y = 40;
      header();
    }
    const credit = i % 3 === 0 ? 150_000 + (i % 7) * 1_000 : 0;
    const debit = credit ? 0 : 20_000 + (i % 11) * 500;
    balance += credit - debit;
    const y = doc.y;
    doc.text(ddmmyyyy(Math.floor((i * 183) / SIX_PAGE_ROWS)), COLUMNS.date, y, { lineBreak: false });
    doc.text(credit ? `NEFT CR SALES ${i}` : `UPI DR SUPPLIER ${i}`, COLUMNS.description, y, { lineBreak: false });
    if (debit) amount(rupees(debit), COLUMNS.debitRight, y);
    if (credit) amount(rupees(credit), COLUMNS.creditRight, y);
    amount(rupees(balance), COLUMNS.balanceRight, y);
    doc.y = y + ROW_HEIGHT;
  }
  const pages = doc.bufferedPageRange().count;
  doc.end();
  return done.then(() => ({ bytes: Buffer.concat(chunks), pages }));
}
