// The work of a document worker (document-worker.mjs loads this file in a worker thread). The
// guard comes first: its Uint8Array must be in place before pdf.js runs.
import { withDecodedSizeLimit } from './decoded-size-guard';
import { parentPort } from 'node:worker_threads';
import type { CamFigures } from './renderers/cam-figures';
import type { Statement, StatementReadResult } from './readers/statement-reader';
import type { AadhaarFrontData } from './readers/secure-qr';
import type { KeyFactsView, KfsLanguage, KfsMeta } from '../../domain';

export type CamMeta = { tracker_id: string | null; borrower: string | null; generated_at: Date };

/** A task as the pool sends it: `id` names it in the worker's 'started' message (the budget's start). */
export type DocumentJob = DocumentTask & { id: number };
export type DocumentStarted = { documentStarted: number };

export type DocumentTask =
  | { kind: 'statement'; pdf: Uint8Array; password: string | null; maxPages: number; maxDecodedBytes: number }
  | { kind: 'camWorkbook'; statement: Statement; figures: CamFigures; meta: CamMeta }
  | { kind: 'imageSize'; image: Uint8Array }
  | { kind: 'aadhaarFront'; image: Uint8Array; publicKeyPem: string }
  | { kind: 'kfsPdf'; facts: KeyFactsView; meta: KfsMeta; lang: KfsLanguage };

export type ImageSize = { width: number; height: number } | null;

/** What each task answers (structured-cloned back to the pool). */
export type DocumentTaskResult = {
  statement: StatementReadResult;
  camWorkbook: Uint8Array;
  imageSize: ImageSize;
  aadhaarFront: AadhaarFrontData | null;
  kfsPdf: Uint8Array;
};

/** The statement reader with pdf.js and its worker code loaded (a worker's first statement loads them). */
async function statementReader() {
  const [{ readSandboxStatement }, pdfWorker] = await Promise.all([
    import('./readers/sandbox-statement-read'),
    import('pdfjs-dist/legacy/build/pdf.worker.mjs'),
  ]);
  // pdf.js runs its "worker" in this thread; given here, it is not imported during the first read.
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfWorker;
  return async (task: Extract<DocumentTask, { kind: 'statement' }>): Promise<StatementReadResult> => {
    const read = await withDecodedSizeLimit(task.maxDecodedBytes, () => readSandboxStatement(task.pdf, task.password, task.maxPages));
    return read.overLimit ? { ok: false, problem: 'tooComplex' } : read.value;
  };
}

/** The width and height an image's header claims (nothing is decoded); null when it cannot be read. */
async function imageSizeReader() {
  const { imageSize } = await import('image-size');
  return (task: Extract<DocumentTask, { kind: 'imageSize' }>): ImageSize => {
    try {
      const { width, height } = imageSize(task.image);
      return typeof width === 'number' && typeof height === 'number' ? { width, height } : null;
    } catch {
      return null;
    }
  };
}

async function camWorkbookMaker() {
  const { camWorkbook } = await import('./renderers/cam-workbook');
  return (task: Extract<DocumentTask, { kind: 'camWorkbook' }>) => camWorkbook(task.statement, task.figures, task.meta);
}

/**
 * An Aadhaar front: its Secure QR, else its printed text (ZXing's WebAssembly and Tesseract's,
 * with its English model, are loaded on a worker's first card; Tesseract runs in a thread this
 * worker starts, which ends with it when the card's budget ends the worker).
 */
async function aadhaarFrontReader() {
  const [{ prepareQrReader, readAadhaarFront }, { prepareOcr }] = await Promise.all([
    import('./readers/aadhaar-front-read'),
    import('./readers/printed-text-ocr'),
  ]);
  // Compiled before the first card's budget starts (the worker's start-up, not the card's work).
  await Promise.all([prepareQrReader(), prepareOcr()]);
  return (task: Extract<DocumentTask, { kind: 'aadhaarFront' }>) => readAadhaarFront(task.image, task.publicKeyPem);
}

/** The Key Fact Statement's PDF (pdfkit; in Hindi, fontkit's shaping of Devanagari is a few seconds of work). */
async function kfsPdfMaker() {
  const { kfsPdf } = await import('./renderers/kfs-pdf');
  return (task: Extract<DocumentTask, { kind: 'kfsPdf' }>) => kfsPdf(task.facts, task.meta, task.lang);
}

/** Each kind's code, loaded on its first task (a worker that only reads image headers never loads pdf.js). */
const readers = {
  statement: statementReader,
  imageSize: imageSizeReader,
  camWorkbook: camWorkbookMaker,
  aadhaarFront: aadhaarFrontReader,
  kfsPdf: kfsPdfMaker,
} as const;
type Reader = (task: DocumentTask) => Promise<DocumentTaskResult[DocumentTask['kind']]> | DocumentTaskResult[DocumentTask['kind']];
const loaded = new Map<DocumentTask['kind'], Promise<Reader>>();

export async function runDocumentTask(task: DocumentJob): Promise<DocumentTaskResult[DocumentTask['kind']]> {
  let reader = loaded.get(task.kind);
  if (!reader) loaded.set(task.kind, (reader = readers[task.kind]() as Promise<Reader>));
  const read = await reader;
  // Loading code is not the document's work: its budget starts now.
  parentPort?.postMessage({ documentStarted: task.id } satisfies DocumentStarted);
  return read(task);
}
