#!/usr/bin/env node
// Writes the fixture bank statements the banking sandbox reads (DECISIONS.md "Business, bank and
// field verification"): one PDF per persona in tests/fixtures/statements/, in the one layout the
// sandbox reader knows, and statements.json beside them with every figure the PDFs hold, so the
// tests can check the reader and the CAM against known totals. Deterministic: the transactions
// come from a seeded generator, so running it again writes the same statements.
//
//   node scripts/make-statement-fixtures.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'tests', 'fixtures', 'statements');
const FIXED_DATE = new Date(Date.UTC(2026, 10, 1));

/** Mulberry32: a small seeded generator. */
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STATEMENTS = [
  {
    file: 'lakshmi-devi-sbi.pdf',
    persona: 'LAKSHMI DEVI',
    seed: 11,
    count: 52,
    bounces: 1,
    identity: {
      name: 'LAKSHMI DEVI',
      account_number: '30012345678',
      account_type: 'SAVINGS',
      ifsc: 'SBIN0001234',
      bank_name: 'State Bank of India',
    },
    branch: 'Nashik Main Branch',
    opening: 1845050,
    scale: 1,
  },
  {
    file: 'lakshmi-devi-bob-protected.pdf',
    persona: 'LAKSHMI DEVI',
    seed: 12,
    count: 44,
    bounces: 0,
    password: 'LAKS1204',
    identity: {
      name: 'LAKSHMI DEVI',
      account_number: '28150100004567',
      account_type: 'CURRENT',
      ifsc: 'BARB0NASHIK',
      bank_name: 'Bank of Baroda',
    },
    branch: 'Nashik Road',
    opening: 925000,
    scale: 1,
  },
  {
    file: 'ramesh-yadav-hdfc.pdf',
    persona: 'RAMESH YADAV',
    seed: 21,
    count: 58,
    bounces: 2,
    identity: {
      name: 'RAMESH YADAV',
      account_number: '50100234567890',
      account_type: 'CURRENT',
      ifsc: 'HDFC0001234',
      bank_name: 'HDFC Bank',
    },
    branch: 'Hazratganj, Lucknow',
    opening: 4210075,
    scale: 2,
  },
  {
    file: 'sunita-kumari-pnb.pdf',
    persona: 'SUNITA KUMARI (the statement says SUNITA DEVI)',
    seed: 31,
    count: 40,
    bounces: 0,
    identity: {
      name: 'SUNITA DEVI',
      account_number: '0123000100045678',
      account_type: 'SAVINGS',
      ifsc: 'PUNB0012300',
      bank_name: 'Punjab National Bank',
    },
    branch: 'Boring Road, Patna',
    opening: 612500,
    scale: 1,
  },
  {
    file: 'mohan-lal-canara-12-pages.pdf',
    persona: 'MOHAN LAL',
    seed: 41,
    count: 545,
    bounces: 3,
    identity: {
      name: 'MOHAN LAL',
      account_number: '1234101005678',
      account_type: 'CURRENT',
      ifsc: 'CNRB0001234',
      bank_name: 'Canara Bank',
    },
    branch: 'Bapu Bazaar, Jaipur',
    opening: 15250000,
    scale: 3,
  },
];

const PERIOD = { from: '2026-05-01', to: '2026-10-31' };
const MONTHS = [5, 6, 7, 8, 9, 10];
const DAYS = { 5: 31, 6: 30, 7: 31, 8: 31, 9: 30, 10: 31 };

const CREDITS = [
  'UPI/CR/{ref}/CUSTOMER/SALES',
  'NEFT/CR/{ref}/WHOLESALE BUYER',
  'CASH DEPOSIT/BRANCH',
  'IMPS/CR/{ref}/ORDER PAYMENT',
  'UPI/CR/{ref}/PHONEPE MERCHANT',
];
const DEBITS = [
  'UPI/DR/{ref}/SUPPLIER',
  'ATM WDL/{ref}',
  'NEFT/DR/{ref}/STOCK PURCHASE',
  'ELECTRICITY BILL/MSEDCL',
  'SHOP RENT/{ref}',
  'UPI/DR/{ref}/TRANSPORT',
];

