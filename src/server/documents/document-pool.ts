import { Piscina } from 'piscina';
import { documentQueue, documentRefusals, documentRunning } from '../observability/metrics';
import type { Config } from '../config';
import type { CamFigures } from './renderers/cam-figures';
import type { Statement, StatementReadResult } from './readers/statement-reader';
import type { AadhaarFrontData } from './readers/secure-qr';
import type { KeyFactsView, KfsLanguage, KfsMeta } from '../../domain';
import type { CamMeta, DocumentJob, DocumentStarted, DocumentTask, DocumentTaskResult, ImageSize } from './document-tasks';

/** Why a document was not read: over its budget (422), or its tenant's queue is full (429). */
export type DocumentRefusal = 'tooComplex' | 'busy';
export type DocumentRun<T> = { ok: true; value: T } | { ok: false; refusal: DocumentRefusal };

export type DocumentLimits = Pick<
  Config,
  | 'documentBudgetMs'
  | 'documentWorkerMemoryMb'
  | 'documentMaxPages'
  | 'documentMaxDecodedMb'
  | 'documentThreads'
  | 'documentsPerTenant'
  | 'documentWorkerIdleSeconds'
>;

/**
 * Every document the server reads or makes (statement PDFs, the CAM workbook, the Key Fact
 * Statement's PDF, image headers, Aadhaar fronts' QR and printed text) is read or made here,
 * in worker threads, never on the API's event loop. Each document has a wall-clock budget: past it
 * its worker is terminated (piscina starts another), as it is when it outgrows its heap cap. A
 * tenant has at most `documentsPerTenant` documents read at once and a few more waiting; more
 * are refused, so one tenant cannot hold every worker.
 */
export type DocumentPool = {
  readStatement(tenant: string, pdf: Uint8Array, password: string | null | undefined): Promise<StatementReadResult>;
  camWorkbook(tenant: string, statement: Statement, figures: CamFigures, meta: CamMeta): Promise<DocumentRun<Buffer>>;
  imageSize(tenant: string, image: Uint8Array): Promise<DocumentRun<ImageSize>>;
  /** An Aadhaar front photo: its Secure QR, its signature checked against `publicKeyPem`, else its printed text by OCR (null: none read). */
  readAadhaarFront(tenant: string, image: Uint8Array, publicKeyPem: string): Promise<DocumentRun<AadhaarFrontData | null>>;
  kfsPdf(tenant: string, facts: KeyFactsView, meta: KfsMeta, lang: KfsLanguage): Promise<DocumentRun<Buffer>>;
  /**
   * Starts the workers and reads a tiny PDF in each and loads ZXing and Tesseract, so the first
   * statement and Aadhaar front are read warm (tests and benches; the server loads them only when a
   * document first needs them).
   */
  warm(): Promise<void>;
  close(): Promise<void>;
};

type Job = { tenant: string; task: DocumentTask; settle: (run: DocumentRun<unknown>) => void; fail: (error: unknown) => void };

const WAITING_PER_RUNNING = 4;
/** A document no worker has started this long after the hand-over (a machine under load) is given up: 429, not the document's fault. */
const START_ALLOWANCE_MS = 60_000;
/** The image header is in its first bytes (a JPEG's frame comes after its EXIF, at most 64 KB a segment). */
const IMAGE_HEADER_BYTES = 256 * 1024;
const WORKER = new URL('./document-worker.mjs', import.meta.url);

/** Errors that mean the document, not the server, was at fault: the budget's abort or the worker's death. */
function overBudget(error: unknown): boolean {
  const e = error as { name?: string; code?: string; message?: string };
  return (
    e?.name === 'AbortError' ||
    e?.code === 'ERR_WORKER_OUT_OF_MEMORY' ||
    /terminated|exited|out of memory|Maximum call stack/i.test(e?.message ?? '')
  );
}

