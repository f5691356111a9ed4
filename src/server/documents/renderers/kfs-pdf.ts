import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { shapeWithHarfbuzz } from './pdf-shaping';
import {
  kfsCashFlows,
  kfsLabels,
  kfsSections,
  rupeesText,
  toDisplayDate,
  type KeyFactsView,
  type KfsLanguage,
  type KfsMeta,
} from '../../../domain';

/**
 * The Key Fact Statement as a PDF the borrower can keep (issue 22 item 3), in the statement's
 * language, from the same sections and labels as the printable page (src/domain/offer/kfs-sections.ts).
 * English is set in pdfkit's standard fonts, which are WinAnsi: the rupee sign and subscripts are
 * written in letters. Hindi and Marathi are set in Noto Sans Devanagari, Bengali, Tamil and
 * Telugu in their script's Noto Sans (the TrueType files of @expo-google-fonts), each word shaped
 * by HarfBuzz (pdf-shaping.ts: conjuncts, reph, pre-base and two-part vowel signs as the browsers
 * shape them; kfs-pdf-shaping.test.ts); the fonts lack Σ and the subscripts, written in letters too.
 */

type Fonts = { regular: string; bold: string; note: string };

const ASCII_MATHS: [RegExp, (c: string) => string][] = [
  [/[₀-₉]/g, (c) => String(c.charCodeAt(0) - 0x2080)],
  [/ₖ/g, () => '_k'],
  [/Σ/g, () => 'Sum'],
];
const WIN_ANSI: [RegExp, (c: string) => string][] = [[/₹/g, () => 'Rs. '], ...ASCII_MATHS, [/−/g, () => '-'], [/·/g, () => ' x ']];
const rewrite = (rules: [RegExp, (c: string) => string][]) => (text: string) =>
  rules.reduce((out, [pattern, to]) => out.replace(pattern, to), text);

const require = createRequire(import.meta.url);

/** Each script's Noto Sans (@expo-google-fonts): Marathi is written in Devanagari as Hindi is. */
const NOTO: Record<Exclude<KfsLanguage, 'en'>, string> = {
  hi: 'Devanagari',
  mr: 'Devanagari',
  bn: 'Bengali',
  ta: 'Tamil',
  te: 'Telugu',
};

/** A weight of a language's Noto Sans, its TrueType file's bytes. */
export const notoFont = (lang: Exclude<KfsLanguage, 'en'>, weight: '400Regular' | '700Bold') => {
  const script = NOTO[lang];
  return readFileSync(require.resolve(`@expo-google-fonts/noto-sans-${script.toLowerCase()}/${weight}/NotoSans${script}_${weight}.ttf`));
};
const notoFiles = new Map<string, { regular: Buffer; bold: Buffer }>();

/** The fonts of a language, registered on the document, and how its text is written in them. */
function fontsFor(doc: PDFDocument, lang: KfsLanguage): { fonts: Fonts; plain: (text: string) => string } {
  if (lang === 'en')
    return { fonts: { regular: 'Helvetica', bold: 'Helvetica-Bold', note: 'Helvetica-Oblique' }, plain: rewrite(WIN_ANSI) };
  const script = NOTO[lang];
  let files = notoFiles.get(script);
  if (!files) notoFiles.set(script, (files = { regular: notoFont(lang, '400Regular'), bold: notoFont(lang, '700Bold') }));
  for (const [name, bytes] of [
    ['Noto', files.regular],
    ['Noto-Bold', files.bold],
  ] as const) {
    doc.registerFont(name, bytes);
    shapeWithHarfbuzz((doc.font(name) as unknown as { _font: { font: Parameters<typeof shapeWithHarfbuzz>[0] } })._font.font, bytes);
  }
  return { fonts: { regular: 'Noto', bold: 'Noto-Bold', note: 'Noto' }, plain: rewrite(ASCII_MATHS) };
}

/** A PDF being written in a language: its fonts, how its text is written in them, and the layout helpers. */
export type PdfWriter = ReturnType<typeof pdfWriter>;

