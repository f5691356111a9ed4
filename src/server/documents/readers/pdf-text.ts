import { getDocument, PasswordResponses } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { StatementProblem } from './statement-reader';

/** One run of text on a page: where it starts (x), where it ends (right), its baseline (y). */
export type TextRun = { text: string; x: number; right: number; y: number };
/** A page's text as lines, top to bottom, each line's runs left to right. */
export type PageLines = TextRun[][];

export type PdfText = { ok: true; pages: PageLines[] } | { ok: false; problem: StatementProblem };

/** More pages than any statement of a year (a bound on work, as the upload size bounds bytes): DOCUMENT_MAX_PAGES. */
export const MAX_STATEMENT_PAGES = 200;
const SAME_LINE = 2;

const isPdf = (bytes: Uint8Array) => bytes.length >= 5 && Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-');

function linesOf(runs: TextRun[]): PageLines {
  const sorted = [...runs].sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: PageLines = [];
  for (const run of sorted) {
    const line = lines[lines.length - 1];
    if (line && Math.abs(line[0]!.y - run.y) <= SAME_LINE) line.push(run);
    else lines.push([run]);
  }
  return lines.map((line) => line.sort((a, b) => a.x - b.x));
}

/**
 * The text of a PDF through pdf.js (pdfjs-dist, the maintained PDF library of Mozilla), opened
 * with the password when one is given. Nothing it raises escapes: a file that is not a PDF, a
 * missing or wrong password and a damaged file are each a problem the officer can act on.
 */
export async function readPdfText(
  bytes: Uint8Array,
  password: string | null | undefined,
  maxPages = MAX_STATEMENT_PAGES,
): Promise<PdfText> {
  if (!isPdf(bytes)) return { ok: false, problem: 'notPdf' };
  const task = getDocument({
    // pdf.js takes ownership of (detaches) the buffer it is given: a copy keeps the caller's.
    data: new Uint8Array(bytes),
    password: password ?? undefined,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    if (doc.numPages > maxPages) return { ok: false, problem: 'tooLong' };
    const pages: PageLines[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const runs: TextRun[] = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const [, , , , x, y] = item.transform as number[];
        runs.push({ text: item.str.trim(), x: x!, right: x! + item.width, y: y! });
      }
      pages.push(linesOf(runs));
      page.cleanup();
    }
    return { ok: true, pages };
  } catch (error) {
    const e = error as { name?: string; code?: number };
    if (e?.name === 'PasswordException')
      return { ok: false, problem: e.code === PasswordResponses.INCORRECT_PASSWORD && password ? 'passwordWrong' : 'passwordNeeded' };
    return { ok: false, problem: 'damaged' };
  } finally {
    await task.destroy().catch(() => undefined);
  }
}