/** The transactions of one statement, in paise, each with the balance after it. */
function transactionsOf(spec) {
  const random = generator(spec.seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const ref = () => String(100000000 + Math.floor(random() * 899999999));
  const dates = Array.from({ length: spec.count }, () => {
    const month = MONTHS[Math.floor(random() * MONTHS.length)];
    const day = 1 + Math.floor(random() * DAYS[month]);
    return `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  }).sort();
  const bounceAt = new Set(Array.from({ length: spec.bounces }, (_, i) => Math.floor(((i + 1) * spec.count) / (spec.bounces + 1))));
  let balance = spec.opening;
  const rows = [];
  dates.forEach((date, i) => {
    if (bounceAt.has(i)) {
      const charge = 29500;
      balance -= charge;
      rows.push({ date, description: `CHQ RETURN/INSUFFICIENT FUNDS/${ref()}`, debit: charge, credit: 0, balance });
      return;
    }
    const isCredit = random() < 0.48 || balance < 300000;
    const amount = Math.round((500 + random() * 24500) * spec.scale) * 100 + (random() < 0.3 ? 50 : 0);
    if (isCredit) {
      balance += amount;
      rows.push({ date, description: pick(CREDITS).replace('{ref}', ref()), debit: 0, credit: amount, balance });
    } else {
      const debit = Math.min(amount, balance - 100000);
      balance -= debit;
      rows.push({ date, description: pick(DEBITS).replace('{ref}', ref()), debit, credit: 0, balance });
    }
  });
  return rows;
}

const rupees = (paise) => {
  const [whole, frac] = (paise / 100).toFixed(2).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
};
const ddmmyyyy = (iso) => iso.split('-').reverse().join('-');

// The layout the sandbox reader knows: amounts right-aligned in these columns.
const COLUMNS = { date: 40, description: 112, debitRight: 390, creditRight: 470, balanceRight: 555 };
const AMOUNT_WIDTH = 75;
const ROW_HEIGHT = 14.5;

/** Writes one statement PDF and answers its bytes and page count. */
function writeStatement(spec, rows) {
  const options = {
    size: 'A4',
    margin: 40,
    bufferPages: true,
    info: { Title: `${spec.identity.bank_name} statement`, Author: 'Sahyog fixtures', CreationDate: FIXED_DATE, ModDate: FIXED_DATE },
  };
  if (spec.password) Object.assign(options, { userPassword: spec.password, ownerPassword: `${spec.password}-owner`, pdfVersion: '1.7' });
  const doc = new PDFDocument(options);
  const chunks = [];
  doc.on('data', (c) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', resolve));

  const header = () => {
    doc.font('Helvetica-Bold').fontSize(9);
    const y = doc.y;
    doc.text('Date', COLUMNS.date, y, { lineBreak: false });
    doc.text('Description', COLUMNS.description, y, { lineBreak: false });
    doc.text('Debit', COLUMNS.debitRight - AMOUNT_WIDTH, y, { width: AMOUNT_WIDTH, align: 'right', lineBreak: false });
    doc.text('Credit', COLUMNS.creditRight - AMOUNT_WIDTH, y, { width: AMOUNT_WIDTH, align: 'right', lineBreak: false });
    doc.text('Balance', COLUMNS.balanceRight - AMOUNT_WIDTH, y, { width: AMOUNT_WIDTH, align: 'right', lineBreak: false });
    doc
      .moveTo(40, y + 12)
      .lineTo(555, y + 12)
      .stroke();
    doc.y = y + 16;
    doc.font('Helvetica').fontSize(8.5);
  };

  const { identity } = spec;
  doc.font('Helvetica-Bold').fontSize(16).text(identity.bank_name, 40, 40);
  doc.font('Helvetica').fontSize(10).text('Statement of Account', 40, 62);
  const facts = [
    `Account Holder: ${identity.name}`,
    `Account Number: ${identity.account_number}`,
    `Account Type: ${identity.account_type}`,
    `IFSC: ${identity.ifsc}`,
    `Branch: ${spec.branch}`,
    `Statement Period: ${ddmmyyyy(PERIOD.from)} to ${ddmmyyyy(PERIOD.to)}`,
    `Opening Balance: ${rupees(spec.opening)}`,
  ];
  facts.forEach((line, i) => doc.text(line, 40, 84 + i * 14, { lineBreak: false }));
  doc.y = 84 + facts.length * 14 + 10;
  header();

  const bottom = 842 - 60;
  for (const row of rows) {
    if (doc.y + ROW_HEIGHT > bottom) {
      doc.addPage();
      doc.y = 40;
      header();
    }
    const y = doc.y;
    doc.text(ddmmyyyy(row.date), COLUMNS.date, y, { lineBreak: false });
    doc.text(row.description, COLUMNS.description, y, { lineBreak: false });
    if (row.debit)
      doc.text(rupees(row.debit), COLUMNS.debitRight - AMOUNT_WIDTH, y, { width: AMOUNT_WIDTH, align: 'right', lineBreak: false });
    if (row.credit)
      doc.text(rupees(row.credit), COLUMNS.creditRight - AMOUNT_WIDTH, y, { width: AMOUNT_WIDTH, align: 'right', lineBreak: false });
    doc.text(rupees(row.balance), COLUMNS.balanceRight - AMOUNT_WIDTH, y, { width: AMOUNT_WIDTH, align: 'right', lineBreak: false });
    doc.y = y + ROW_HEIGHT;
  }
  const closing = rows.length ? rows[rows.length - 1].balance : spec.opening;
  doc.font('Helvetica-Bold').text(`Closing Balance: ${rupees(closing)}`, 40, doc.y + 6, { lineBreak: false });

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(i);
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(`Page ${i + 1} of ${range.count}`, 40, 842 - 40, { lineBreak: false });
  }
  doc.end();
  return done.then(() => ({ bytes: Buffer.concat(chunks), pages: range.count }));
}

/** A statement photographed or scanned: pictures, no text at all. */
function writeScanned() {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: 'Scanned statement', CreationDate: FIXED_DATE, ModDate: FIXED_DATE },
  });
  const chunks = [];
  doc.on('data', (c) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', resolve));
  doc.rect(40, 40, 515, 60).fill('#cccccc');
  for (let i = 0; i < 30; i++) doc.rect(40, 120 + i * 20, 100 + ((i * 37) % 400), 8).fill('#888888');
  doc.end();
  return done.then(() => Buffer.concat(chunks));
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const index = [];
  for (const spec of STATEMENTS) {
    const rows = transactionsOf(spec);
    const { bytes, pages } = await writeStatement({ ...spec }, rows);
    writeFileSync(join(OUT, spec.file), bytes);
    index.push({
      file: spec.file,
      persona: spec.persona,
      password: spec.password ?? null,
      pages,
      identity: spec.identity,
      period_from: PERIOD.from,
      period_to: PERIOD.to,
      opening_balance: spec.opening / 100,
      transactions: rows.map((r) => ({
        date: r.date,
        description: r.description,
        debit: r.debit / 100,
        credit: r.credit / 100,
        balance: r.balance / 100,
      })),
    });
    console.log(
      `${spec.file}: ${rows.length} transactions, ${pages} page${pages === 1 ? '' : 's'}${spec.password ? `, password ${spec.password}` : ''}`,
    );
  }
  writeFileSync(join(OUT, 'scanned-no-text.pdf'), await writeScanned());
  // A PDF header and then nothing a reader can use: what a download cut short looks like.
  const whole = await writeStatement({ ...STATEMENTS[0] }, transactionsOf(STATEMENTS[0]));
  writeFileSync(join(OUT, 'corrupt.pdf'), Buffer.concat([whole.bytes.subarray(0, 400), Buffer.from('\n%%EOF\n')]));
  writeFileSync(join(OUT, 'statements.json'), `${JSON.stringify(index, null, 1)}\n`);
  console.log('scanned-no-text.pdf, corrupt.pdf, statements.json');
}

await main();