/** A new A4 document and the writer of its text in a language (the KFS and the loan agreement share it). */
export function pdfWriter(lang: KfsLanguage, info: { Title: string; Author: string }) {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const { fonts, plain } = fontsFor(doc, lang);
  const money = (amount: number) => plain(rupeesText(amount));
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const left = doc.page.margins.left;
  const bottom = doc.page.height - doc.page.margins.bottom;

  const room = (height: number) => {
    if (doc.y + height > bottom) doc.addPage();
  };
  const title = (text: string) => doc.font(fonts.bold).fontSize(16).text(plain(text), left, doc.y, { width });
  const heading = (text: string) => {
    room(40);
    doc.moveDown(0.6).font(fonts.bold).fontSize(12).text(plain(text), left, doc.y, { width });
    doc.moveDown(0.2);
  };
  const paragraph = (text: string, size = 9) => {
    doc.font(fonts.regular).fontSize(size);
    room(doc.heightOfString(plain(text), { width }) + 4);
    doc.text(plain(text), left, doc.y, { width });
    doc.moveDown(0.3);
  };
  const note = (text: string) => doc.font(fonts.note).fontSize(8).text(plain(text), left, doc.y, { width });
  const row = (label: string, value: string) => {
    const labelWidth = width * 0.42;
    // Each measured in the font it is written in: a bold label wraps sooner.
    const h = Math.max(
      doc.font(fonts.bold).fontSize(9).heightOfString(plain(label), { width: labelWidth }),
      doc.font(fonts.regular).heightOfString(plain(value), { width: width - labelWidth - 8 }),
    );
    room(h + 4);
    const y = doc.y;
    doc.font(fonts.bold).fontSize(9).text(plain(label), left, y, { width: labelWidth });
    doc
      .font(fonts.regular)
      .fontSize(9)
      .text(plain(value), left + labelWidth + 8, y, { width: width - labelWidth - 8 });
    doc.y = y + h + 4;
  };
  const table = (head: string[], rows: string[][]) => {
    const col = width / head.length;
    const line = (cells: string[], bold: boolean) => {
      doc.font(bold ? fonts.bold : fonts.regular).fontSize(8);
      // A heading may wrap (a long word of Tamil or Telugu), a figure does not.
      const h = bold ? Math.max(12, ...cells.map((c) => doc.heightOfString(plain(c), { width: col - 4 }) + 2)) : 12;
      room(h + 2);
      const y = doc.y;
      cells.forEach((c, i) => doc.text(plain(c), left + i * col, y, { width: col - 4, lineBreak: bold }));
      doc.y = y + h;
    };
    line(head, true);
    for (const r of rows) line(r, false);
  };
  return { doc, done, money, title, heading, paragraph, note, row, table, end: () => (doc.end(), done) };
}

/** The repayment schedule (annex C of the statement) as a table. */
export function scheduleTable(w: PdfWriter, facts: KeyFactsView, lang: KfsLanguage): void {
  const t = kfsLabels(lang);
  w.table(
    [t.no, t.date, t.opening, t.instalment, t.principal, t.interest, t.balance],
    facts.schedule.map((r) => [
      String(r.number),
      toDisplayDate(r.date) ?? '',
      w.money(r.opening_balance),
      w.money(r.emi),
      w.money(r.principal),
      w.money(r.interest),
      w.money(r.balance),
    ]),
  );
}

/** The statement's sections and annexes, written on from where the writer is. */
export function writeKfs(w: PdfWriter, facts: KeyFactsView, meta: KfsMeta, lang: KfsLanguage): void {
  const t = kfsLabels(lang);
  for (const section of kfsSections(facts, meta, lang)) {
    w.heading(section.title);
    for (const r of section.rows) w.row(r.label, r.value);
    if (section.key === 'contingent') w.note(t.notInKfs);
  }
  w.heading(t.annexB);
  w.note(t.annexBNote);
  w.doc.moveDown(0.3);
  w.table(
    [t.no, t.date, t.days, t.flow],
    kfsCashFlows(facts).map((f) => [
      f.number === 0 ? 'CF0' : String(f.number),
      toDisplayDate(f.date) ?? '',
      String(f.days),
      w.money(f.amount),
    ]),
  );
  w.heading(t.annexC);
  scheduleTable(w, facts, lang);
}

export function kfsPdf(facts: KeyFactsView, meta: KfsMeta, lang: KfsLanguage): Promise<Buffer> {
  const t = kfsLabels(lang);
  const w = pdfWriter(lang, { Title: `${t.title} ${meta.kfs_number ?? ''}`.trim(), Author: meta.lender });
  w.title(t.title);
  writeKfs(w, facts, meta, lang);
  return w.end();
}