export function createDocumentPool(given: DocumentLimits): DocumentPool {
  const whole = (n: number) => Math.max(1, Math.floor(n));
  const limits = { ...given, documentThreads: whole(given.documentThreads), documentsPerTenant: whole(given.documentsPerTenant) };
  let piscina: Piscina | undefined;
  let closed = false;
  const waiting: Job[] = [];
  const runningBy = new Map<string, number>();
  let running = 0;
  let nextId = 1;
  const onStarted = new Map<number, () => void>();

  // Made on first use: a server (or a test) that reads no document starts no thread.
  const pool = () =>
    (piscina ??= new Piscina({
      filename: WORKER.href,
      // No worker is kept for nothing: each holds what it loaded (pdf.js, ZXing, Tesseract and its
      // English model: 100-300 MB a worker), so one idle past documentWorkerIdleSeconds exits with
      // it, and the next document starts a worker again (about a second, not charged to its budget).
      minThreads: 0,
      maxThreads: limits.documentThreads,
      idleTimeout: limits.documentWorkerIdleSeconds * 1000,
      resourceLimits: { maxOldGenerationSizeMb: limits.documentWorkerMemoryMb, maxYoungGenerationSizeMb: 32 },
    }).on('message', (message: DocumentStarted) => onStarted.get(message.documentStarted)?.()));

  const count = (tenant: string, by: number) => {
    const n = (runningBy.get(tenant) ?? 0) + by;
    if (n === 0) runningBy.delete(tenant);
    else runningBy.set(tenant, n);
  };

  /** The queue per tenant and the running count, as /metrics shows them. */
  const report = () => {
    documentRunning.set(running);
    documentQueue.reset();
    for (const job of waiting) documentQueue.inc({ tenant: job.tenant });
  };

  function start(job: Job) {
    running++;
    count(job.tenant, 1);
    // The budget runs from the moment a worker starts the document (the message of
    // document-tasks.ts), so a worker's own start-up is not charged to it.
    const id = nextId++;
    const budget = new AbortController();
    const giveUp = setTimeout(() => budget.abort(), START_ALLOWANCE_MS);
    let timer: NodeJS.Timeout | undefined;
    onStarted.set(id, () => {
      clearTimeout(giveUp);
      timer = setTimeout(() => budget.abort(), limits.documentBudgetMs);
    });
    const refusal = (): DocumentRefusal => (timer ? 'tooComplex' : 'busy');
    pool()
      .run({ ...job.task, id } satisfies DocumentJob, { signal: budget.signal })
      .then(
        (value: unknown) => job.settle({ ok: true, value }),
        (error: unknown) =>
          closed
            ? job.settle({ ok: false, refusal: 'busy' })
            : overBudget(error)
              ? (documentRefusals.inc({ reason: refusal() }), job.settle({ ok: false, refusal: refusal() }))
              : job.fail(error),
      )
      .finally(() => {
        clearTimeout(giveUp);
        clearTimeout(timer);
        onStarted.delete(id);
        running--;
        count(job.tenant, -1);
        pump();
        report();
      });
  }

  function pump() {
    for (let i = 0; i < waiting.length && running < limits.documentThreads;) {
      const job = waiting[i]!;
      if ((runningBy.get(job.tenant) ?? 0) >= limits.documentsPerTenant) i++;
      else start(waiting.splice(i, 1)[0]!);
    }
  }

  function run<K extends DocumentTask['kind']>(
    tenant: string,
    task: Extract<DocumentTask, { kind: K }>,
  ): Promise<DocumentRun<DocumentTaskResult[K]>> {
    if (closed) return Promise.resolve({ ok: false, refusal: 'busy' });
    const queued = waiting.filter((j) => j.tenant === tenant).length;
    if (queued >= limits.documentsPerTenant * WAITING_PER_RUNNING) {
      documentRefusals.inc({ reason: 'busy' });
      return Promise.resolve({ ok: false, refusal: 'busy' });
    }
    return new Promise((resolve, reject) => {
      waiting.push({ tenant, task, settle: resolve as Job['settle'], fail: reject });
      pump();
      report();
    });
  }

  return {
    async readStatement(tenant, pdf, password) {
      const read = await run(tenant, {
        kind: 'statement',
        pdf,
        password: password ?? null,
        maxPages: limits.documentMaxPages,
        maxDecodedBytes: limits.documentMaxDecodedMb * 1024 * 1024,
      });
      return read.ok ? read.value : { ok: false, problem: read.refusal };
    },
    async camWorkbook(tenant, statement, figures, meta) {
      const made = await run(tenant, { kind: 'camWorkbook', statement, figures, meta });
      return made.ok ? { ok: true, value: Buffer.from(made.value.buffer, made.value.byteOffset, made.value.byteLength) } : made;
    },
    // A copy of the header: a view would send its whole backing buffer (the upload's) to the worker.
    async kfsPdf(tenant, facts, meta, lang) {
      const made = await run(tenant, { kind: 'kfsPdf', facts, meta, lang });
      return made.ok ? { ok: true, value: Buffer.from(made.value.buffer, made.value.byteOffset, made.value.byteLength) } : made;
    },
    imageSize: (tenant, image) => run(tenant, { kind: 'imageSize', image: new Uint8Array(image.subarray(0, IMAGE_HEADER_BYTES)) }),
    // A copy: a view would send its whole backing buffer to the worker.
    readAadhaarFront: (tenant, image, publicKeyPem) => run(tenant, { kind: 'aadhaarFront', image: new Uint8Array(image), publicKeyPem }),
    async warm() {
      if (closed) return;
      const { tinyPdf } = await import('./readers/warm-up');
      const reads = Array.from({ length: limits.documentThreads }, () =>
        pool()
          .run({
            id: 0,
            kind: 'statement',
            pdf: tinyPdf(),
            password: null,
            maxPages: 1,
            maxDecodedBytes: 1 << 20,
          } satisfies DocumentJob)
          // ZXing's and Tesseract's WebAssembly too (no image: nothing is read), so the first Aadhaar front is read warm.
          .then(() => pool().run({ id: 0, kind: 'aadhaarFront', image: new Uint8Array(0), publicKeyPem: '' } satisfies DocumentJob)),
      );
      await Promise.allSettled(reads);
    },
    async close() {
      closed = true;
      for (const job of waiting.splice(0)) job.settle({ ok: false, refusal: 'busy' });
      const closing = piscina;
      piscina = undefined;
      await closing?.destroy();
    },
  };
}
