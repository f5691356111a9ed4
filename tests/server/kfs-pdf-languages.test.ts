import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { kfsLabels, LANGUAGES, type KfsMeta, type LoanOffer } from '../../src/domain';
import { kfsPdf } from '../../src/server/documents/renderers/kfs-pdf';
import { keyFactsOf } from '../../src/server/modules/loan-offer/loan-offer.view';

// Issue 37: the Key Fact Statement's PDF in each of the six languages, rendered by poppler
// (pdftoppm) as a reader would show it: it renders, the page carries ink, the language's font is
// embedded, and pdftotext reads back a word of the language (one whose glyphs read back in order:
// a pre-base vowel sign or a reph reads back where it is drawn).

const OFFER = {
  bre_score: 742,
  decision: 'APPROVED',
  reasons: [],
  interest_rate: 24,
  final_suggested_emi: 7092,
  total_processing_fee_amount: 1770,
  insurance_fee: 750,
  final_suggested_loan_amount: 75000,
  risk_category_and_loan_type_wise_max_tenure: 12,
  disbursement_date: '2026-12-21',
  emi_start_date: '2027-02-05',
  is_accepted: false,
  computed_at: '2026-12-21T04:30:00.000Z',
  loan_type: 'MFI_BUSINESS_LOAN',
  monthly_surplus: 11000,
  bre_suggested_loan_amount: 75000,
  bre_max_tenure: 12,
  processing_fee: 1500,
  gst_on_processing_fee: 270,
} as LoanOffer;
const META: KfsMeta = {
  kfs_number: 'KFS-SAH2612000001-01',
  issued_at: '2026-12-21T04:30:00.000Z',
  valid_until: '2026-12-24',
  borrower: 'LAKSHMI DEVI',
  tracker_id: 'SAH2612000001',
  lender: 'Sahyog',
};

/** Per language: the font embedded, and a word of its statement that reads back as written (checked to be in its labels). */
const EXPECT = {
  en: { font: 'Helvetica-Bold', word: 'Statement number', label: 'kfs.number' },
  hi: { font: 'NotoSansDevanagari-Bold', word: 'ऋणदाता', label: 'kfs.lender' },
  mr: { font: 'NotoSansDevanagari-Bold', word: 'मुख्य तथ्य', label: 'title' },
  bn: { font: 'NotoSansBengali-Bold', word: 'নম্বর', label: 'kfs.number' },
  ta: { font: 'NotoSansTamil-Bold', word: 'எண்', label: 'kfs.number' },
  te: { font: 'NotoSansTelugu-Bold', word: 'ప్రకటన', label: 'header' },
} as const;

const dir = mkdtempSync(join(tmpdir(), 'kfs-languages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The share of a page's pixels that are ink (darker than mid-grey), from pdftoppm's greyscale PGM. */
function inkOf(pgm: Buffer): number {
  const header = pgm.toString('latin1', 0, 40).match(/^P5\s+(\d+)\s+(\d+)\s+255\s/);
  expect(header).not.toBeNull();
  const [, w, h] = header!;
  const pixels = pgm.subarray(header![0].length);
  expect(pixels.length).toBe(Number(w) * Number(h));
  let dark = 0;
  for (const p of pixels) if (p < 128) dark++;
  return dark / pixels.length;
}

describe.each(LANGUAGES)('the Key Fact Statement’s PDF in %s', (lang) => {
  it('renders with pdftoppm, with its script’s font, and pdftotext reads back a word of the language', async () => {
    const file = join(dir, `kfs-${lang}.pdf`);
    writeFileSync(file, await kfsPdf(keyFactsOf(OFFER)!, META, lang));
    execFileSync('pdftoppm', ['-gray', '-r', '40', '-f', '1', '-l', '1', file, join(dir, lang)]);
    const ink = inkOf(readFileSync(join(dir, `${lang}-1.pgm`)));
    expect(ink).toBeGreaterThan(0.01);
    expect(ink).toBeLessThan(0.3);
    const { font, word, label } = EXPECT[lang];
    expect(execFileSync('pdffonts', [file], { encoding: 'utf8' })).toContain(font);
    expect(kfsLabels(lang)[label]).toContain(word);
    const text = execFileSync('pdftotext', ['-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(word);
    expect(text).toContain('KFS-SAH2612000001-01');
    expect(text).toContain('₹75,000.00'.replace('₹', lang === 'en' ? 'Rs. ' : '₹'));
  });
});
