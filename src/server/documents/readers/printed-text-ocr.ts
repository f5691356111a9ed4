import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';

/**
 * OCR of an image's printed text with Tesseract (tesseract.js, its WebAssembly core from the
 * `tesseract.js-core` package and its English model from `@tesseract.js-data/eng`): nothing is
 * downloaded at run time (a `langPath` on disk, no cache written). It runs in a document worker
 * (document-tasks.ts); tesseract.js runs the engine in a thread of its own, started from that
 * worker and ended with it (the pool's budget ends the document worker, and its threads with it).
 */

const require = createRequire(import.meta.url);
/** The fast integer LSTM model (2.9 MB): printed capitals and digits read as well as with the 10 MB one. */
const LANG_PATH = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
/** An engine that does not answer in this long is ended (and started again for the next image). */
const OCR_TIMEOUT_MS = 8_000;

let engine: Promise<Worker> | undefined;

function startEngine(): Promise<Worker> {
  return createWorker('eng', OEM.LSTM_ONLY, {
    langPath: LANG_PATH,
    gzip: true,
    cacheMethod: 'none',
    // The engine's own errors come back as a rejected promise, never thrown on the worker.
    errorHandler: () => {},
  }).then(async (worker) => {
    // A card is a few short lines beside a photo: sparse text finds each of them (the automatic
    // page layout took the photo and the gender beside it for one block and lost the gender).
    // A phone photo carries no resolution Tesseract trusts: 300 dpi is assumed (and not logged).
    await worker.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT, user_defined_dpi: '300' });
    return worker;
  });
}

/** Starts the engine and loads the model (a worker's first image would otherwise pay for it). */
export function prepareOcr(): Promise<unknown> {
  engine ??= startEngine();
  return engine.catch(() => (engine = undefined));
}

function stopEngine(stopping: Promise<Worker> | undefined) {
  if (engine === stopping) engine = undefined;
  void stopping?.then((worker) => worker.terminate()).catch(() => {});
}

/** The printed text of a PNG or JPEG, line by line; '' when the engine read nothing, failed or ran past its time. */
export async function printedText(image: Uint8Array): Promise<string> {
  const running = (engine ??= startEngine());
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('OCR over its time')), OCR_TIMEOUT_MS);
  });
  try {
    const worker = await Promise.race([running, late]);
    const { data } = await Promise.race([worker.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength)), late]);
    return data.text ?? '';
  } catch {
    // A broken or stuck engine is ended; the next image starts a new one.
    stopEngine(running);
    return '';
  } finally {
    clearTimeout(timer);
  }
}

/** Ends the engine's thread (tests and the bench; a document worker's engine ends with it). */
export async function stopOcr(): Promise<void> {
  const running = engine;
  engine = undefined;
  await running?.then((worker) => worker.terminate()).catch(() => {});
}
