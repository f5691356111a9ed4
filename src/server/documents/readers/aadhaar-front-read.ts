import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { imageSize } from 'image-size';
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
import { readPrintedFront } from './printed-front';
import { printedText } from './printed-text-ocr';
import { readSecureQr, secureQrKey, type AadhaarFrontData } from './secure-qr';

/** A phone photo is 8-12 MP; past 25 MP the image is not decoded (its RGBA, in the WebAssembly memory, would pass 100 MB). */
const MAX_PIXELS = 25_000_000;

const QR_ONLY: ReaderOptions = {
  formats: ['QRCode'],
  tryHarder: true,
  tryRotate: true,
  tryInvert: false,
  tryDownscale: true,
  maxNumberOfSymbols: 4,
};

let prepared: Promise<unknown> | undefined;

/**
 * ZXing's WebAssembly from the package itself (zxing-wasm would fetch it from a CDN by default):
 * nothing is downloaded at run time.
 */
export function prepareQrReader(): Promise<unknown> {
  return (prepared ??= (async () => {
    const path = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
    const wasm = await readFile(path);
    const wasmBinary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength);
    return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  })());
}

function pixels(image: Uint8Array): number | null {
  try {
    const { width, height } = imageSize(image);
    return width && height ? width * height : null;
  } catch {
    return null;
  }
}

/** A Secure QR's text is one long decimal number (a payment or a web address QR is not). */
const SECURE_QR_SHAPE = /^[0-9]{100,}$/;

/**
 * Reads an Aadhaar front photo (PNG or JPEG, decoded by ZXing-C++ and Tesseract themselves):
 * the first Secure QR whose signature checks against `publicKeyPem` (`source: 'QR'`); when the
 * photo has no Secure QR, its printed text by OCR (`source: 'OCR'`, printed-front.ts, unsigned:
 * a prefill only). A Secure QR that is there but does not check (a changed byte, another signer)
 * is not read around by OCR: that card gives nothing. Null when nothing was read (another
 * document, a blurred photo): nothing is prefilled then, and that is not an error.
 */
export async function readAadhaarFront(image: Uint8Array, publicKeyPem: string): Promise<AadhaarFrontData | null> {
  const size = pixels(image);
  if (size === null || size > MAX_PIXELS) return null;
  const texts = await qrTexts(image);
  if (texts.length > 0) {
    const key = secureQrKey(publicKeyPem);
    for (const text of texts) {
      const read = readSecureQr(text, key);
      if (read) return read;
    }
    if (texts.some((text) => SECURE_QR_SHAPE.test(text.trim()))) return null;
  }
  return readPrintedFront(await printedText(image));
}

/** The text of each QR code found in a PNG or JPEG (none when it is not one, or too large to decode). */
export async function qrTexts(image: Uint8Array): Promise<string[]> {
  const size = pixels(image);
  if (size === null || size > MAX_PIXELS) return [];
  await prepareQrReader();
  const found = await readBarcodes(image, QR_ONLY);
  return found.filter((qr) => qr.isValid).map((qr) => qr.text);
}
